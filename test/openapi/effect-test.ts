// `@effect/vitest` 4.0.0-rc.112 imports `effect/testing/FastCheck`, absent from effect 4.1.0, so it cannot load here.
// This keeps the `it.effect` shape over plain vitest until the dependency is aligned (same shim as test/runtime).
import { Effect, type Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it as vitestIt } from "vitest"

type EffectTest = (name: string, body: () => Effect.Effect<unknown, unknown, Scope.Scope>, timeout?: number) => void

const effect: EffectTest = (name, body, timeout) =>
  vitestIt(name, () => Effect.runPromise(Effect.scoped(Effect.suspend(body))), timeout)

export const it = Object.assign(vitestIt, { effect })
export { afterAll, beforeAll, describe, expect }
