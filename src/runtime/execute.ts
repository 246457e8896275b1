import type { Program } from "acorn"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import type { CompileOptions, CompiledProgram, CompileOutcome } from "../interpreter/api.js"
import type { RunOutcome } from "../interpreter/host.js"
import { parseProgram } from "../syntax/parse.js"
import { toData } from "./data.js"
import { interpreter } from "./engine.js"
import { concludeEarly } from "./deferral.js"
import { Journal } from "./journal.js"
import type { JournalProgram } from "./journal-data.js"
import { Execution, type Prepared, type RawRunExtras } from "./execution.js"
import type { ResolvedLimits } from "./limits.js"
import type { DataValue, Result } from "./schemas.js"
import type { SessionState } from "./session-state.js"
import { boundOutput } from "./truncate.js"
import { observe } from "./observe.js"

export const failed = (error: Diagnostic, execution?: Execution<unknown>): Result => ({
  ok: false,
  error,
  ...(execution && execution.logs.length > 0 ? { logs: [...execution.logs] } : {}),
  ...notificationsOf(execution),
  toolCalls: execution ? [...execution.toolCalls] : [],
})

const notificationsOf = (execution: Execution<unknown> | undefined) =>
  execution && execution.notifications.length > 0 ? { notifications: [...execution.notifications] } : {}

/** @opencode-ai/codemode 1.18 "Quick Start": undefined (top-level or nested) becomes null; the rest is JSON-safe data. */
const resultValue = (value: unknown): DataValue => toData(value, true) as DataValue

export const toResult = (
  execution: Execution<unknown>,
  outcome: Option.Option<RunOutcome>,
  limits: ResolvedLimits,
): Result => {
  if (Option.isNone(outcome))
    return failed(diagnostic("TimeoutExceeded", `Execution timed out after ${limits.timeoutMs}ms.`), execution)
  // The repeat guard stopped the run: a program that went on (it never awaited the refused call) does not end ok.
  if (execution.stoppedBy !== undefined) return failed(execution.stoppedBy, execution)
  const run = outcome.value
  if (!run.ok) return failed(run.diagnostic, execution)
  let value: DataValue
  try {
    value = resultValue(run.value)
  } catch {
    return failed(diagnostic("InvalidDataValue", "Execution result must contain data only."), execution)
  }
  return {
    ok: true,
    value,
    ...(execution.logs.length > 0 ? { logs: [...execution.logs] } : {}),
    ...notificationsOf(execution),
    toolCalls: [...execution.toolCalls],
  }
}

/** What the run's callback answers when a deferral or a divergence ended it before the program did. */
const EARLY = Symbol("early")
/** What it answers when the deadline came first. */
const LATE = Symbol("late")

/**
 * Runs a compiled program under the limits. The interpreter gets a native-promise `Host`; the run is raced against
 * `timeoutMs`; on any end (success, timeout, host interruption) the execution's call fibers are interrupted.
 */
export const runCompiled = <R>(
  prepared: Prepared<R>,
  compiled: CompiledProgram,
  limits: ResolvedLimits,
  session: SessionState,
  extras?: RawRunExtras,
): Effect.Effect<Result, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) => {
    // A raw run made its observation before normalizing (it saw the receipt); a strict one makes it here.
    const observation =
      extras !== undefined && "observation" in extras ? extras.observation : observe(prepared.observe, undefined)
    const execution = new Execution(prepared, limits, context, session, { ...extras, observation })
    // A raw run's frontend time is already spent from the deadline (RawRunExtras.startedAt).
    const left = limits.timeoutMs === undefined ? undefined : Math.max(0, (execution.deadline ?? 0) - Date.now())
    const running = Effect.callback<RunOutcome | typeof EARLY | typeof LATE>((resume) => {
      let finish: (() => RunOutcome) | undefined
      execution.settled = (f) => void (finish = f)
      // The deadline: a program whose body already returned ends with its value (Host.settled), any other times out.
      const deadline =
        left === undefined ? undefined : setTimeout(() => resume(Effect.succeed(finish?.() ?? LATE)), left)
      const end = (e: Effect.Effect<RunOutcome | typeof EARLY | typeof LATE>) => {
        if (deadline !== undefined) clearTimeout(deadline)
        resume(e)
      }
      execution.onEarlyEnd = () => end(Effect.succeed(EARLY))
      compiled.run(execution).then(
        // A program that awaited a call its host interrupted: host interruption stays interruption.
        (outcome) => end(!outcome.ok && outcome.interrupted ? Effect.interrupt : Effect.succeed(outcome)),
        // The interpreter's own contract is to settle with an outcome; a rejection is an interpreter bug.
        () => end(Effect.succeed({ ok: false, diagnostic: diagnostic("ExecutionFailure", "Internal error.") })),
      )
      return Effect.suspend(() => {
        if (deadline !== undefined) clearTimeout(deadline)
        return execution.shutdown()
      })
    })
    const timed =
      left === 0
        ? Effect.succeed(Option.none<RunOutcome | typeof EARLY>())
        : Effect.map(running, (o) => (o === LATE ? Option.none<RunOutcome | typeof EARLY>() : Option.some(o)))
    const bound = (base: Result) => {
      observation?.end(base)
      return limits.maxOutputBytes === undefined ? base : boundOutput(base, limits.maxOutputBytes, limits.truncation)
    }
    const result = Effect.flatMap(timed, (outcome) => {
      if (Option.isSome(outcome) && outcome.value === EARLY)
        return Effect.map(concludeEarly(execution, prepared.resume), (error) =>
          bound(failed(error, execution as Execution<unknown>)),
        )
      const ended = outcome as Option.Option<RunOutcome>
      if (Option.isSome(ended) && ended.value.ok) for (const note of ended.value.notes ?? []) extras?.onNote?.(note)
      const diverged = Option.isSome(ended) ? execution.journal?.unfinished() : undefined
      return Effect.succeed(
        bound(
          diverged === undefined
            ? toResult(execution as Execution<unknown>, ended, limits)
            : failed(diverged, execution as Execution<unknown>),
        ),
      )
    })
    const observed =
      observation === undefined
        ? result
        : Effect.onInterrupt(result, () => Effect.sync(() => observation.end(interruptedResult(execution))))
    return Effect.ensuring(
      observed,
      Effect.suspend(() => execution.shutdown()),
    )
  })

/** What an observer is told of a run its host interrupted (no Result is returned for it). */
export const interruptedResult = (execution: Execution<any>): Result =>
  failed(diagnostic("ExecutionFailure", "The run was interrupted by its host."), execution)

/** The seam for raw-input runs (docs/design.md#public-api `runtime.run`): an already-parsed program plus compile options. */
export const runProgram = <R>(
  prepared: Prepared<R>,
  program: Program,
  source: string,
  limits: ResolvedLimits,
  session: SessionState,
  compileOptions?: CompileOptions,
  extras?: RawRunExtras,
): Effect.Effect<Result, never, R> =>
  Effect.suspend(() => {
    const compiled = interpreter().compile(program, source, compileOptions)
    if (!compiled.ok) {
      const result = failed(compiled.diagnostic)
      extras?.observation?.end(result)
      return Effect.succeed(result)
    }
    return runCompiled(prepared, compiled.program, limits, session, extras)
  })

/** Compile outcomes of recent sources, per runtime: a `CompiledProgram` runs any number of times (api.ts). */
export class CompileCache {
  private readonly entries = new Map<string, CompileOutcome>()
  constructor(
    private readonly capacity = 64,
    private readonly maxSourceLength = 64 * 1024,
  ) {}

  /** Parses and compiles `code`, or returns the outcome cached for the same text (least recently used evicted). */
  get(code: string): CompileOutcome {
    const hit = this.entries.get(code)
    if (hit !== undefined) {
      this.entries.delete(code)
      this.entries.set(code, hit)
      return hit
    }
    const parsed = parseProgram(code)
    const outcome: CompileOutcome = parsed.ok
      ? interpreter().compile(parsed.program, parsed.code)
      : { ok: false, diagnostic: parsed.diagnostic }
    if (code.length <= this.maxSourceLength) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!)
      this.entries.set(code, outcome)
    }
    return outcome
  }
}

/** `code` when it is a program `execute` accepts, else the failure saying why (not a string, or blank). */
export const acceptCode = (code: unknown): string | Result =>
  typeof code !== "string"
    ? failed(diagnostic("ParseError", "Code must be a string."))
    : code.trim() === ""
      ? failed(diagnostic("ParseError", "Code cannot be empty."))
      : code

/** `runtime.execute(code)`: strict canonical JavaScript, or erasable TypeScript (@opencode-ai/codemode 1.18 "Runtime" step 3). */
export const executeCode = <R>(
  prepared: Prepared<R>,
  code: unknown,
  limits: ResolvedLimits,
  cache: CompileCache,
  session: SessionState,
  journal?: Journal,
): Effect.Effect<Result, never, R> =>
  Effect.suspend(() => {
    const accepted = acceptCode(code)
    if (typeof accepted !== "string") return Effect.succeed(accepted)
    const compiled = cache.get(accepted)
    if (!compiled.ok) return Effect.succeed(failed(compiled.diagnostic))
    return runCompiled(prepared, compiled.program, limits, session, {
      journal: journal ?? journalFor(prepared, { kind: "execute", code: accepted }),
    })
  })

/** A fresh run's journal: kept only when a call may be deferred (an `approve` hook and somewhere to store it). */
export const journalFor = (prepared: Prepared<unknown>, program: JournalProgram): Journal | undefined =>
  prepared.hooks.approve === undefined || prepared.resume === undefined ? undefined : new Journal(program)
