import * as Effect from "effect/Effect"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { answerCandidates } from "./answer.js"
import { loadEngine, type Engine, type Normalized, type Result, type Runtime } from "./engine.js"
import { isPlainObject } from "./json.js"
import { positionalNames } from "../discovery/positional.js"
import type { Definition } from "../tool/Tool.js"

/**
 * The single adapter between the corpus runner and the runtime/frontend (brief: "switching is one place"). Every
 * path through it ends in an Attempt: where it stopped, the diagnostic if any, and what the run produced.
 */
export interface Attempt {
  /** The stage that failed, or undefined when the program ran to completion. */
  readonly failedAt: "envelope" | "normalize" | "execute" | undefined
  readonly diagnostic?: Diagnostic | undefined
  readonly detected?: string | undefined
  /** Answer candidates, best first (answer.ts); empty when the program did not run to completion. */
  readonly answers: ReadonlyArray<unknown>
  readonly result?: Result | undefined
  readonly normalized?: Normalized | undefined
}

export interface AttemptOptions {
  readonly tools: unknown
  /** The runtime and frontend to drive; defaults to this package's own (tests pass a stand-in). */
  readonly engine?: Engine | undefined
  readonly timeoutMs?: number | undefined
  /** The dialect the host declares for this input (docs/corpus-format.md#cases, `hint`). */
  readonly hint?: string | undefined
  /** `CodeMode.make`'s `typecheck` (docs/typecheck.md). */
  readonly typecheck?: "warn" | "refuse" | undefined
}

const unavailable = (engine: Engine, what: string, failedAt: "normalize" | "execute"): Attempt => ({
  failedAt,
  diagnostic: diagnostic("ExecutionFailure", `${what} is not available: ${engine.missing.join("; ")}`),
  answers: [],
})

/** The dialect the frontend detected, wherever the receipt keeps it (`dialect` or `detected`). */
export const detectedDialect = (receipt: unknown): string | undefined => {
  if (!isPlainObject(receipt)) return undefined
  for (const key of ["dialect", "detected"]) {
    const v = receipt[key]
    if (typeof v === "string") return v
    if (isPlainObject(v) && typeof v.id === "string") return v.id
  }
  return undefined
}

/**
 * An envelope failure leaves no program text at all; any other frontend diagnostic is a normalize failure
 * (docs/corpus-format.md#report).
 */
const frontendStage = (n: Normalized): "envelope" | "normalize" => {
  const text = typeof n.source === "string" ? n.source : n.code
  return typeof text === "string" && text.trim() !== "" ? "normalize" : "envelope"
}

/**
 * What the frontend needs to know of the live tools: their paths (resolution) and the runtime's catalog (descriptions
 * and signatures, for compat helpers that list tools, e.g. Pi `ALL_TOOLS`).
 */
export const frontendOptions = (tree: unknown, runtime: Runtime) => {
  const positional = positionalPaths(tree)
  const catalog = ((runtime.describeTools?.() ?? runtime.catalog?.() ?? []) as ReadonlyArray<unknown>)
    .filter(isPlainObject)
    .flatMap((entry) =>
      Array.isArray(entry.segments)
        ? [
            {
              path: entry.segments as string[],
              description: String(entry.description ?? ""),
              signature: String(entry.signature ?? ""),
              ...(positional.has(JSON.stringify(entry.segments))
                ? { positional: positional.get(JSON.stringify(entry.segments)) }
                : {}),
            },
          ]
        : [],
    )
  return { tools: toolPaths(tree), ...(catalog.length > 0 ? { catalog } : {}) }
}

/** The positional parameters of the tools that declare them (`Tool.make`'s `positional`), by JSON path. */
const positionalPaths = (tree: unknown): Map<string, ReadonlyArray<string>> => {
  const out = new Map<string, ReadonlyArray<string>>()
  for (const path of toolPaths(tree)) {
    const definition = path.reduce<unknown>((node, k) => (isPlainObject(node) ? node[k] : undefined), tree)
    if (!isPlainObject(definition) || definition.positional === undefined) continue
    const names = positionalNames(definition as unknown as Definition<never>)
    if (names !== undefined) out.set(JSON.stringify(path), names)
  }
  return out
}

/** Canonical paths of every tool in a tree, as `Frontend.normalize` takes them (`options.tools`). */
export const toolPaths = (tree: unknown, prefix: ReadonlyArray<string> = []): string[][] => {
  if (!isPlainObject(tree)) return []
  if (tree._tag === "CodeModeTool") return [[...prefix]]
  return Object.keys(tree).flatMap((k) => toolPaths(tree[k], [...prefix, k]))
}

const runEffect = async (effect: Effect.Effect<Result, unknown, never>): Promise<Result> => {
  try {
    return await Effect.runPromise(effect)
  } catch (e) {
    // The Result contract says failures are data; a rejected Effect is a runtime defect, reported as such.
    return {
      ok: false,
      error: diagnostic("ExecutionFailure", `runtime defect: ${(e as Error)?.message ?? String(e)}`),
      toolCalls: [],
    }
  }
}

const finish = (result: Result, detected: string | undefined, normalized?: Normalized): Attempt =>
  result.ok
    ? { failedAt: undefined, detected, answers: answerCandidates(result), result, normalized }
    : { failedAt: "execute", diagnostic: result.error, detected, answers: [], result, normalized }

/** Frontend path: `Frontend.normalize` classifies the input, then `CodeMode.make({ tools }).run(input)` runs it. */
export const attemptWithFrontend = async (input: unknown, options: AttemptOptions): Promise<Attempt> => {
  const engine = options.engine ?? (await loadEngine())
  if (!engine.frontend) return unavailable(engine, "the frontend", "normalize")
  if (!engine.codeMode) return unavailable(engine, "the runtime", "execute")
  const runtime = makeRuntime(engine, options)
  if ("failedAt" in runtime) return runtime
  let normalized: Normalized
  try {
    const hint = options.hint !== undefined ? { hint: options.hint } : {}
    normalized = engine.frontend.normalize(input, { ...frontendOptions(options.tools, runtime), ...hint })
  } catch (e) {
    const d = diagnostic("ExecutionFailure", `frontend defect: ${(e as Error)?.message ?? String(e)}`)
    return { failedAt: "normalize", diagnostic: d, answers: [] }
  }
  const detected = detectedDialect(normalized.receipt)
  const first = normalized.diagnostics?.[0]
  if (first) return { failedAt: frontendStage(normalized), diagnostic: first, detected, answers: [], normalized }
  const result = await runEffect(runNormalized(engine, runtime, input, normalized, options.hint))
  return finish(result, detectedDialect(result.receipt) ?? detected, normalized)
}

/**
 * `runtime.run(input)` when the runtime has it; otherwise the runtime's seam for a normalized program (keeps the
 * dialect's prelude and options); otherwise strict execution of the printed canonical code.
 */
export const runNormalized = (engine: Engine, runtime: Runtime, input: unknown, n: Normalized, hint?: string) => {
  if (runtime.run) return runtime.run(input, hint !== undefined ? { hint } : undefined)
  if (engine.executeParsed && n.program !== undefined)
    return engine.executeParsed(runtime, n.program, n.source ?? n.code ?? "", n.compile, n.options)
  return runtime.execute(n.code ?? "")
}

/** The program text strict `execute(code)` accepts: a string or `{ code: string }` (brief, `--no-frontend`). */
export const strictCode = (input: unknown): string | undefined => {
  if (typeof input === "string") return input
  if (isPlainObject(input) && typeof input.code === "string") return input.code
  return undefined
}

/**
 * Strict path: no frontend, `execute(code)` only. A program the runtime cannot parse or that leaves the canonical
 * subset never became canonical, so ParseError and UnsupportedSyntax count as `normalize`; the rest as `execute`.
 */
export const attemptStrict = async (input: unknown, options: AttemptOptions): Promise<Attempt> => {
  const code = strictCode(input)
  if (code === undefined) {
    const d = diagnostic("ParseError", "strict execute needs a string or { code: string }; the frontend is off")
    return { failedAt: "envelope", diagnostic: d, answers: [] }
  }
  const engine = options.engine ?? (await loadEngine())
  if (!engine.codeMode) return unavailable(engine, "the runtime", "execute")
  const runtime = makeRuntime(engine, options)
  if ("failedAt" in runtime) return runtime
  const attempt = finish(await runEffect(runtime.execute(code)), undefined)
  const kind = attempt.diagnostic?.kind
  return kind === "ParseError" || kind === "UnsupportedSyntax" ? { ...attempt, failedAt: "normalize" } : attempt
}

/** `CodeMode.make` throws on a bad tree or limits (@opencode-ai/codemode 1.18): that is a failure of this case, not of the run. */
const makeRuntime = (engine: Engine, options: AttemptOptions): Runtime | Attempt => {
  try {
    const typecheck = options.typecheck !== undefined ? { typecheck: options.typecheck } : {}
    return engine.codeMode!.make({ tools: options.tools, limits: limits(options), ...typecheck })
  } catch (e) {
    const d = diagnostic("ExecutionFailure", `CodeMode.make rejected the fixture tools: ${(e as Error)?.message ?? e}`)
    return { failedAt: "execute", diagnostic: d, answers: [] }
  }
}

const limits = (options: AttemptOptions) => (options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {})
