import { loadEngine, type Result, type Runtime } from "../../corpus/engine.js"
import type { ToolApproval } from "../../runtime/types.js"
import { parse } from "../args.js"
import { UsageError, type Io } from "../io.js"
import { resumeDir, resumeOptions } from "../resume-store.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"
import { timeoutFlag } from "./corpus.js"
import { DEFAULT_TIMEOUT_MS } from "../help.js"
import { isolationFlag, memoryFlag, printResult, quotaLimits } from "./run.js"

export { RESUME_HELP } from "../help.js"

const OPTIONS = {
  ...TOOL_OPTIONS,
  allow: { type: "boolean" },
  deny: { type: "boolean" },
  reason: { type: "string" },
  json: { type: "boolean" },
  timeout: { type: "string" },
  approve: { type: "string", multiple: true },
  defer: { type: "boolean" },
  memory: { type: "string" },
  isolation: { type: "string" },
  "per-tool": { type: "string", multiple: true },
  "max-repeats": { type: "string" },
} as const

/**
 * `codemode resume TOKEN --allow|--deny [--reason TEXT]`: continues a run `codemode run --approve NAME --defer` left
 * waiting, from the journal in the resume directory, with the same tools (docs/resume.md "Command line").
 */
export const resumeCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "resume")
  if (positionals.length !== 1) throw new UsageError("resume takes one resume token")
  if (values.allow === values.deny) throw new UsageError("resume needs exactly one of --allow and --deny")
  if (values.reason !== undefined && values.allow) throw new UsageError("--reason goes with --deny")
  if (values.defer && values.approve === undefined) throw new UsageError("--defer needs --approve NAME")
  const tools = await loadTools(io, values, "resume")
  const engine = io.engine ?? (await loadEngine())
  if (!engine.codeMode) throw new Error(`the runtime is not available: ${engine.missing.join("; ")}`)
  const [Effect, FetchHttpClient, { approvalGate }] = await Promise.all([
    import("effect/Effect"),
    import("effect/http/FetchHttpClient"),
    import("../approve.js"),
  ])
  const maxMemoryBytes = memoryFlag(values.memory)
  let approve: ToolApproval | undefined
  const runtime: Runtime = engine.codeMode.make({
    tools,
    limits: {
      timeoutMs: timeoutFlag(values.timeout) ?? DEFAULT_TIMEOUT_MS,
      ...(maxMemoryBytes ? { maxMemoryBytes } : {}),
      ...quotaLimits(values),
    },
    isolation: isolationFlag(values.isolation),
    ...(values.approve !== undefined ? { approve: ((request) => approve!(request)) satisfies ToolApproval } : {}),
    ...(await resumeOptions(resumeDir())),
  })
  if (values.approve !== undefined)
    approve = approvalGate(values.approve, values.defer === true, runtime, io.stdinIsTerminal ? io.ask : undefined)
  const decision = values.allow ? { allow: true as const } : { allow: false as const, reason: values.reason ?? "" }
  const resumed = (runtime as unknown as { resume: (t: string, d: unknown) => unknown }).resume(
    positionals[0]!,
    decision,
  )
  const result = (await Effect.runPromise(
    (resumed as import("effect/Effect").Effect<Result, never, any>).pipe(
      Effect.provide(FetchHttpClient.layer),
    ) as import("effect/Effect").Effect<Result, never, never>,
  )) as Result
  return printResult(io, result, undefined, values.json === true)
}
