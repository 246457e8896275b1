import type { Run } from "../run.js"
/**
 * Methods of guest functions: call/apply/bind (bound functions are built-ins closing over the guest callable).
 */
import { toList } from "../iteration.js"
import { Builtin, GuestFunction } from "../values.js"
import { methods } from "./util.js"

export const functionMethods = methods({
  call: (rt, s, [t, ...args]) => rt.call(s, t, args),
  apply: (rt, s, [t, a]) =>
    rt.call(s, t, a === undefined || a === null ? [] : toList(a, undefined, "apply arguments", rt)),
  bind: (_rt, s, [t, ...bound]) => {
    const name = s instanceof GuestFunction || s instanceof Builtin ? s.name : ""
    return new Builtin(`bound ${name}`, (rt, _self, args) => rt.call(s, t, [...bound, ...args]), {
      bound: { target: s, thisArg: t, args: bound },
    })
  },
  toString: (_rt: Run, s: unknown) => `function ${(s as { name?: string }).name ?? ""}() { [code] }`,
})
