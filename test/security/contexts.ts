/**
 * Where a payload runs (issue item 1: "inside a callback, after await, inside catch"). A payload is an expression;
 * async payloads (containing `await`) only go where `await` is legal.
 */
export interface Context {
  readonly name: string
  readonly allowsAwait: boolean
  readonly wrap: (expr: string) => string
}

export const CONTEXTS: ReadonlyArray<Context> = [
  { name: "top", allowsAwait: true, wrap: (e) => `return ${e}` },
  { name: "callback", allowsAwait: false, wrap: (e) => `return [0].map(() => ${e})[0]` },
  { name: "asyncCallback", allowsAwait: true, wrap: (e) => `return (await Promise.all([0].map(async () => ${e})))[0]` },
  { name: "afterAwait", allowsAwait: true, wrap: (e) => `await tools.echo({}); return ${e}` },
  { name: "catch", allowsAwait: true, wrap: (e) => `try { throw new Error("x") } catch (err) { return ${e} }` },
  { name: "finally", allowsAwait: true, wrap: (e) => `let r; try { r = 0 } finally { r = ${e} } return r` },
  {
    name: "asyncFunction",
    allowsAwait: true,
    wrap: (e) => `const f = async () => { await null; return ${e} }; return await f()`,
  },
  { name: "getter", allowsAwait: false, wrap: (e) => `const o = { get v() { return ${e} } }; return o.v` },
  { name: "then", allowsAwait: false, wrap: (e) => `return await Promise.resolve(0).then(() => ${e})` },
  {
    name: "sortComparator",
    allowsAwait: false,
    wrap: (e) => `let r; [2, 1].sort((a, b) => { r = ${e}; return a - b }); return r`,
  },
]
