import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { diagnostic } from "../diagnostic.js"
import { HostFailure } from "../interpreter/host.js"
import { failed, interruptedResult, toResult } from "../runtime/execute.js"
import type { Receipt } from "../Frontend.js"
import { observe, type ObserveRun } from "../runtime/observe.js"
import { concludeEarly } from "../runtime/deferral.js"
import { Execution, type Prepared } from "../runtime/execution.js"
import type { Journal } from "../runtime/journal.js"
import type { ResolvedLimits } from "../runtime/limits.js"
import type { FrontendCatalog } from "../runtime/run.js"
import type { Result } from "../runtime/schemas.js"
import { boundOutput } from "../runtime/truncate.js"
import { heapCapMb, poolFor, type Lease, type SandboxExit } from "./pool.js"
import type { SessionState } from "../runtime/session-state.js"
import {
  SHAPES_KEPT,
  type FromSandbox,
  type ParsedRequest,
  type SandboxLimits,
  type SandboxTypecheck,
  type TreeShape,
} from "./protocol.js"

/** How long a sandbox that missed its deadline may take to report its own end before it is killed. */
const GRACE_MS = 20

/** What one isolated run asks of its sandbox. */
export type IsolatedRequest =
  | { readonly kind: "execute"; readonly code: string }
  | {
      readonly kind: "run"
      readonly input: unknown
      readonly hint: string | undefined
      readonly typecheck?: SandboxTypecheck | undefined
    }
  | ({ readonly kind: "parsed" } & ParsedRequest)

/** What `make()` keeps for isolated runs: the mode, and the tree's shape under an id the sandboxes cache it by. */
export interface Isolation {
  readonly mode: "worker" | "process"
  readonly shapeId: number
  readonly shape: TreeShape
}

let shapes = 0

export const prepareIsolation = (
  mode: "worker" | "process",
  prepared: Prepared<unknown>,
  known: FrontendCatalog,
): Isolation => ({
  mode,
  shapeId: shapes++,
  shape: {
    namespaces: [...prepared.tree.namespaces],
    tools: [...prepared.tree.tools.keys()],
    known: { tools: known.tools.map((p) => [...p]), catalog: known.catalog.map((e) => ({ ...e, path: [...e.path] })) },
  },
})

/** A sandboxed run's Result plus what the frontend reported (runtime.run). */
export interface IsolatedResult {
  readonly result: Result
  readonly receipt?: unknown
  readonly lastOutput?: { readonly value: unknown } | undefined
  /** What the result crossing dropped (a JSON result's functions), for the receipt's warnings. */
  readonly notes: ReadonlyArray<string>
}

const memoryFailure = (limits: ResolvedLimits, exit: SandboxExit) =>
  exit.oom && limits.maxMemoryBytes !== undefined
    ? diagnostic(
        "ExecutionFailure",
        `Execution exceeded its memory budget of ${limits.maxMemoryBytes} bytes (limits.maxMemoryBytes): the ` +
          "sandbox ran out of heap and was stopped.",
      )
    : exit.oom
      ? diagnostic("ExecutionFailure", "Execution ran out of memory: the sandbox ran out of heap and was stopped.")
      : diagnostic("ExecutionFailure", "Execution failed: the sandbox ended unexpectedly.")

/**
 * Runs one program in a sandbox (issue 14 "Supervised execution"). Compile and interpretation happen there; every
 * tool call comes back as a message and runs here through an ordinary `Execution`, so decoding, admission, hooks,
 * approvals and sanitization are the in-process ones. The deadline is enforced from outside: at `timeoutMs` the
 * Result is `TimeoutExceeded` whatever the sandbox is doing, and a sandbox that has not ended itself shortly after is
 * killed and replaced. A sandbox that dies (V8 out of memory at its heap cap) becomes an `ExecutionFailure`.
 */
export const runIsolated = <R>(
  prepared: Prepared<R>,
  isolation: Isolation,
  request: IsolatedRequest,
  limits: ResolvedLimits,
  session: SessionState,
  run?: ObserveRun,
  journal?: Journal,
): Effect.Effect<IsolatedResult, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) => {
    // Calls, logs and the receipt arrive here as messages, so events and spans are the host's, as in-process.
    const observation = observe(prepared.observe, run)
    const execution = new Execution(prepared, limits, context, session, { observation, journal })
    const effect = Effect.callback<IsolatedResult>((resume) => {
      const pool = poolFor(isolation.mode, heapCapMb(limits.maxMemoryBytes))
      const queuedAt = performance.now()
      let lease: Lease | undefined
      let leave: (() => void) | undefined
      let effective: SandboxLimits = limits
      let receipt: unknown
      let lastOutput: { readonly value: unknown } | undefined
      let notes: ReadonlyArray<string> = []
      let timer: ReturnType<typeof setTimeout> | undefined
      let settled = false
      const calls = new Map<number, Promise<unknown>>()

      const end = (result: Result) => {
        if (settled) return
        settled = true
        if (timer !== undefined) clearTimeout(timer)
        observation?.end(result)
        const bounded =
          effective.maxOutputBytes === undefined
            ? result
            : boundOutput(result, effective.maxOutputBytes, effective.truncation)
        resume(Effect.succeed({ result: bounded, receipt, lastOutput, notes }))
      }
      const arm = (timeoutMs: number | undefined) => {
        if (timeoutMs === undefined) return
        if (timer !== undefined) clearTimeout(timer)
        timer = setTimeout(onTimeout, timeoutMs)
      }
      // The Result goes out now; the sandbox gets a moment to end on its own clock (then it is reused), else dies.
      // A run still waiting for a sandbox leaves the queue.
      const onTimeout = () => {
        end(toResult(execution as Execution<unknown>, Option.none(), { ...limits, timeoutMs: effective.timeoutMs }))
        if (lease === undefined) return leave?.()
        const { sandbox, release } = lease
        const kill = setTimeout(() => release(false), GRACE_MS)
        sandbox.attach(
          (message) => {
            if (message.t === "done" || (message.t === "normalized" && message.error !== undefined)) {
              clearTimeout(kill)
              release(true)
            }
          },
          () => (clearTimeout(kill), release(false)),
        )
      }

      const onMessage = (message: FromSandbox) => {
        switch (message.t) {
          case "call": {
            const promise = execution.callTool(message.path, message.input, message.as)
            calls.set(message.id, promise)
            promise.then(
              (value) => {
                calls.delete(message.id)
                if (!settled) lease?.sandbox.send({ t: "settled", id: message.id, ok: true, value })
              },
              (error: unknown) => {
                calls.delete(message.id)
                if (settled) return
                const failure =
                  error instanceof HostFailure
                    ? error
                    : new HostFailure(diagnostic("ExecutionFailure", "Internal error."), false)
                lease?.sandbox.send({
                  t: "settled",
                  id: message.id,
                  ok: false,
                  diagnostic: failure.diagnostic,
                  catchable: failure.catchable,
                  ...(failure.interrupted ? { interrupted: true as const } : {}),
                })
              },
            )
            return
          }
          case "cancel": {
            const promise = calls.get(message.id)
            calls.delete(message.id)
            if (promise !== undefined) execution.cancel(promise)
            return
          }
          case "log":
            execution.log(message.line)
            return
          case "notify":
            execution.notify(message.text)
            return
          case "stored":
            // A write after the Result went out (a timed-out program still running) is not the session's.
            if (settled) return
            if (message.deleted) session.store.delete(message.key)
            else session.store.set(message.key, message.value)
            return
          case "input":
            journal?.input(message.k, () => (typeof message.v === "object" ? [...message.v] : message.v))
            return
          case "normalized":
            receipt = message.receipt
            if (receipt !== undefined) observation?.receipt(receipt as Receipt)
            effective = message.limits
            if (message.error !== undefined) {
              lease?.release(true)
              return end({ ok: false, error: message.error, toolCalls: [] })
            }
            // In-process, a pragma's lower timeout starts once normalization is done; so it does here.
            // The same after a type check: a fresh sandbox's first one loads the compiler (docs/typecheck.md).
            if (
              effective.timeoutMs !== undefined &&
              (effective.timeoutMs !== limits.timeoutMs || (request.kind === "run" && request.typecheck !== undefined))
            )
              arm(effective.timeoutMs)
            return
          case "done": {
            lease?.release(true)
            lastOutput = message.outcome.lastOutput
            const { outcome } = message
            // The program awaited a call its host interrupted: the whole execution ends interrupted, as in-process.
            if (!outcome.ok && outcome.interrupted) return interrupt()
            if (outcome.ok) notes = outcome.notes ?? []
            const run = outcome.ok
              ? { ok: true as const, value: outcome.value }
              : { ok: false as const, diagnostic: outcome.diagnostic }
            const diverged = journal?.unfinished()
            if (diverged !== undefined) return end(failed(diverged, execution as Execution<unknown>))
            return end(toResult(execution as Execution<unknown>, Option.some(run), limits))
          }
        }
      }
      const onExit = (exit: SandboxExit) => {
        lease?.release(false)
        end(failed(memoryFailure(limits, exit), execution as Execution<unknown>))
      }

      const interrupt = () => {
        if (settled) return
        settled = true
        if (timer !== undefined) clearTimeout(timer)
        observation?.end(interruptedResult(execution))
        resume(Effect.interrupt)
      }
      // A deferral or a divergence: the sandbox is stopped where it is, the calls in flight finish (deferral.ts).
      execution.onEarlyEnd = () => {
        if (settled) return
        settled = true
        if (timer !== undefined) clearTimeout(timer)
        leave?.()
        lease?.release(false)
        resume(
          Effect.map(concludeEarly(execution, prepared.resume), (error) => {
            const result = failed(error, execution as Execution<unknown>)
            const bounded =
              effective.maxOutputBytes === undefined
                ? result
                : boundOutput(result, effective.maxOutputBytes, effective.truncation)
            return { result: bounded, receipt, lastOutput, notes }
          }),
        )
      }
      // The deadline counts the wait for a sandbox (the caller waits for it too), not a sandbox's start-up.
      const start = (granted: Lease) => {
        lease = granted
        const { sandbox } = granted
        if (timer !== undefined) clearTimeout(timer)
        timer = undefined
        const waited = performance.now() - queuedAt
        sandbox.attach(onMessage, onExit)
        sandbox.ready.then(
          () => {
            if (settled) return
            // The sandbox keeps the last SHAPES_KEPT shapes it was sent, evicting the oldest as this mirror does.
            if (!sandbox.shapes.has(isolation.shapeId)) {
              if (sandbox.shapes.size >= SHAPES_KEPT) sandbox.shapes.delete(sandbox.shapes.values().next().value!)
              sandbox.shapes.add(isolation.shapeId)
              sandbox.send({ t: "shape", id: isolation.shapeId, shape: isolation.shape })
            }
            const sent: SandboxLimits = {
              timeoutMs: limits.timeoutMs,
              maxOutputBytes: limits.maxOutputBytes,
              maxMemoryBytes: limits.maxMemoryBytes,
              truncation: limits.truncation,
            }
            arm(limits.timeoutMs === undefined ? undefined : Math.max(1, limits.timeoutMs - waited))
            // The session's state crosses as a copy taken now; the program's writes come back as "stored" messages.
            const store = session.store.size === 0 ? {} : { store: [...session.store] }
            const inputs = journal === undefined ? {} : { inputs: journal.replayInputs() }
            if (request.kind === "execute")
              sandbox.send({
                t: "execute",
                shape: isolation.shapeId,
                code: request.code,
                limits: sent,
                ...store,
                ...inputs,
              })
            else if (request.kind === "parsed") {
              const { kind: _, ...parsed } = request
              sandbox.send({ t: "parsed", shape: isolation.shapeId, ...parsed, limits: sent, ...store })
            } else
              sandbox.send({
                t: "run",
                shape: isolation.shapeId,
                input: request.input,
                hint: request.hint,
                limits: sent,
                ...store,
                ...(request.typecheck !== undefined ? { typecheck: request.typecheck } : {}),
                ...inputs,
              })
          },
          () => {
            // Reported by onExit (a sandbox that could not start has exited).
          },
        )
      }
      arm(limits.timeoutMs)
      leave = pool.acquire(start)
      // Interrupted by the host: the sandbox may be anywhere in the program, so it is killed.
      return Effect.sync(() => {
        if (settled) return
        settled = true
        if (timer !== undefined) clearTimeout(timer)
        observation?.end(interruptedResult(execution))
        leave?.()
        lease?.release(false)
      })
    })
    return Effect.ensuring(
      effect,
      Effect.suspend(() => execution.shutdown()),
    )
  })

/** Resolves when a warm sandbox of this kind is ready: lets a benchmark or a test separate spawning from running. */
export const warmUp = (mode: "worker" | "process", maxMemoryBytes?: number): Promise<void> =>
  poolFor(mode, heapCapMb(maxMemoryBytes)).ready()
