// `@effect/vitest` 4.0.0-rc.112 imports `effect/testing/FastCheck`, which effect 4.1.0 no longer ships, so the
// package cannot load here. This shim keeps the `it.effect` shape (live clock) until the dependency is aligned.
import { Effect, type Scope } from "effect"
import { describe, expect, it as vitestIt } from "vitest"

type EffectTest = (name: string, body: () => Effect.Effect<unknown, unknown, Scope.Scope>, timeout?: number) => void

const effect: EffectTest = (name, body, timeout) =>
  vitestIt(name, () => Effect.runPromise(Effect.scoped(Effect.suspend(body))), timeout)

export const it = Object.assign(vitestIt, { effect, live: effect })
export { describe, expect }
