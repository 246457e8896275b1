import * as Effect from "effect/Effect"
import type { Diagnostic } from "../diagnostic.js"
import type { Store } from "../store/store.js"
import { memory } from "../store/store.js"
import { failed } from "./execute.js"
import { Journal, type ResumeDecision } from "./journal.js"
import type { JournalProgram } from "./journal-data.js"
import { consume, DEFAULT_RESUME_TTL_MS, resumeKeyOf, type ResumeConfig } from "./resume-token.js"
import type { Result } from "./schemas.js"

/** `make`'s resume options, checked: a TypeError or RangeError names the bad one. */
export const resumeConfigOf = (options: {
  readonly store?: Store | undefined
  readonly resumeKey?: string | Uint8Array | undefined
  readonly resumeTtlMs?: number | undefined
}): ResumeConfig => {
  const store = options.store ?? memory()
  for (const method of ["get", "set", "delete", "compareAndSet", "close"] as const)
    if (typeof (store as unknown as Record<string, unknown>)?.[method] !== "function")
      throw new TypeError(`CodeMode: store must be a Store (Store.memory(), Store.file(dir), Store.redis(url)).`)
  const ttl = options.resumeTtlMs ?? DEFAULT_RESUME_TTL_MS
  if (typeof ttl !== "number" || !Number.isSafeInteger(ttl) || ttl <= 0)
    throw new RangeError(`CodeMode: resumeTtlMs must be a positive integer of milliseconds, got ${String(ttl)}.`)
  return { store, key: resumeKeyOf(options.resumeKey), ttlMs: ttl, now: Date.now }
}

const badDecision = (): Diagnostic => ({
  kind: "ResumeTokenInvalid",
  message: "The decision must be { allow: true } or { allow: false, reason: string }; the token was not used.",
})

const decisionOf = (u: unknown): ResumeDecision | undefined => {
  if (typeof u !== "object" || u === null) return undefined
  const { allow, reason } = u as { allow?: unknown; reason?: unknown }
  if (allow === true) return { allow: true }
  if (allow === false) return { allow: false, reason: typeof reason === "string" ? reason : "" }
  return undefined
}

/**
 * `runtime.resume(token, decision)`: opens the token (each refusal its own diagnostic), consumes its journal, and runs
 * the stored program again with the journal replaying and `decision` answering the pending call.
 */
export const resumeRun = <R>(
  config: ResumeConfig,
  token: unknown,
  decision: unknown,
  rerun: (program: JournalProgram, journal: Journal) => Effect.Effect<Result, never, R>,
): Effect.Effect<Result, never, R> =>
  Effect.suspend(() => {
    const decided = decisionOf(decision)
    if (decided === undefined) return Effect.succeed(failed(badDecision()))
    return Effect.flatMap(
      Effect.promise(() =>
        consume(config, token).catch((e: unknown) => ({
          ok: false as const,
          diagnostic: {
            kind: "ExecutionFailure" as const,
            message: `The resume journal could not be read from the store: ${e instanceof Error ? e.message : String(e)}`,
          },
        })),
      ),
      (opened) =>
        opened.ok
          ? rerun(
              opened.record.program,
              new Journal(opened.record.program, { record: opened.record, decision: decided }),
            )
          : Effect.succeed(failed(opened.diagnostic)),
    )
  })
