import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { clipName, diagnostic, type Diagnostic } from "../diagnostic.js"
import { HostFailure, type Host, type RunOutcome } from "../interpreter/host.js"
import { observedCall, runEffect, settle, type CallHooks, type CallResult } from "./call.js"
import { toData } from "./data.js"
import { approvalGate } from "./deferral.js"
import type { Journal } from "./journal.js"
import type { Outcome } from "./journal-data.js"
import type { ResumeConfig } from "./resume-token.js"
import type { ResolvedLimits } from "./limits.js"
import { RESERVED_NAMESPACE, type PreparedTree, type ToolEntry } from "./tree.js"
import type { ToolCall } from "./schemas.js"
import { seededRandom, RANDOM_SEED } from "./random.js"
import type { SessionState } from "./session-state.js"
import { CallQuota, sessionCounts } from "./quota.js"
import { ToolCallTrace, type ObserveConfig, type Observation } from "./observe.js"

/** At most this many tool calls run at once (@opencode-ai/codemode 1.18 "Execution Limits": a fixed internal, not a knob). */
export const MAX_CONCURRENT_CALLS = 8

/** What an execution needs from `make()`: everything precompiled, nothing built per call. */
export interface Prepared<R> {
  readonly tree: PreparedTree
  readonly search: ToolEntry
  /** The call hooks and the `approve` gate; any of them present takes the observed (non-fast) path. */
  readonly hooks: CallHooks<R>
  /** Resolution cache keyed by path array identity (see `Execution.resolve`). */
  readonly resolved: WeakMap<ReadonlyArray<string>, ToolEntry | null>
  /** The runtime's event listener and tracing options (runtime/observe.ts). */
  readonly observe?: ObserveConfig | undefined
  /** Where deferred runs' journals go and the key their tokens are signed with (resume-token.ts). */
  readonly resume?: ResumeConfig | undefined
}

const failure = (kind: Diagnostic["kind"], message: string, suggestions?: ReadonlyArray<string>): Promise<never> =>
  Promise.reject(new HostFailure(diagnostic(kind, message, { suggestions }), true))

/** What raw-input runs (`runtime.run`) add to an execution; strict `execute` uses none of it. */
export interface RawRunExtras {
  /**
   * Maps a path the program computed at run time (`tools[hit.name]` with a Pi or Codex spelling from
   * `searchTools`/`ALL_TOOLS`) to its canonical path — the frontend's resolver, the same one the `resolve` stage
   * applied to static paths (issue: "dynamic paths resolve at run time").
   */
  readonly alias?: ((path: ReadonlyArray<string>) => ReadonlyArray<string> | undefined) | undefined
  /** Receives the argument values (host data) of every output call, for docs/corpus-format.md#the-answer. */
  readonly onOutput?: ((values: ReadonlyArray<unknown>) => void) | undefined
  /** Receives what the run changed on the way out (e.g. functions a JSON result dropped), for the receipt. */
  readonly onNote?: ((note: string) => void) | undefined
  /**
   * `Date.now()` when the run began, before the frontend normalized its input: `timeoutMs` counts from here, so the
   * frontend's time is spent from the run's deadline, not on top of it.
   */
  readonly startedAt?: number | undefined
  /** The run's events and spans; absent when nothing observes the run. */
  readonly observation?: Observation | undefined
  /** The run's journal (journal.ts): present when a call may be deferred or the run is a resume. */
  readonly journal?: Journal | undefined
}

/**
 * One execution's state and the interpreter's `Host` (src/interpreter/host.ts). Each admitted call is forked eagerly
 * on its own fiber with the execution's services, so tools' requirements flow through; the execution supervises
 * those fibers and interrupts them when it ends, times out or is interrupted (@opencode-ai/codemode 1.18 "Execution Limits").
 */
export class Execution<R> implements Host {
  readonly toolCalls: Array<ToolCall> = []
  readonly logs: Array<string> = []
  /** Messages the program sent apart from its output (Codex `notify`), in order. */
  readonly notifications: Array<string> = []
  readonly deadline: number | undefined
  readonly timeoutMs: number | undefined
  readonly maxMemoryBytes: number | undefined
  readonly random = seededRandom(RANDOM_SEED)
  /** The session's Pi/Codex `store`/`load` (the interpreter reads `host.store`). */
  readonly store: Map<string, unknown>
  private readonly fibers = new Set<Fiber.Fiber<unknown, unknown>>()
  private readonly waiting: Array<() => void> = []
  /**
   * Calls that can still be cancelled (queued, or running on a fiber), by promise; each leaves when it starts or
   * ends. A plain map the execution owns rather than a WeakMap: V8's scavenger keeps an ephemeron's value alive with
   * its key, so every queued call's closure and promise would survive into the old generation.
   */
  private readonly cancellers = new Map<Promise<unknown>, () => void>()
  private inFlight = 0
  private stopped = false
  private readonly fork: <A, E>(effect: Effect.Effect<A, E, R>) => Fiber.Fiber<A, E>
  private readonly observed: boolean
  private readonly quota: CallQuota | undefined
  private readonly observation: Observation | undefined
  /** Set when the repeat guard stopped the run: the Result is this failure whatever the program does next. */
  stoppedBy: Diagnostic | undefined
  private readonly hooks: CallHooks<R>
  readonly journal: Journal | undefined
  /** Host.input: nondeterministic reads go through the journal when there is one. */
  readonly input: Host["input"]
  /** Called once when a deferral or a divergence ends the run before the program does (runCompiled, supervisor). */
  onEarlyEnd: (() => void) | undefined
  /** Host.settled: set by runCompiled, which ends the run with `finish` when the deadline comes after the body. */
  settled: ((finish: () => RunOutcome) => void) | undefined
  /** Indexes of the journaled calls whose approval is being asked: a deferral interrupts them (deferral.ts). */
  readonly asking = new Set<number>()
  /** A journaled run's call fibers by index, for the deferral's drain. */
  private readonly callFibers = new Map<number, Fiber.Fiber<unknown, unknown>>()

  constructor(
    private readonly prepared: Prepared<R>,
    private readonly limits: ResolvedLimits,
    context: Context.Context<R>,
    /** What this run shares with the other runs of its session (src/runtime/session-state.ts). */
    readonly session: SessionState,
    private readonly extras: RawRunExtras = {},
  ) {
    this.store = session.store
    this.deadline = limits.timeoutMs === undefined ? undefined : (extras.startedAt ?? Date.now()) + limits.timeoutMs
    this.timeoutMs = limits.timeoutMs
    this.maxMemoryBytes = limits.maxMemoryBytes
    this.fork = Effect.runForkWith(context)
    const hooks = prepared.hooks
    const journal = (this.journal = extras.journal)
    this.hooks = journal === undefined ? hooks : { ...hooks, approve: approvalGate(this, hooks.approve) }
    this.input = journal === undefined ? undefined : (kind, live) => journal.input(kind, live)
    if (journal !== undefined) journal.onDiverged = () => this.endEarly()
    this.observed =
      hooks.onToolCallStart !== undefined ||
      hooks.onToolCallEnd !== undefined ||
      hooks.approve !== undefined ||
      journal !== undefined
    this.observation = extras.observation
    this.quota =
      limits.perTool === undefined && limits.maxRepeats === undefined
        ? undefined
        : new CallQuota(limits.perTool, limits.maxRepeats, limits.perTool && sessionCounts(session))
  }

  /** Stops the program (no call starts, the interpreter halts at its next step) and tells the runner once. */
  endEarly(): void {
    if (this.stopped) return
    this.stopped = true
    this.waiting.length = 0
    const end = this.onEarlyEnd
    this.onEarlyEnd = undefined
    end?.()
  }

  readonly cancelled = (): boolean => this.stopped

  lookup(path: ReadonlyArray<string>): "tool" | "namespace" | undefined {
    if (path.length === 0) return "namespace"
    if (this.resolve(path) !== undefined) return "tool"
    if (path[0] === RESERVED_NAMESPACE) return path.length === 1 ? "namespace" : undefined
    return this.prepared.tree.namespaces.has(path.join(".")) ? "namespace" : undefined
  }

  keys(path: ReadonlyArray<string>): ReadonlyArray<string> {
    // @opencode-ai/codemode 1.18 "Supported Programs": Object.keys(tools) lists the namespaces including `$codemode`.
    if (path.length === 0) return [...this.prepared.tree.namespaces.get("")!, RESERVED_NAMESPACE]
    if (path.length === 1 && path[0] === RESERVED_NAMESPACE) return ["search"]
    return this.prepared.tree.namespaces.get(path.join(".")) ?? []
  }

  log(line: string, values?: ReadonlyArray<unknown>): void {
    this.logs.push(line)
    this.observation?.console(line)
    if (values !== undefined) this.extras.onOutput?.(values)
  }

  notify(text: string): void {
    this.notifications.push(text)
  }

  /** Tool at `path`; cached by path identity, since a compiled call site passes the same array every time. */
  private resolve(path: ReadonlyArray<string>): ToolEntry | undefined {
    const cache = this.prepared.resolved
    const hit = cache.get(path)
    if (hit !== undefined) return hit === null ? undefined : hit
    const entry =
      path.length === 2 && path[0] === RESERVED_NAMESPACE && path[1] === "search"
        ? this.prepared.search
        : path[0] === RESERVED_NAMESPACE
          ? undefined
          : (this.prepared.tree.tools.get(path.join(".")) ?? this.aliased(path))
    // Only frozen arrays are cached: a mutable array could change after the lookup.
    if (Object.isFrozen(path)) cache.set(path, entry ?? null)
    return entry
  }

  private aliased(path: ReadonlyArray<string>): ToolEntry | undefined {
    const canonical = this.extras.alias?.(path)
    return canonical === undefined ? undefined : this.prepared.tree.tools.get(canonical.join("."))
  }

  /** Resolve, decode input, admit, then fork (@opencode-ai/codemode 1.18 "Laws": no `run` unless the input decoded). */
  callTool(path: ReadonlyArray<string>, input: unknown, as?: string): Promise<unknown> {
    return this.callToolInto(path, input, as, undefined)
  }

  /** `callTool` whose output's objects `newObject` makes (Host.callToolInto): the interpreter copies it no further. */
  callToolInto(
    path: ReadonlyArray<string>,
    input: unknown,
    as: string | undefined,
    newObject: (() => object) | undefined,
  ): Promise<unknown> {
    if (this.stopped) return new Promise(() => {}) // the program is being torn down; it never resumes
    const entry = this.resolve(path)
    if (entry === undefined) {
      const name = clipName(path.join("."))
      return this.lookup(path) === "namespace"
        ? failure("UnknownTool", `Tool '${name}' is not callable; it is a namespace.`, [
            `Object.keys(${name === "" ? "tools" : `tools.${name}`}) lists what it holds.`,
          ])
        : failure("UnknownTool", `Unknown tool '${name}'.`, [
            "Use tools.$codemode.search({ query }) to find available tools.",
          ])
    }
    // Recorded and reported under the name the program used: the global `search(...)` as `search`, as the later
    // line of the contract records it (`tools.$codemode.search(...)` stays `$codemode.search`).
    const name = as ?? entry.name
    const quota = this.quota
    if (quota !== undefined) {
      if (this.stoppedBy !== undefined) return Promise.reject(new HostFailure(this.stoppedBy, false))
      const stop = quota.repeated(entry.name, name, input)
      if (stop !== undefined) {
        this.stoppedBy = stop
        return Promise.reject(new HostFailure(stop, false))
      }
    }
    let decoded = input
    if (entry.decodeInput !== undefined) {
      const result = entry.decodeInput(input)
      if (!result.ok) return failure("InvalidToolInput", `Invalid input for tool '${name}': ${result.message}`)
      decoded = result.value
    }
    const max = this.limits.maxToolCalls
    if (max !== undefined && this.toolCalls.length >= max)
      return failure("ToolCallLimitExceeded", `Execution exceeded its tool-call limit of ${max}.`)
    if (quota !== undefined) {
      const over = quota.admit(entry.name, name)
      if (over !== undefined) return Promise.reject(new HostFailure(over, true))
    }
    const index = this.toolCalls.length
    this.toolCalls.push({ name })
    const admission = this.journal?.admit(index, name, input)
    if (admission?.kind === "diverged") return new Promise(() => {})
    if (admission?.kind === "replayed") return this.replayed(index, admission.outcome, newObject)
    let resolve!: (value: unknown) => void
    let reject!: (reason: unknown) => void
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res
      reject = rej
    })
    if (this.inFlight < MAX_CONCURRENT_CALLS) {
      this.start(entry, name, index, decoded, resolve, reject, promise, false, newObject)
      return promise
    }
    const start = () => this.start(entry, name, index, decoded, resolve, reject, promise, true, newObject)
    this.waiting.push(start)
    this.cancellers.set(promise, () => {
      const at = this.waiting.indexOf(start)
      if (at >= 0) this.waiting.splice(at, 1)
    })
    return promise
  }

  /** A journaled call's recorded settlement, released in its recorded turn (Journal.schedule); the tool is not called. */
  private replayed(index: number, outcome: Outcome, newObject: (() => object) | undefined): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.journal!.schedule(index, () => {
        if (this.stopped) return
        this.journal!.settled(index, outcome, true)
        if (!outcome.ok) return reject(new HostFailure(outcome.diagnostic, true))
        try {
          resolve(newObject === undefined ? outcome.value : toData(outcome.value, false, newObject))
        } catch {
          reject(
            new HostFailure(diagnostic("InvalidToolOutput", `Invalid output in the journal for call #${index}.`), true),
          )
        }
      }),
    )
  }

  /**
   * Interrupts one call the program no longer needs (@opencode-ai/codemode 1.18: `Promise.race` interrupts its losing in-flight
   * calls). The promise then never settles and no end hook fires. An extension of the shared `Host` contract.
   */
  cancel(promise: Promise<unknown>): void {
    const cancel = this.cancellers.get(promise)
    if (cancel === undefined) return
    this.cancellers.delete(promise)
    cancel()
  }

  private start(
    entry: ToolEntry,
    name: string,
    index: number,
    input: unknown,
    resolve: (value: unknown) => void,
    reject: (reason: unknown) => void,
    promise: Promise<unknown>,
    queued: boolean,
    newObject: (() => object) | undefined,
  ): void {
    if (this.stopped) return
    if (queued) this.cancellers.delete(promise)
    this.inFlight++
    const observation = this.observation
    const observed = observation?.callStart(index, name, entry.definition.description, input)
    // A journaled run keeps its own copy of each output (plain data) and hands the program another.
    const journal = this.journal
    const into = journal === undefined ? newObject : undefined
    const done = (result: CallResult | undefined, cancelled: boolean) => {
      this.inFlight--
      if (observed !== undefined) observation!.callEnd(observed, index, name, result)
      const next = this.waiting.shift()
      if (next !== undefined) next()
      // Interrupted by the execution (its end, or a lost `Promise.race`): the call never settles. Interrupted by
      // the host's own Effect (`run: () => Effect.interrupt`): host interruption, which the promise carries to the
      // program; awaiting it ends the execution interrupted, while a call the program never awaited is ignored,
      // as both reference lines do (HostFailure.interrupted).
      if (result === undefined) {
        if (!cancelled && !this.stopped)
          reject(new HostFailure(diagnostic("ExecutionFailure", `Tool call '${name}' was interrupted.`), false, true))
        return
      }
      if (journal !== undefined) {
        journal.settled(index, result, !this.stopped)
        if (result.ok && newObject !== undefined) return resolve(toData(result.value, false, newObject))
      }
      if (result.ok) resolve(result.value)
      else reject(new HostFailure(result.diagnostic, true))
    }
    const span = observed?.span
    if (span !== undefined) {
      // Traced: the call's fiber carries its context (ToolCallTrace) and starts inside its span, so what the tool
      // does (an upstream request, its own spans) nests under the call.
      const fiber = span.within(() => {
        const effect = this.observed
          ? observedCall(entry, index, input, this.hooks, name, into)
          : runEffect(entry, input)
        return this.fork(Effect.provideService(effect, ToolCallTrace, span.carrier))
      })
      this.track(index, fiber)
      this.supervise(fiber, promise, (exit, cancelled) =>
        done(
          this.observed
            ? Exit.isSuccess(exit)
              ? (exit.value as CallResult)
              : settle(entry, exit, into)
            : settle(entry, exit, into),
          cancelled,
        ),
      )
    } else if (this.observed) {
      const fiber = this.fork(observedCall(entry, index, input, this.hooks, name, into))
      this.track(index, fiber)
      this.supervise(fiber, promise, (exit, cancelled) =>
        done(Exit.isSuccess(exit) ? exit.value : settle(entry, exit, into), cancelled),
      )
    } else {
      // Fast path: the fiber's own exit is the tool's exit; settle it in plain JavaScript. A `run` that answered
      // with a finished Effect (`Effect.succeed`/`Effect.fail` are Exits in effect 4) needs no fiber at all: a fiber
      // would only replay that Exit (no services read, nothing to interrupt), so it is settled as it is.
      const effect = runEffect(entry, input)
      if (Exit.isExit(effect)) return done(settle(entry, effect, into), false)
      const fiber = this.fork(effect)
      this.supervise(fiber, promise, (exit, cancelled) => done(settle(entry, exit, into), cancelled))
    }
  }

  private supervise<A, E>(
    fiber: Fiber.Fiber<A, E>,
    promise: Promise<unknown>,
    onExit: (exit: Exit.Exit<A, E>, cancelled: boolean) => void,
  ): void {
    const exit = fiber.pollUnsafe()
    if (exit !== undefined) return onExit(exit, false) // completed synchronously: nothing to supervise
    this.fibers.add(fiber)
    let cancelled = false
    this.cancellers.set(promise, () => {
      cancelled = true
      fiber.interruptUnsafe()
    })
    fiber.addObserver((exit) => {
      this.fibers.delete(fiber)
      this.cancellers.delete(promise)
      onExit(exit, cancelled)
    })
  }

  /** A journaled run's call fiber, kept by index for the deferral's drain. */
  private track(index: number, fiber: Fiber.Fiber<unknown, unknown>): void {
    if (this.journal === undefined) return
    this.callFibers.set(index, fiber)
    fiber.addObserver(() => this.callFibers.delete(index))
  }

  /**
   * After a deferral: the calls still being approved are interrupted (they are asked again on resume), every call
   * already running finishes and is journaled, so no call runs twice across the deferral (docs/resume.md).
   */
  drain(): Effect.Effect<void> {
    const asking = new Set<Fiber.Fiber<unknown, unknown>>()
    for (const index of this.asking) {
      const fiber = this.callFibers.get(index)
      if (fiber !== undefined) asking.add(fiber)
    }
    const running = [...this.fibers].filter((fiber) => !asking.has(fiber))
    return Effect.andThen(Fiber.interruptAll(asking), Fiber.awaitAll(running))
  }

  /** Stops admitting calls and interrupts every call still running, waiting for their finalizers. */
  shutdown(): Effect.Effect<void> {
    this.stopped = true
    this.waiting.length = 0
    const running = [...this.fibers]
    return running.length === 0 ? Effect.void : Fiber.interruptAll(running)
  }
}
