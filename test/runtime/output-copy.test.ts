// A tool output crosses into the guest in one copy: the runtime's own copy (src/runtime/data.ts) builds the
// interpreter's objects when the interpreter asks (Host.callToolInto). Differential: the same programs over the same
// outputs, once through that route and once through the two-copy route every other host takes (plain data from
// `callTool`, copied in by the interpreter), must end identically: values, prototypes, failures and their texts.
import * as vm from "node:vm"
import { Context, Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Tool } from "../../src/index.js"
import type { Host, RunOutcome } from "../../src/interpreter/host.js"
import { interpreter } from "../../src/runtime/engine.js"
import { Execution, type Prepared } from "../../src/runtime/execution.js"
import { resolveLimits, type ExecutionLimits } from "../../src/runtime/limits.js"
import { prepareTree } from "../../src/runtime/tree.js"
import { parseProgram } from "../../src/syntax/parse.js"
import { freshState } from "../../src/runtime/session-state.js"

const deep = (n: number): unknown => (n === 0 ? 1 : { d: deep(n - 1) })
const cyclic: Record<string, unknown> = { a: 1 }
cyclic.self = cyclic
const shared = { s: 1 }

/** Outputs of every kind the copy treats differently, good and bad. */
const OUTPUTS: Record<string, () => unknown> = {
  scalars: () => ({ s: "x", n: -0, nan: NaN, inf: -Infinity, t: true, u: undefined, z: null }),
  nested: () => ({ list: [1, [2, { three: [3] }]], empty: {}, none: [] }),
  sparse: () => [1, , 3], // eslint-disable-line no-sparse-arrays
  order: () => ({ b: 1, 2: "two", a: 2, 1: "one" }),
  shared: () => ({ x: shared, y: [shared, shared] }),
  foreign: () => vm.runInNewContext("({ a: [1, { b: 'x' }], n: null, d: new Date(0) })"),
  nullProto: () => Object.assign(Object.create(null), { k: "v" }),
  host: () => ({
    date: new Date(86_400_000),
    bad: new Date(NaN),
    url: new URL("https://x.test/a?b=1"),
    m: new Map([[1, 2]]),
    s: new Set([1]),
  }),
  inherited: () => Object.assign(Object.create({ hidden: 1 }), { own: 2 }),
  deep32: () => deep(31),
  deep33: () => deep(33),
  cyclic: () => cyclic,
  blocked: () => JSON.parse('{"a":{"__proto__":{"polluted":true}}}'),
  constructorKey: () => ({ constructor: 1 }),
  fn: () => ({ f: () => 1 }),
  bigint: () => ({ n: 1n }),
  klass: () => new (class K {})(),
  getter: () =>
    Object.defineProperty({}, "x", {
      enumerable: true,
      get: () => {
        throw new Error("host secret")
      },
    }),
  proxy: () =>
    new Proxy(
      { a: 1 },
      {
        ownKeys: () => {
          throw new Error("trap secret")
        },
      },
    ),
  string: () => "text",
  number: () => 42,
  nothing: () => undefined,
}

/** Programs that look at an output from every side a guest can, including the paths to the host's own objects. */
const PROGRAMS = [
  "return await tools.t.f({})",
  `const v = await tools.t.f({})
   if (typeof v !== "object" || v === null) return [typeof v, v]
   return [Object.keys(v), JSON.stringify(v), Object.getPrototypeOf(v) === Object.prototype, Array.isArray(v),
     v.constructor === Object || v.constructor === Array, String(v), typeof v.hasOwnProperty, v.polluted,
     Object.entries(v).map(([k, x]) => [k, typeof x, x !== null && typeof x === "object" && Object.getPrototypeOf(x) === Object.prototype])]`,
  `const v = await tools.t.f({})
   try { return v.constructor.constructor("return typeof process")() } catch (e) { return "caught " + e.name + ": " + e.message }`,
  `const v = await tools.t.f({})
   if (typeof v !== "object" || v === null) return v
   v.added = 1; Object.assign(v, { more: [1] }); return { ...v, n: Object.keys(v).length }`,
  `try { return await tools.t.f({}) } catch (e) { return [e.name, e.message] }`,
]

const execution = (run: () => unknown, limits?: ExecutionLimits, hooks: Prepared<never>["hooks"] = {}) => {
  const prepared: Prepared<never> = {
    tree: prepareTree({
      t: { f: Tool.make({ description: "f", input: { type: "object" }, run: () => Effect.sync(run) }) },
    }),
    search: undefined as never,
    hooks,
    resolved: new WeakMap(),
  }
  return new Execution(prepared, resolveLimits(limits), Context.empty() as Context.Context<never>, freshState("test"))
}

/** The same host without `callToolInto`: plain data from `callTool`, copied in by the interpreter. */
const twoCopies = (h: Execution<never>): Host => ({
  lookup: (p) => h.lookup(p),
  keys: (p) => h.keys(p),
  callTool: (p, i, as) => h.callTool(p, i, as),
  cancel: (p) => h.cancel(p),
  log: (line, values) => h.log(line, values),
  deadline: h.deadline,
  maxMemoryBytes: h.maxMemoryBytes,
  cancelled: h.cancelled,
  random: h.random,
})

const compile = (source: string) => {
  const parsed = parseProgram(source)
  if (!parsed.ok) throw new Error(parsed.diagnostic.message)
  const compiled = interpreter().compile(parsed.program, parsed.code)
  if (!compiled.ok) throw new Error(compiled.diagnostic.message)
  return compiled.program
}

const both = async (
  source: string,
  output: () => unknown,
  limits?: ExecutionLimits,
  hooks?: Prepared<never>["hooks"],
): Promise<[RunOutcome, RunOutcome]> => {
  const program = compile(source)
  const once = execution(output, limits, hooks)
  expect(typeof once.callToolInto).toBe("function")
  return [await program.run(once), await program.run(twoCopies(execution(output, limits, hooks)))]
}

describe("tool outputs copied once (Host.callToolInto)", () => {
  it("end every program exactly as the two-copy route does, on every kind of output", async () => {
    let failures = 0
    for (const [name, output] of Object.entries(OUTPUTS))
      for (const source of PROGRAMS) {
        const [one, two] = await both(source, output)
        expect(one, `${name}: ${source}`).toEqual(two)
        if (!one.ok) failures++
        if (!one.ok) expect(one.diagnostic.message).not.toMatch(/secret/)
      }
    // The bad outputs fail (InvalidToolOutput, or caught as such), the good ones do not: the comparison saw both.
    expect(failures).toBeGreaterThan(10)
  })

  it("take the hooks' route (a call observed by onToolCallEnd) to the same end", async () => {
    const ends: Array<string> = []
    const hooks = { onToolCallEnd: (e: { outcome: string }) => Effect.sync(() => void ends.push(e.outcome)) }
    for (const name of ["host", "nested", "foreign", "cyclic"]) {
      const [one, two] = await both(PROGRAMS[1]!, OUTPUTS[name]!, undefined, hooks)
      expect(one, name).toEqual(two)
    }
    // A Date of another realm is not this realm's Date: refused, as a cycle is.
    expect(ends).toEqual(["success", "success", "success", "success", "failure", "failure", "failure", "failure"])
  })

  it("fail with the contract's InvalidToolOutput text", async () => {
    for (const name of ["deep33", "cyclic", "blocked", "constructorKey", "fn", "bigint", "klass", "getter", "proxy"]) {
      const [one] = await both("return await tools.t.f({})", OUTPUTS[name]!)
      expect(one, name).toMatchObject({
        ok: false,
        diagnostic: { kind: "InvalidToolOutput", message: "Invalid output from tool 't.f'." },
      })
    }
  })

  it("charge the memory budget the same", async () => {
    const big = () => Array.from({ length: 2000 }, (_, i) => ({ id: "item-number-" + i, tags: ["a", "b"] }))
    const source = "const v = await tools.t.f({}); return v.length"
    const roomy = await both(source, big, { maxMemoryBytes: 10_000_000 })
    expect(roomy[0]).toEqual({ ok: true, value: 2000 })
    expect(roomy[0]).toEqual(roomy[1])
    const tight = await both(source, big, { maxMemoryBytes: 200_000 })
    expect(tight[0]).toMatchObject({ ok: false, diagnostic: { message: expect.stringMatching(/memory budget/) } })
    expect(tight[0]).toEqual(tight[1])
  })
})
