import type { Stage } from "./types.js"
import { envelope } from "./text/envelope.js"
import { fences } from "./text/fences.js"
import { pragmas } from "./text/pragmas.js"
import { python } from "./python/stage.js"
import { jsonProgram } from "./text/jsonProgram.js"
import { typescript } from "./text/typescript.js"
import { parse } from "./ast/parse.js"
import { detect } from "./ast/detect.js"
import { unwrap } from "./ast/unwrap.js"
import { rewrites } from "./ast/rewrites.js"
import { insertAwait } from "./ast/await.js"
import { shadowedGlobals } from "./ast/shadowed.js"
import { resolve } from "./ast/resolve.js"
import { globals } from "./ast/globals.js"
import { print } from "./ast/print.js"
import { check } from "./ast/check.js"

/**
 * The frontend, in order (docs/design.md#frontend-stages, docs/style.md#habits, habit 1): text stages, parse, AST stages, print and
 * the canonical check. `normalize.ts` runs the list; nothing else decides the order.
 */
export const pipeline: ReadonlyArray<Stage> = [
  envelope, // docs/dialects.md#envelope whatever the model sent → program text or a JSON program
  fences, // docs/dialects.md#fences markdown fences, with or without prose
  python, // docs/python.md a Python program → the canonical tree; the JavaScript stages after it do not run
  pragmas, // docs/dialects.md#pragmas `// @options:` / `// @exec:` → execution options under the host ceilings
  jsonProgram, // docs/dialects.md#json-programs tool-call lists → JavaScript
  typescript, // docs/dialects.md#typescript sucrase strip, lines preserved
  parse, // acorn (recast when something must be printed)
  detect, // docs/dialects.md#detection evidence and the detected dialect (pure)
  unwrap, // docs/dialects.md#wrappers async IIFE, bare async function, export default, lone main
  rewrites, // dialect plugins' rules, per construct (docs/dialects.md#priority)
  shadowedGlobals, // docs/dialects.md#tool-paths `crypto.read()` for the tool `crypto_read`, with a warning
  insertAwait, // docs/dialects.md#missing-await missing `await`
  resolve, // docs/dialects.md#tool-paths tool paths against the live tree
  globals, // docs/dialects.md#foreign-globals compat preludes and unsupported globals
  print, // recast print; locations back into the model's text
  check, // the canonical subset
]
