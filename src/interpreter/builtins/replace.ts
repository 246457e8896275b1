/**
 * Function replacers of `replace`/`replaceAll` (seed 000 "Regular expressions": replacers receive captures, offset,
 * input and named groups, "run sequentially, may await tool calls, and have their results coerced to strings").
 * A synchronous replacer behaves exactly like JS. When a replacer returns a promise, the remaining matches are
 * replaced one at a time after it settles and the method returns a promise of the string (a deliberate deviation
 * from JS, which would splice in "[object Promise]": `await text.replace(re, async (m) => …)` does what it says).
 */
import type { Run } from "../run.js"
import { toStr } from "../coerce.js"
import { newObject } from "../values.js"
import { guard } from "./promise.js"

type Pattern = string | RegExp

const copyGroups = (g: unknown) => {
  const o = newObject()
  for (const k of Object.keys(g as object)) o[k] = (g as Record<string, unknown>)[k]
  return o
}

/** Native replacer arguments → guest arguments (the trailing named-groups object becomes a guest object). */
const guestArgs = (args: Array<unknown>): Array<unknown> => {
  const last = args[args.length - 1]
  if (typeof last !== "object" || last === null) return args
  return [...args.slice(0, -1), copyGroups(last)]
}

export const replaceWithFunction = (
  rt: Run,
  text: string,
  pattern: Pattern,
  replacer: unknown,
  all: boolean,
): string | Promise<string> => {
  const native = (f: (...a: Array<unknown>) => string) =>
    all ? text.replaceAll(pattern as string, f) : text.replace(pattern as string, f)
  const calls: Array<Array<unknown>> = []
  native((...args) => {
    calls.push(args)
    return ""
  })
  const results: Array<string> = []
  const assemble = () => {
    let i = 0
    return native(() => results[i++]!)
  }
  for (let i = 0; i < calls.length; i++) {
    const v = rt.call(replacer, undefined, guestArgs(calls[i]!))
    if (v instanceof Promise) {
      rt.observe(v)
      const rest = async (first: Promise<unknown>): Promise<string> => {
        results.push(toStr(await first))
        for (let j = i + 1; j < calls.length; j++) {
          let w = rt.call(replacer, undefined, guestArgs(calls[j]!))
          if (w instanceof Promise) {
            rt.observe(w)
            w = await w
          }
          results.push(toStr(w))
        }
        return assemble()
      }
      const p = guard(rest(v))
      rt.track(p, "async")
      return p
    }
    results.push(toStr(v))
  }
  return assemble()
}
