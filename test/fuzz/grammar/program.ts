/**
 * Whole programs of the canonical subset: a body of an async function (@opencode-ai/codemode 1.18 "Supported Programs") that records
 * observations in `out` and returns them with every data variable still in scope, so a divergence anywhere in
 * the run shows in the result. Deterministic only: no `Date.now`, no `Math.random`.
 */
import fc from "fast-check"
import { Choices, choiceArrays } from "./choices.js"
import { Ctx, DATA_TYPES } from "./scope.js"
import { block, declare } from "./statements.js"

export interface GenOptions {
  /** Maximum number of decisions (bounds the program's size). */
  readonly size?: number
  /** Expression and block nesting budget. */
  readonly depth?: number
}

/** Builds one program from a choice sequence. */
export const build = (xs: ReadonlyArray<number>, o: GenOptions = {}): string => {
  const c = new Choices(xs)
  let ctx = new Ctx(c, [], true, o.depth ?? 4, { n: 0 })
  const parts: Array<string> = ["const out = [];"]
  // Two declarations first, so most references have something to resolve to.
  for (let i = 0; i < 2; i++) {
    const d = declare(ctx, c.one(DATA_TYPES))
    parts.push(d.code)
    ctx = d.ctx
  }
  const body = block(ctx, c.int(3, 10))
  parts.push(body.code)
  const shown = body.ctx.vars
    .filter((v) => DATA_TYPES.includes(v.type))
    .map((v) => (v.type === "map" || v.type === "set" ? `[...${v.name}]` : v.name))
  parts.push(`return [out, ${shown.join(", ")}];`)
  return parts.join("\n")
}

/** Canonical-subset programs; shrinking the choice array shrinks the program. */
export const program = (o: GenOptions = {}): fc.Arbitrary<string> =>
  choiceArrays(o.size ?? 300).map((xs) => build(xs, o))
