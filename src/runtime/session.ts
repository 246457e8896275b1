import { randomUUID } from "node:crypto"
import * as Effect from "effect/Effect"
import { diagnostic } from "../diagnostic.js"
import type { Store } from "../store/store.js"
import { failed } from "./execute.js"
import type { Executor } from "./executor.js"
import type { ResolvedLimits } from "./limits.js"
import { emptyReceipt, type RunResult } from "./run.js"
import type { Result } from "./schemas.js"
import { freshState, type SessionState } from "./session-state.js"
import { SessionSync } from "./session-sync.js"
import type { Runtime, Session, SessionOptions } from "./types.js"

/** A session nobody ran a program in for this long is closed (its saved state expires as long after its last run). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000

const states = new WeakMap<object, SessionState>()

/** The state a session's runs share (for the gateway and features that keep per-session state in `slots`). */
export const sessionState = (session: Session<any>): SessionState | undefined => states.get(session)

const checkOptions = (options: SessionOptions | undefined): { id: string; idleTimeoutMs: number } => {
  if (options === undefined) return { id: randomUUID(), idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS }
  if (typeof options !== "object" || options === null) throw new TypeError("runtime.session expects an options object.")
  const { id, idleTimeoutMs } = options
  if (id !== undefined && (typeof id !== "string" || id === "" || id.length > 200))
    throw new TypeError("runtime.session: id must be a non-empty string of at most 200 characters.")
  if (
    idleTimeoutMs !== undefined &&
    (typeof idleTimeoutMs !== "number" || !(idleTimeoutMs > 0) || !Number.isFinite(idleTimeoutMs))
  )
    throw new RangeError("runtime.session: idleTimeoutMs must be a positive finite number of milliseconds.")
  return { id: id ?? randomUUID(), idleTimeoutMs: idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS }
}

/**
 * `runtime.session(options)` (docs/sessions.md): runs that share one `SessionState` through the runtime's executor.
 * With a `store`, the state is loaded before a run when no other run of the session is going on in this process and
 * saved after each run, so runtimes in other processes on the same store serve the same session.
 */
export const openSession = <R>(
  runtime: Pick<Runtime<R>, "catalog" | "describeTools" | "instructions">,
  executor: Executor,
  limits: ResolvedLimits,
  store: Store | undefined,
  options: SessionOptions | undefined,
  resumeIn: (state: SessionState) => Runtime<R>["resume"],
): Session<R> => {
  const { id, idleTimeoutMs } = checkOptions(options)
  const state = freshState(id)
  const sync = store === undefined ? undefined : new SessionSync(store, state, idleTimeoutMs)
  let closed: "closed" | "expired" | undefined
  let active = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = (why: "closed" | "expired") => {
    closed ??= why
    if (timer !== undefined) clearTimeout(timer)
    state.store.replaceAll([])
    state.slots.clear()
  }
  // Idle expiry counts from the end of the last run; a running program keeps its session open.
  const idle = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = active > 0 || closed !== undefined ? undefined : setTimeout(() => stop("expired"), idleTimeoutMs)
    timer?.unref?.()
  }
  idle()
  const refusal = () => diagnostic("ExecutionFailure", `Session '${id}' is ${closed}: open a new session.`)

  /** Runs `body` on the session's state: loads it first, saves it after, and says when either fails. */
  const within = <A extends Result>(
    body: () => Effect.Effect<A, never, R>,
    refused: () => A,
    noted: (a: A, note: string) => A,
  ): Effect.Effect<A, never, R> =>
    Effect.suspend(() => {
      if (closed !== undefined) return Effect.succeed(refused())
      active++
      idle()
      const load =
        sync !== undefined && active === 1
          ? Effect.promise(() =>
              sync.load().then(
                () => undefined,
                (e: unknown) => describe(e),
              ),
            )
          : Effect.succeed(undefined)
      return Effect.flatMap(load, (loadError) => {
        if (loadError !== undefined) {
          active--
          idle()
          const result = failed(diagnostic("ExecutionFailure", `The session's state could not be read: ${loadError}`))
          return Effect.succeed(noted(refusedFrom(refused, result), ""))
        }
        return Effect.flatMap(
          Effect.onExit(body(), () =>
            Effect.sync(() => {
              active--
              idle()
            }),
          ),
          (result) =>
            sync === undefined || closed !== undefined
              ? Effect.succeed(result)
              : Effect.promise(() =>
                  sync.save().then(
                    () => result,
                    (e: unknown) => noted(result, `the session's state could not be saved: ${describe(e)}`),
                  ),
                ),
        )
      })
    })

  const session: Session<R> = {
    id,
    catalog: runtime.catalog,
    describeTools: runtime.describeTools,
    instructions: runtime.instructions,
    get closed() {
      return closed !== undefined
    },
    execute: (code) =>
      within(
        () => executor.execute<R>(code, limits, state),
        () => failed(refusal()),
        (result, note) => (note === "" ? result : withLog(result, note)),
      ),
    run: (input, runOptions) =>
      within<RunResult>(
        () => executor.run<R>(input, runOptions, limits, state),
        () => ({ ...failed(refusal()), receipt: emptyReceipt(input) }),
        (result, note) =>
          note === ""
            ? result
            : {
                ...withLog(result, note),
                receipt: { ...result.receipt, warnings: [...result.receipt.warnings, { message: note }] },
              },
      ),
    resume: (token, decision) =>
      within(
        () => resumeIn(state)(token, decision),
        () => failed(refusal()),
        (result, note) => (note === "" ? result : withLog(result, note)),
      ),
    close: async () => {
      if (closed === "closed") return
      stop("closed")
      await sync?.remove()
    },
  }
  states.set(session, state)
  return session
}

const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** A refusal's shape (with a receipt for `run`) carrying another failure's diagnostic. */
const refusedFrom = <A extends Result>(refused: () => A, result: Result): A => ({ ...refused(), ...result }) as A

/** Nothing silent: what happened to the session's state after the run is one more log line of its Result. */
const withLog = <A extends Result>(result: A, note: string): A => ({
  ...result,
  logs: [...(result.logs ?? []), `codemode: ${note}`],
})
