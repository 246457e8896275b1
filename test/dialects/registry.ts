import { dialects as base } from "../../dialects/index.js"
import type { Dialect } from "../../src/frontend/dialect.js"
import { dialect as cloudflare } from "../../dialects/cloudflare/index.js"
import { dialect as codex } from "../../dialects/codex/index.js"
import { dialect as deepseek } from "../../dialects/deepseek/index.js"
import { dialect as tanstack } from "../../dialects/tanstack/index.js"
import { dialect as utcp } from "../../dialects/utcp/index.js"
import { dialect as vercel } from "../../dialects/vercel/index.js"

/** The six foreign dialects of this area. */
export const foreign: ReadonlyArray<Dialect> = [cloudflare, vercel, tanstack, deepseek, codex, utcp]

const byId = new Map([...base, ...foreign].map((d) => [d.id, d] as const))

/**
 * The full registry in docs/dialects.md#priority priority order (the order `dialects/index.ts` documents), whether or not
 * `dialects/index.ts` lists the foreign dialects yet.
 */
export const full: ReadonlyArray<Dialect> = [
  "opencode",
  "tanstack",
  "cloudflare",
  "deepseek",
  "utcp",
  "vercel",
  "codex",
  "pi",
]
  .map((id) => byId.get(id))
  .filter((d): d is Dialect => d !== undefined)
