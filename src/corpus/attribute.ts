import * as Effect from "effect/Effect"
import type { NativeGlobal, ToolFailureShape } from "../interpreter/api.js"
import type { Case } from "./cases.js"
import type { Engine, Normalized, Runtime } from "./engine.js"
import { detectedDialect, frontendOptions, strictCode, toolPaths, type Attempt } from "./execute.js"
import { answerFor, buildTree, NO_FIXTURE } from "./fixture.js"
import { compareWithV8, type Cause } from "./cause.js"
import { isPlainObject } from "./json.js"
import type { FixtureToolset } from "./toolset.js"
import { runInV8, type ToolOutcome } from "./v8.js"

/**
 * The differential re-run behind a wrong answer's cause (cause.ts): the program exactly as the runtime executed it,
 * under V8, with stub tools answering from the same fixtures.
 */
/** What the runtime ran: its code, the compile options it was given, and its alias hook. */
interface Executed {
  readonly code: string
  readonly globals?: Readonly<Record<string, NativeGlobal>> | undefined
  readonly toolFailure?: ToolFailureShape | undefined
  readonly resolve?: ((path: ReadonlyArray<string>) => ReadonlyArray<string> | undefined) | undefined
}

const compileOf = (n: Normalized) => (isPlainObject(n.compile) ? n.compile : {}) as Omit<Executed, "code">

/**
 * The program exactly as the runtime executed it (execute.ts `runNormalized`). `runtime.run(input)` normalizes
 * again inside the runtime with the live tool paths plus `$codemode.search` (src/runtime/run.ts); that call is
 * repeated here to get the same compile options, and its code must equal the receipt's.
 */
const executed = (
  engine: Engine,
  runtime: Runtime,
  tree: unknown,
  c: Case,
  a: Attempt,
  frontend: boolean,
): Executed | string => {
  if (!frontend) {
    const code = strictCode(c.input)
    return code === undefined ? "no program text" : { code }
  }
  const n = a.normalized
  if (!n || !engine.frontend) return "the normalized program is not available"
  if (!runtime.run) {
    if (engine.executeParsed && n.program !== undefined) return { code: n.code ?? "", ...compileOf(n) }
    return { code: n.code ?? "" }
  }
  const options = frontendOptions(tree, runtime)
  const tools = [...options.tools, ["$codemode", "search"]]
  const again = engine.frontend.normalize(c.input, {
    ...options,
    tools,
    ...(c.hint !== undefined ? { hint: c.hint } : {}),
  })
  const receipt = a.result?.receipt
  const ran = isPlainObject(receipt) && typeof receipt.code === "string" ? receipt.code : again.code
  if (typeof ran !== "string" || again.code !== ran)
    return "normalizing again does not give the code in the runtime's receipt"
  const resolver = engine.frontend.makeResolver?.(tools, engine.frontend.dialects ?? [], detectedDialect(again.receipt))
  const resolve = (path: ReadonlyArray<string>) => resolver?.resolve(`tools.${path.join(".")}`)?.path
  return { code: ran, ...compileOf(again), ...(resolver ? { resolve } : {}) }
}

/** A stub answering from the fixtures; the runtime's own `$codemode.*` tools are asked of a fresh runtime. */
const stubCall =
  (toolsets: ReadonlyArray<FixtureToolset>, runtime: Runtime) =>
  async (path: ReadonlyArray<string>, input: unknown): Promise<ToolOutcome> => {
    const dotted = path.join(".")
    const tool = toolsets.flatMap((s) => s.tools).find((t) => t.path.join(".") === dotted)
    if (tool) return structuredClone(answerFor(tool, input) ?? { error: NO_FIXTURE })
    if (path[0] !== "$codemode") return { error: `Unknown tool '${dotted}'.` }
    const code = `return await tools.${dotted}(${JSON.stringify(input ?? {})})`
    const r = await Effect.runPromise(runtime.execute(code))
    return r.ok ? { result: r.value } : { error: r.error?.message ?? "failed" }
  }

/** Whether the runtime ran a Python program (its receipt's `language`, src/frontend/python/language.ts). */
const isPython = (a: Attempt): boolean =>
  [a.normalized?.receipt, a.result?.receipt].some((r) => isPlainObject(r) && r.language === "python")

/** Attributes one silently wrong answer of `c` (judge.ts WRONG_ANSWER) by re-running it under V8. */
export const attribute = (...args: Parameters<typeof reRun>): Promise<Cause> =>
  // A defect of this module must not stop the corpus run: the case is reported, unattributed, with the reason.
  reRun(...args).catch((e): Cause => ({
    kind: "unattributable",
    detail: `the re-run failed: ${(e as Error)?.message ?? String(e)}`,
  }))

/** Globals of the 1.18 environment a vm context does not have (v8-context.ts provides structuredClone only). */
const MISSING_IN_V8 = /^ReferenceError: (URL|URLSearchParams) is not defined$/

const reRun = async (
  c: Case,
  a: Attempt,
  toolsets: ReadonlyArray<FixtureToolset>,
  engine: Engine,
  frontend: boolean,
  timeoutMs?: number,
): Promise<Cause> => {
  if (isPython(a))
    return {
      kind: "unattributable",
      detail:
        "a Python program: V8 could only run this package's translation of it, so agreement would not show what the " +
        "program computes (the translation is checked against CPython in test/python)",
    }
  const tree = buildTree(toolsets)
  if ("conflict" in tree || !engine.codeMode) return { kind: "unattributable", detail: "no runtime to compare with" }
  const runtime = engine.codeMode.make({ tools: tree.tools })
  const ran = executed(engine, runtime, tree.tools, c, a, frontend)
  if (typeof ran === "string") return { kind: "unattributable", detail: ran }
  const tools = [...toolPaths(tree.tools), ["$codemode", "search"]]
  const run = () => runInV8(ran.code, { ...ran, tools, call: stubCall(toolsets, runtime), timeoutMs })
  const v8 = await run()
  if (v8.kind === "threw" && MISSING_IN_V8.test(v8.message))
    return { kind: "unattributable", detail: `the program uses a global V8's context lacks (${v8.message})` }
  const cause = compareWithV8(a.answers, v8)
  if (cause.kind !== "runtime") return cause
  // Before blaming the runtime: a program whose answer depends on the clock or Math.random differs by itself.
  const again = await run()
  if (JSON.stringify(again) !== JSON.stringify(v8))
    return {
      kind: "unattributable",
      detail: "V8 gives different answers on two runs: the program is not deterministic",
    }
  // The runtime's dates are UTC (docs/support.md); V8 here uses this process's time zone.
  const zone = new Date(0).getTimezoneOffset() !== 0 ? " (this process's time zone is not UTC: dates may differ)" : ""
  return { ...cause, detail: `${cause.detail}${zone}` }
}
