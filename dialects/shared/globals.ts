import { CANONICAL_GLOBALS } from "../../src/frontend/dialect-helpers.js"

/**
 * Names that are never a foreign provider/manual namespace or a bare tool: the canonical 1.18 globals
 * (docs/dialects.md#foreign-globals "Canonical 1.18 globals", the frontend's own list), the dialect helper roots and common JS globals
 * a program uses as-is.
 */
export const NEVER_A_TOOL_ROOT: ReadonlySet<string> = new Set([
  ...CANONICAL_GLOBALS,
  "globalThis",
  "Symbol",
  "BigInt",
  "Reflect",
  "Proxy",
  "WeakMap",
  "WeakSet",
  // Every other global the interpreter offers (docs/support.md; test/dialects/never-a-tool.test.ts keeps the list
  // whole): `crypto.randomUUID()` or `performance.now()` is never a manual's tool.
  "Intl",
  "crypto",
  "TextEncoder",
  "TextDecoder",
  "Uint8Array",
  "atob",
  "btoa",
  "structuredClone",
  "performance",
  "Function",
  "Iterator",
  "AggregateError",
  "setTimeout",
  "setInterval",
  "clearTimeout",
  "clearInterval",
  "queueMicrotask",
  // Dialect helper roots (docs/dialects.md#discovery-helpers): handled by their own rules or preludes.
  "codemode",
  "searchTools",
  "describeTool",
  "describeNamespace",
  "ALL_TOOLS",
  "ToolCallError",
  "$vercel",
  "$deepseek",
])
