/**
 * Operands a consumer evaluates inline instead of calling their closure: a slot read in the current or the parent
 * frame, and a number operator between a current-frame slot and a number constant (`n - 1`, `n < 2`). Every site
 * shares one closure body, so a call through `ev` is an indirect call V8 cannot inline; {@link operand} is one
 * small function V8 inlines into each consumer, so these leaves cost a load and a branch instead.
 */
import type { Run } from "../run-state.js"
import type { Env } from "../values.js"
import { numeric } from "./operators.js"

export const SLOT = 1
export const OUTER = 2
export const SLOT_NUMBER = 3

export interface Operand {
  readonly kind: typeof SLOT | typeof OUTER | typeof SLOT_NUMBER
  readonly slot: number
  /** For SLOT_NUMBER: the operator (operators.ts `numericCode`), the constant and the path for a non-number. */
  readonly code: number
  readonly c: number
  readonly slow: (x: unknown, c: unknown, rt: Run) => unknown
}

const none = (): unknown => undefined

export const slotOperand = (slot: number, outer: boolean): Operand => ({
  kind: outer ? OUTER : SLOT,
  slot,
  code: 0,
  c: 0,
  slow: none,
})

export const slotNumberOperand = (
  slot: number,
  code: number,
  c: number,
  slow: (x: unknown, c: unknown, rt: Run) => unknown,
): Operand => ({ kind: SLOT_NUMBER, slot, code, c, slow })

/** The operand's value: what its closure returns, without the call. */
export const operand = (o: Operand, env: Env, rt: Run): unknown => {
  if (o.kind === SLOT) return env[o.slot]
  if (o.kind === OUTER) return (env[0] as Env)[o.slot]
  const x = env[o.slot]
  return typeof x === "number" ? numeric(o.code, x, o.c) : o.slow(x, o.c, rt)
}
