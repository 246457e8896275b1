import type { Stage } from "./types.js"
import { envelope } from "./text/envelope.js"
import { fences } from "./text/fences.js"
import { pragmas } from "./text/pragmas.js"
import { jsonProgram } from "./text/jsonProgram.js"
import { typescript } from "./text/typescript.js"
import { parse } from "./ast/parse.js"
import { detect } from "./ast/detect.js"
import { unwrap } from "./ast/unwrap.js"
import { rewrites } from "./ast/rewrites.js"
import { insertAwait } from "./ast/await.js"
import { resolve } from "./ast/resolve.js"
import { globals } from "./ast/globals.js"
import { print } from "./ast/print.js"
import { check } from "./ast/check.js"

/**
 * The frontend, in order (DESIGN.md "Frontend stages", STYLE.md habit 1): text stages, parse, AST stages, print and
 * the canonical check. `normalize.ts` runs the list; nothing else decides the order.
 */
export const pipeline: ReadonlyArray<Stage> = [
  envelope, // §3.1 whatever the model sent → program text or a JSON program
  fences, // §3.3 markdown fences, with or without prose
  pragmas, // §3.4 `// @options:` / `// @exec:` → execution options under the host ceilings
  jsonProgram, // §3.2 tool-call lists → JavaScript
  typescript, // §3.5 sucrase strip, lines preserved
  parse, // acorn (recast when something must be printed)
  detect, // §5 evidence and the detected dialect (pure)
  unwrap, // §3.6 async IIFE, bare async function, export default, lone main
  rewrites, // dialect plugins' rules, per construct (§5.2)
  insertAwait, // §3.7 missing `await`
  resolve, // §3.8 tool paths against the live tree
  globals, // §4 compat preludes and unsupported globals
  print, // recast print; locations back into the model's text
  check, // the canonical subset
]
