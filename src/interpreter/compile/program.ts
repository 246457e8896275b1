/**
 * The program: the body of an async function (docs/dialects.md#canonical-contract "Program"): top-level `await`/`return`; without a
 * `return`, the value of a final expression statement is the result.
 */
import type { Program, Statement } from "acorn"
import type { CompileOptions } from "../api.js"
import type { Run } from "../run-state.js"
import type { Pos } from "../errors.js"
import type { Env } from "../values.js"
import { type CS, type Completion, Ctx } from "./context.js"
import { declareLexical, sequence } from "./block.js"
import { varNames } from "./hoist.js"
import { assignedGlobals } from "../builtins/globals.js"
import { Frame, Scope } from "./scope.js"
import { compileReturnOf, compileStmt } from "./statements.js"

export interface CompiledBody {
  readonly size: number
  /** Runs the program; resolves to its result value and the position of the statement that produced it. */
  readonly run: (env: Env, rt: Run) => Promise<{ value: unknown; pos: Pos | undefined }>
}

export const compileProgramBody = (
  program: Program,
  source: string,
  options: CompileOptions,
  globals: ReadonlyMap<string, unknown>,
): CompiledBody => {
  const frame = new Frame(undefined)
  const scope = new Scope(undefined, frame, { isAsync: true, isArrow: false, parent: undefined }, true)
  const ctx = new Ctx(source, options, globals, scope)
  ctx.replaced = assignedGlobals(source, options)
  const stmts = program.body as Array<Statement>
  for (const v of varNames(stmts)) scope.declare(v, "var")
  const instantiate = declareLexical(stmts, ctx, scope)
  const parts: Array<CS> = stmts.map((s, i) => {
    // The trailing expression is the result, except where the program is a module body (`CompileOptions.end`).
    if (i === stmts.length - 1 && s.type === "ExpressionStatement" && options.end !== "body")
      return compileReturnOf(s.expression, s, ctx)
    return compileStmt(s, ctx)
  })
  const list = sequence(parts)
  const init = instantiate()
  const ex = list.ex
  return {
    get size() {
      return frame.size
    },
    run: async (env, rt) => {
      init(env, rt)
      const c = (list.async ? await ex(env, rt) : ex(env, rt)) as Completion | undefined
      return { value: c?.value, pos: c?.pos }
    },
  }
}
