import type * as Effect from "effect/Effect"
import { answerCandidates } from "../../corpus/answer.js"
import { loadEngine, type Normalized, type Result, type Runtime } from "../../corpus/engine.js"
import { parse } from "../args.js"
import { notJsonHint, parseInput, readText, UsageError, type Io } from "../io.js"
import { json, renderDiagnostic, renderReceipt } from "../render.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"
import type { ToolApproval } from "../../runtime/types.js"
import type { RunEvent } from "../../runtime/observe.js"
import { timeoutFlag } from "./corpus.js"
import { DEFAULT_TIMEOUT_MS } from "../help.js"
import { resumeDir, resumeOptions } from "../resume-store.js"

export { DEFAULT_TIMEOUT_MS, RUN_HELP } from "../help.js"

const OPTIONS = {
  ...TOOL_OPTIONS,
  json: { type: "boolean" },
  "no-frontend": { type: "boolean" },
  timeout: { type: "string" },
  approve: { type: "string", multiple: true },
  defer: { type: "boolean" },
  memory: { type: "string" },
  isolation: { type: "string" },
  verbose: { type: "boolean" },
  "per-tool": { type: "string", multiple: true },
  "max-repeats": { type: "string" },
  typecheck: { type: "string" },
} as const

/** The CLI runs model output, so it isolates by default (SECURITY.md "Isolation"). */
type Isolation = "none" | "worker" | "process"

export const isolationFlag = (text: string | undefined): Isolation => {
  if (text === undefined) return "process"
  if (text === "none" || text === "worker" || text === "process") return text
  throw new UsageError(`--isolation must be none, worker or process, got "${text}"`)
}

/** `--typecheck warn|refuse|off` → `CodeMode.make`'s `typecheck` (docs/typecheck.md). */
export const typecheckFlag = (text: string | undefined): "off" | "warn" | "refuse" | undefined => {
  if (text === undefined || text === "off" || text === "warn" || text === "refuse") return text
  throw new UsageError(`--typecheck must be off, warn or refuse, got "${text}"`)
}

export const memoryFlag = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const bytes = Number(text)
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new UsageError(`--memory must be a positive integer (bytes), got "${text}"`)
  return bytes
}

/** `--per-tool NAME=N` (repeatable or comma-separated; NAME a dotted tool path or `*`) → `limits.perTool`. */
export const perToolFlag = (flags: ReadonlyArray<string> | undefined): Record<string, number> | undefined => {
  if (flags === undefined) return undefined
  const quotas: Record<string, number> = {}
  for (const item of flags.flatMap((f) => f.split(","))) {
    const eq = item.lastIndexOf("=")
    const name = item
      .slice(0, Math.max(0, eq))
      .trim()
      .replace(/^tools\./, "")
    const count = Number(item.slice(eq + 1).trim())
    if (eq < 0 || name === "" || !Number.isSafeInteger(count) || count < 0)
      throw new UsageError(`--per-tool expects NAME=COUNT (e.g. fs.write_file=5 or *=200), got "${item}"`)
    quotas[name] = count
  }
  return quotas
}

/** `--max-repeats N|off` → `limits.maxRepeats`. */
export const maxRepeatsFlag = (text: string | undefined): number | false | undefined => {
  if (text === undefined) return undefined
  if (text === "off") return false
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--max-repeats must be a positive integer or off, got "${text}"`)
  return n
}

/** The quota flags as `ExecutionLimits` fields (only those given). */
export const quotaLimits = (values: {
  "per-tool"?: ReadonlyArray<string> | undefined
  "max-repeats"?: string | undefined
}) => {
  const perTool = perToolFlag(values["per-tool"])
  const maxRepeats = maxRepeatsFlag(values["max-repeats"])
  return { ...(perTool === undefined ? {} : { perTool }), ...(maxRepeats === undefined ? {} : { maxRepeats }) }
}

/** OpenAPI tools need an HttpClient in the environment (@opencode-ai/codemode 1.18 "OpenAPI tools"); fixture tools need nothing. */
const runWithHttp = async (effect: Effect.Effect<Result, unknown, unknown>): Promise<Result> => {
  const [Effect, FetchHttpClient] = await Promise.all([import("effect/Effect"), import("effect/http/FetchHttpClient")])
  return Effect.runPromise(
    (effect as Effect.Effect<Result, unknown, any>).pipe(Effect.provide(FetchHttpClient.layer)) as Effect.Effect<
      Result,
      unknown,
      never
    >,
  )
}

export const runCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "run")
  if (positionals.length > 1) throw new UsageError("run takes at most one file")
  const timeoutMs = timeoutFlag(values.timeout) ?? DEFAULT_TIMEOUT_MS
  const maxMemoryBytes = memoryFlag(values.memory)
  const isolation = isolationFlag(values.isolation)
  const quotas = quotaLimits(values)
  const typecheck = typecheckFlag(values.typecheck)
  if (typecheck !== undefined && typecheck !== "off" && values["no-frontend"])
    throw new UsageError("--typecheck checks what the frontend hands the runtime; it needs the frontend")
  const text = await readText(io, positionals[0])
  // The program is here: its sandbox starts now, beside this process loading the runtime (two start-ups at once, not
  // one after the other; a stand-in engine has no use for one). Once the command is done, or if it fails before its
  // run (a bad toolset), nothing will use it: it is stopped, not left to finish starting.
  const pool = isolation === "none" || io.engine !== undefined ? undefined : await import("../../isolation/pool.js")
  if (isolation !== "none") pool?.prestart(isolation, maxMemoryBytes)
  try {
    return await runWith(io, values, positionals[0], text, { timeoutMs, maxMemoryBytes, isolation, quotas })
  } finally {
    pool?.stopIdle()
  }
}

type RunValues = ReturnType<typeof parse<typeof OPTIONS>>["values"]

const runWith = async (
  io: Io,
  values: RunValues,
  file: string | undefined,
  text: string,
  {
    timeoutMs,
    maxMemoryBytes,
    isolation,
    quotas,
  }: { timeoutMs: number; maxMemoryBytes?: number; isolation: Isolation; quotas: ReturnType<typeof quotaLimits> },
): Promise<number> => {
  const tools = await loadTools(io, values, "run")
  const hint = notJsonHint(text, file)
  if (hint !== undefined) io.err(`codemode run: ${hint}\n`)
  const input = parseInput(text)
  const [engine, { frontendOptions, runNormalized, strictCode }, { approvalGate, describeCall }] = await Promise.all([
    io.engine ?? loadEngine(),
    import("../../corpus/execute.js"),
    import("../approve.js"),
  ])
  if (!engine.codeMode) throw new Error(`the runtime is not available: ${engine.missing.join("; ")}`)
  let approve: ToolApproval | undefined
  if (values.defer && values.approve === undefined) throw new UsageError("--defer needs --approve NAME")
  const runtime: Runtime = engine.codeMode.make({
    tools,
    limits: { timeoutMs, ...(maxMemoryBytes ? { maxMemoryBytes } : {}), ...quotas },
    isolation,
    ...(values.typecheck !== undefined ? { typecheck: typecheckFlag(values.typecheck) } : {}),
    ...(values.approve !== undefined ? { approve: ((request) => approve!(request)) satisfies ToolApproval } : {}),
    ...(values.defer ? await resumeOptions(resumeDir()) : {}),
    ...(values.verbose ? { onEvent: verboseEvents(io, describeCall) } : {}),
  })
  if (values.approve !== undefined)
    approve = approvalGate(values.approve, values.defer === true, runtime, io.stdinIsTerminal ? io.ask : undefined)
  let result: Result
  let source: string | undefined
  if (!values["no-frontend"] && engine.frontend) {
    const n: Normalized = engine.frontend.normalize(input, frontendOptions(tools, runtime))
    source = n.source ?? strictCode(input)
    const first = n.diagnostics?.[0]
    result = first
      ? { ok: false, error: first, toolCalls: [], receipt: n.receipt }
      : await runWithHttp(runNormalized(engine, runtime, input, n))
    if (result.receipt === undefined && n.receipt !== undefined) result = { ...result, receipt: n.receipt }
  } else {
    const code = strictCode(input)
    if (code === undefined) throw new UsageError("strict execute needs a program or { code: string }")
    if (!values["no-frontend"]) io.err(`codemode run: the frontend is not available; running strict execute(code)\n`)
    source = code
    result = await runWithHttp(runtime.execute(code))
  }
  return printResult(io, result, source, values.json === true)
}

/** Prints a run's or a resume's Result; a run waiting for approval also gets the command that continues it. */
export const printResult = (io: Io, result: Result, source: string | undefined, asJson: boolean): number => {
  io.out(asJson ? json(result) : renderResult(result, source))
  const token = !result.ok ? (result.error as { resumeToken?: unknown } | undefined)?.resumeToken : undefined
  if (typeof token !== "string") return result.ok ? 0 : 1
  if (!asJson)
    io.out(
      `resume token: ${token}\n` +
        `continue with: codemode resume ${token} --allow (or --deny --reason "…"), with the same --tools/--openapi\n`,
    )
  return PENDING_STATUS
}

/** Exit status of a run that waits for a person's decision (`--defer`). */
export const PENDING_STATUS = 3

/** `--verbose`: each tool call on stderr as it starts and as it ends, while the program runs. */
const verboseEvents =
  (io: Io, describe: (name: string, input: unknown) => string) =>
  (event: RunEvent): void => {
    if (event.type === "toolCallStart") io.err(`codemode run: -> ${describe(event.name, event.input)}\n`)
    else if (event.type === "toolCallEnd")
      io.err(
        `codemode run: <- tools.${event.name} ${event.outcome === "success" ? "ok" : `failed: ${event.message}`} ` +
          `(${event.durationMs} ms)\n`,
      )
  }

const renderResult = (result: Result, source: string | undefined): string => {
  const out: string[] = []
  if (result.ok) out.push(`answer: ${JSON.stringify(answerCandidates(result)[0] ?? null)}`)
  if (result.logs && result.logs.length > 0)
    out.push("logs:", ...result.logs.flatMap((l) => l.split("\n").map((x) => `  ${x}`)))
  if (!result.ok && result.error) out.push(renderDiagnostic(result.error, source))
  const calls = (result.toolCalls ?? []).map((c) => (c as { name?: string }).name ?? String(c))
  out.push(`tool calls: ${calls.length > 0 ? calls.join(", ") : "none"}`)
  if (result.truncated) out.push("(output truncated)")
  if (result.receipt !== undefined) out.push(renderReceipt(result.receipt))
  return `${out.join("\n")}\n`
}
