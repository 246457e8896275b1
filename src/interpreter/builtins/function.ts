import type { Run } from "../run-state.js"
/**
 * Methods of guest functions: call/apply/bind (bound functions are built-ins closing over the guest callable) and
 * toString (§20.2.3).
 */
import { typeError } from "../errors.js"
import { functionText } from "../coerce.js"
import { checkArray } from "../memory-caps.js"
import { chargeArray } from "../memory-budget.js"
import { getProperty } from "../property.js"
import { construct, hasInstance } from "../realm.js"
import { Builtin, GuestFunction, ToolRef, isCallable } from "../values.js"
import { lengthOf } from "./array-generic.js"
import { methods, toInt } from "./util.js"
import { hasOwnKey } from "./object.js"

const callable = (s: unknown, method: string): unknown => {
  if (!isCallable(s)) throw typeError(`Function.prototype.${method} called on a value that is not a function`)
  return s
}

/** CreateListFromArrayLike (§7.3.19): `length`, then each index, read through the guest property path. */
const listFromArrayLike = (rt: Run, a: unknown): Array<unknown> => {
  if (a === undefined || a === null) return []
  if (Array.isArray(a)) return Array.from(a)
  if (typeof a !== "object") throw typeError("CreateListFromArrayLike called on non-object")
  const len = lengthOf(rt, a)
  checkArray(len, "apply arguments")
  chargeArray(rt, len)
  const out = new Array<unknown>(len)
  for (let i = 0; i < len; i++) {
    rt.tick() // an element read through the property path is a step (a getter may run)
    out[i] = getProperty(rt, a, i)
  }
  return out
}

/** The bound function's `length` (§20.2.3.2 steps 4–6): the target's own numeric length less the bound arguments. */
const boundLength = (rt: Run, target: unknown, bound: number): number => {
  if (!hasOwnKey(rt, target, "length")) return 0
  const l = getProperty(rt, target, "length")
  if (typeof l !== "number") return 0
  if (l === Infinity) return Infinity
  return Math.max(0, toInt(l) - bound)
}

const bind = (rt: Run, s: unknown, t: unknown, bound: ReadonlyArray<unknown>): Builtin => {
  const target = callable(s, "bind")
  const length = boundLength(rt, target, bound.length)
  const name = getProperty(rt, target, "name")
  const constructible =
    (target instanceof GuestFunction && target.code.isConstructor) ||
    (target instanceof Builtin && target.options.construct !== undefined)
  return new Builtin(
    `bound ${typeof name === "string" ? name : ""}`,
    (rt, _self, args) => rt.call(target, t, [...bound, ...args]),
    {
      length,
      bound: { target, thisArg: t, args: bound },
      // `new` on a bound function constructs its target with new.target = the target (§10.4.1.2).
      construct: constructible
        ? (rt, args) => construct(rt, target, [...bound, ...args], target, "bound function")
        : undefined,
      // `x instanceof bound` asks the target (§7.3.22 step 3).
      is: (v) =>
        target instanceof GuestFunction
          ? hasInstance(target, v)
          : target instanceof Builtin && target.options.is !== undefined && target.options.is(v),
    },
  )
}

export const functionMethods = methods(
  {
    call: (rt, s, [t, ...args]) => rt.call(callable(s, "call"), t, args),
    apply: (rt, s, [t, a]) => rt.call(callable(s, "apply"), t, listFromArrayLike(rt, a)),
    bind: (rt, s, [t, ...bound]) => bind(rt, s, t, bound),
    toString: (_rt: Run, s: unknown) => {
      if (s instanceof ToolRef) return functionText(s.path[s.path.length - 1] ?? "")
      if (!(s instanceof GuestFunction || s instanceof Builtin))
        throw typeError("Function.prototype.toString requires that 'this' be a Function")
      return functionText(s.name)
    },
  },
  { call: 1, apply: 2, bind: 1 },
)
