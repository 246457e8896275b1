/**
 * The interpreter (api.ts `Interpreter`): checks the canonical subset, compiles the ESTree once into closures and
 * runs it against any number of hosts.
 */
import type { Program } from "acorn"
import { diagnostic } from "../diagnostic.js"
import type { CompileOptions, CompileOutcome, Interpreter } from "./api.js"
import { makeGlobals } from "./builtins/globals.js"
import { Unsupported } from "./compile/context.js"
import { compileProgramBody } from "./compile/program.js"
import { runCompiledProgram } from "./run-program.js"
import { checkSubset, subsetChecked } from "./subset.js"

export { checkSubset } from "./subset.js"
export type { CompileOptions, CompileOutcome, CompiledProgram, Interpreter, NativeGlobal } from "./api.js"
export { HostFailure, type Host, type RunOutcome } from "./host.js"

export const compile = (program: Program, source: string, options: CompileOptions = {}): CompileOutcome => {
  // A tree the frontend's check stage passed is not walked again (subset.ts markSubsetChecked); any other is.
  if (!subsetChecked(program)) {
    const problems = checkSubset(program, source)
    if (problems.length > 0) return { ok: false, diagnostic: problems[0]! }
  }
  try {
    const body = compileProgramBody(program, source, options, makeGlobals(options))
    return { ok: true, program: { run: (host) => runCompiledProgram(body, options, host) } }
  } catch (e) {
    if (e instanceof Unsupported)
      return { ok: false, diagnostic: diagnostic("UnsupportedSyntax", e.message, { location: e.pos }) }
    throw e
  }
}

export const interpreter: Interpreter = { compile }
