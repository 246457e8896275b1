import type { Naming, ToolPath } from "../../src/frontend/dialect.js"
import { CLOUDFLARE_RESERVED } from "../shared/reserved.js"

/**
 * Cloudflare's tool-name sanitizer (docs/dialects.md#tool-names): `-`, `.` and whitespace → `_`; any other character outside
 * `[A-Za-z0-9_$]` is deleted (non-ASCII too); a leading digit gets a `_` prefix; a reserved word a `_` suffix;
 * empty → `_`.
 */
export const sanitize = (raw: string): string => {
  let out = raw.replace(/[-.\s]/g, "_").replace(/[^A-Za-z0-9_$]/g, "")
  if (/^[0-9]/.test(out)) out = `_${out}`
  if (CLOUDFLARE_RESERVED.has(out)) out = `${out}_`
  return out === "" ? "_" : out
}

/**
 * A canonical path as a Cloudflare program writes it: the flat tool name (segments joined with `.`) under the
 * default `codemode` namespace, and — for nested paths — the first segment as a provider namespace
 * (`github.list_pull_requests`, docs/dialects.md#cloudflare), the rest sanitized as one method name.
 */
export const spell = (path: ToolPath): ReadonlyArray<string> => {
  const spellings = [`codemode.${sanitize(path.join("."))}`]
  if (path.length >= 2) spellings.push(`${sanitize(path[0]!)}.${sanitize(path.slice(1).join("."))}`)
  return spellings
}

export const naming: Naming = { spell }
