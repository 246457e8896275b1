/**
 * Per-run state: the host, the step/depth budget, in-flight promises and the unhandled-rejection bookkeeping.
 * Compiled closures receive it as their second argument (never a module global: runs interleave).
 */
import type { CompileOptions } from "./api.js"
import type { Host } from "./host.js"
import { Fatal, fatal, type Pos, rangeError, typeError } from "./errors.js"
import { Builtin, GuestFunction, ToolRef } from "./values.js"
import { callTool } from "./tools.js"

/**
 * Guest call depth limit (recursion → a catchable RangeError, like V8), in units of a plain guest call: below the
 * native stack with room for the host's frames (Node's 984 KB main-thread stack holds about 1,460 plain guest calls).
 * If the native stack runs out first anyway, errors.ts ends the run (a `Fatal`, never a catchable error).
 */
export const MAX_DEPTH = 1000
/**
 * What a guest function called from native code (a built-in's callback, a getter, a conversion hook) adds to the
 * depth on top of its own unit: such a level takes up to 3.4 times a plain call's native stack (measured: about 430
 * levels of sort comparators, 530 of `toString` hooks, 890 of getters), so it counts 4.
 */
export const NATIVE_CALL_DEPTH = 3
const CHECK_MASK = 4095
/**
 * Elements of native work (a built-in's scan, copy or fill) counted as one step: a bulk built-in on n elements
 * advances the step counter by n / WORK_PER_STEP before it runs, so the clock is read in proportion to the work
 * (at most one native call of up to the array cap past the deadline: SECURITY.md "Time").
 */
export const WORK_PER_STEP = 16
/** Bounds of the per-run tool-reference cache (`Run.toolChild`): a loop over computed names must not grow it. */
const MAX_TOOL_REFS = 1024
const MAX_TOOL_REF_KEY = 128

export class Run {
  steps = 0
  depth = 0
  stopped: Fatal | undefined
  /**
   * Tool calls, guest async invocations, `then` reactions and one-shot timers not yet settled. The drain before the
   * run ends waits for those the program left un-observed (@opencode-ai/codemode 1.18 promises: an awaited or combined
   * call is not awaited again; see run-program.ts `drain`).
   */
  readonly inflight = new Set<Promise<unknown>>()
  /**
   * The promises in `inflight` that neither `track` nor `trackCall` registered (one-shot timers): the drain always
   * waits for them; for the others, their observation decides. Kept for the rare kind so a call adds no entry.
   */
  readonly untracked = new WeakSet<Promise<unknown>>()
  /** What each pending tool call and one-shot timer in `inflight` is, to name it when the run ends without it. */
  readonly workNames = new WeakMap<Promise<unknown>, { describe(): string }>()
  /** Promises whose rejection the program has not observed (awaited, chained, combined, returned). */
  readonly unobserved = new Map<Promise<unknown>, "tool" | "async">()
  /** Rejections in settlement order, checked against `unobserved` when the run ends. */
  readonly rejections: Array<{ promise: Promise<unknown>; kind: "tool" | "async"; reason: unknown }> = []
  readonly store: Map<string, unknown>
  /** Bytes charged so far (memory-budget.ts): cumulative allocation, never credited. */
  bytes = 0
  /** The `maxMemoryBytes` budget, or Infinity when unset (the compare then never fires). */
  readonly maxBytes: number
  private onStop: ((f: Fatal) => void) | undefined
  /** Pending `setTimeout`/`setInterval` timers by id (builtins/timers.ts); all cleared when the run ends. */
  readonly timers = new Map<number, { readonly repeat: boolean; readonly clear: () => void }>()
  nextTimer = 1
  /** This run's copies of the built-in objects it mutated (intrinsics.ts), made on the first mutation. */
  overlays: Map<object, Record<string, unknown>> | undefined = undefined
  /** `performance.now()` origin: the run's start on the host's monotonic clock. */
  readonly startedAt = performance.now()
  /**
   * The tool calls in flight that `Promise.race` may interrupt (tools.ts), by guest promise; a call leaves it when it
   * settles. A plain map owned by the run, not a module-wide WeakMap: V8's scavenger keeps an ephemeron's value alive
   * with its key, so a WeakMap entry per call made every call's promises and closures survive into the old generation
   * (measured: W4's young-generation collections went from under 1 ms to about 100 ms at load 15).
   */
  interruptible: Map<Promise<unknown>, { interrupt(): void }> | undefined = undefined
  /** Tool references read by name this run (`toolChild`), so a call site's path is one frozen array each time. */
  private toolRefs: Map<ToolRef, Map<string, ToolRef>> | undefined = undefined
  private toolRefCount = 0

  constructor(
    readonly host: Host,
    readonly options: CompileOptions,
    store?: Map<string, unknown>,
  ) {
    this.store = store ?? new Map()
    this.maxBytes = host.maxMemoryBytes ?? Infinity
  }

  /** Charges an allocation estimate: one add and one compare on the hot path (SECURITY.md "Memory"). */
  charge(bytes: number): void {
    if ((this.bytes += bytes) > this.maxBytes) this.overBudget()
  }

  /**
   * Past the budget the run ends like a timeout: a `Fatal` no guest `catch`/`finally` sees. The kind is
   * ExecutionFailure, one of @opencode-ai/codemode 1.18's ten, so the Result schema is unchanged (SECURITY.md "Memory").
   */
  private overBudget(): never {
    return this.stop(
      fatal(
        "ExecutionFailure",
        `Execution exceeded its memory budget of ${this.maxBytes} bytes (limits.maxMemoryBytes): ` +
          "retain less data, or process it in smaller pieces.",
      ),
    )
  }

  /** Budget check, called at loop back-edges and calls: cheap counter, clock every 4096 steps. */
  tick(): void {
    if ((++this.steps & CHECK_MASK) === 0) this.check()
  }

  /**
   * Accounts `elements` of native work before a bulk built-in runs: advances the step counter by its share and reads
   * the clock whenever that crosses a check boundary, so a loop of large `indexOf`s stops at the deadline even
   * though each call is a single step for the interpreter.
   */
  work(elements: number): void {
    if (!(elements > 0)) return
    const before = this.steps
    this.steps += Math.ceil(elements / WORK_PER_STEP)
    if (Math.floor(before / (CHECK_MASK + 1)) !== Math.floor(this.steps / (CHECK_MASK + 1))) this.check()
  }

  check(): void {
    if (this.stopped) throw this.stopped
    const deadline = this.host.deadline
    if ((deadline !== undefined && Date.now() > deadline) || this.host.cancelled())
      this.stop(
        fatal(
          "TimeoutExceeded",
          this.host.timeoutMs === undefined
            ? "Execution exceeded the time limit."
            : `Execution timed out after ${this.host.timeoutMs}ms.`,
        ),
      )
  }

  /** Ends the run at once (timeout, non-catchable host failure); every later step rethrows. */
  stop(f: Fatal): never {
    if (!this.stopped) {
      this.stopped = f
      this.onStop?.(f)
    }
    throw this.stopped
  }

  /** Marks the run as over without reporting anything: later guest steps, awaits and tool calls fail fatally. */
  halt(): void {
    this.stopped ??= fatal("ExecutionFailure", "The execution has ended")
  }

  whenStopped(): Promise<Fatal> {
    return new Promise((resolve) => {
      if (this.stopped) resolve(this.stopped)
      else this.onStop = resolve
    })
  }

  /**
   * Host work that can still wake the program (tool calls, native host calls): with none pending and no timer
   * set, a program waiting on a promise can never resume (run-program.ts `whenIdle`).
   */
  hostPending = 0

  /** Whether nothing outside the guest can still settle a promise of this run (intervals counted or not). */
  idle(intervals: boolean): boolean {
    if (this.hostPending > 0) return false
    for (const t of this.timers.values()) if (intervals || !t.repeat) return false
    return true
  }

  track(p: Promise<unknown>, kind: "tool" | "async", host = kind === "tool"): void {
    if (host) {
      this.hostPending++
      const done = () => void this.hostPending--
      p.then(done, done)
    }
    this.inflight.add(p)
    this.unobserved.set(p, kind)
    p.then(
      () => {
        this.inflight.delete(p)
        this.unobserved.delete(p)
      },
      (reason) => {
        this.inflight.delete(p)
        this.rejections.push({ promise: p, kind, reason })
      },
    )
  }

  /**
   * A tool call's guest promise (tools.ts): tracked like `track(p, "tool")`, but its settlement is reported by the
   * call itself (`callSettled`/`callRejected`) instead of through reactions registered on the promise.
   */
  trackCall(p: Promise<unknown>): void {
    this.hostPending++
    this.inflight.add(p)
    this.unobserved.set(p, "tool")
  }

  /** A tracked call fulfilled: no longer pending. */
  callSettled(p: Promise<unknown>): void {
    this.hostPending--
    this.inflight.delete(p)
    this.unobserved.delete(p)
  }

  /**
   * A tracked call is about to reject. The rejection is recorded by a reaction registered now, so it is handled for
   * Node (no unhandledRejection event) and lands in `rejections` in settlement order with the `track` records.
   */
  callRejected(p: Promise<unknown>): void {
    this.hostPending--
    this.inflight.delete(p)
    p.then(undefined, (reason) => void this.rejections.push({ promise: p, kind: "tool", reason }))
  }

  /** A tracked call is about to reject because it was interrupted: nothing to report, nothing pending. */
  callInterrupted(p: Promise<unknown>): void {
    this.callSettled(p)
    p.then(undefined, ignore)
  }

  /**
   * A promise the program made (`new Promise`): an unobserved rejection is reported like an async call's, but the
   * run does not wait for it to settle (nothing may ever settle it).
   */
  watch(p: Promise<unknown>): void {
    this.unobserved.set(p, "async")
    p.then(
      () => this.unobserved.delete(p),
      (reason) => this.rejections.push({ promise: p, kind: "async", reason }),
    )
  }

  /** The tool calls and one-shot timers still pending, named (a run that ends without them says so). */
  pendingWork(): Array<string> {
    const named: Array<string> = []
    for (const p of this.inflight) {
      const w = this.workNames.get(p)
      if (w !== undefined) named.push(w.describe())
    }
    return named
  }

  /** Clears every pending timer: timers never outlive the run (run-program.ts calls this however the run ends). */
  clearTimers(): void {
    for (const t of [...this.timers.values()]) t.clear()
  }

  observe(v: unknown): void {
    if (v instanceof Promise) this.unobserved.delete(v)
  }

  /** Calls any guest callable: the one entry point built-ins use for callbacks. */
  call(fn: unknown, thisArg: unknown, args: ReadonlyArray<unknown>, pos?: Pos, what?: string): unknown {
    if (fn instanceof GuestFunction) {
      this.depth += NATIVE_CALL_DEPTH
      try {
        return fn.code.invoke(fn, thisArg, args, this, pos)
      } finally {
        this.depth -= NATIVE_CALL_DEPTH
      }
    }
    if (fn instanceof Builtin) return fn.call(this, thisArg, args)
    if (fn instanceof ToolRef) return callTool(this, fn.path, args[0], pos, fn.as)
    throw typeError(`${what ?? describe(fn)} is not a function`, pos)
  }

  /**
   * `call` with `n` (at most four) arguments given one by one: a guest function that takes them directly
   * (FunctionCode.direct) gets them without an argument list, anything else gets the list of the first `n`.
   */
  callN(
    fn: unknown,
    thisArg: unknown,
    n: 0 | 1 | 2 | 3 | 4,
    a0?: unknown,
    a1?: unknown,
    a2?: unknown,
    a3?: unknown,
    pos?: Pos,
  ): unknown {
    if (fn instanceof GuestFunction) {
      const direct = fn.code.direct
      if (direct !== undefined) {
        this.depth += NATIVE_CALL_DEPTH
        try {
          return direct(fn, thisArg, a0, a1, a2, a3, this, pos)
        } finally {
          this.depth -= NATIVE_CALL_DEPTH
        }
      }
    }
    const args = n === 0 ? [] : n === 1 ? [a0] : n === 2 ? [a0, a1] : n === 3 ? [a0, a1, a2] : [a0, a1, a2, a3]
    return this.call(fn, thisArg, args, pos)
  }

  /**
   * `ref[key]` on a tool reference: the same reference for the same name within a run, its path frozen, so the
   * host resolves it once per runtime (runtime/execution.ts caches by path identity) instead of joining the path on
   * every call. At most MAX_TOOL_REFS names of at most MAX_TOOL_REF_KEY characters are kept; others are made fresh.
   */
  toolChild(ref: ToolRef, key: string): ToolRef {
    const known = this.toolRefs?.get(ref)?.get(key)
    if (known !== undefined) return known
    const child = new ToolRef(Object.freeze([...ref.path, key]))
    if (key.length > MAX_TOOL_REF_KEY || this.toolRefCount >= MAX_TOOL_REFS) return child
    this.toolRefs ??= new Map()
    let children = this.toolRefs.get(ref)
    if (children === undefined) this.toolRefs.set(ref, (children = new Map()))
    children.set(key, child)
    this.toolRefCount++
    return child
  }

  /** A guest call begins: the caller's `finally` undoes the level once this returns, so a throw here undoes its own. */
  enter(pos: Pos | undefined): void {
    if (++this.depth > MAX_DEPTH) {
      this.depth--
      throw rangeError("Maximum call stack size exceeded", pos)
    }
    if ((++this.steps & CHECK_MASK) === 0)
      try {
        this.check()
      } catch (e) {
        this.depth--
        throw e
      }
  }
}

const ignore = (): void => {}

const describe = (v: unknown): string =>
  typeof v === "string" ? JSON.stringify(v) : v === null || typeof v !== "object" ? String(v) : "value"
