/**
 * `isolation: "worker" | "process"` against the in-process runtime: the same programs give the same Results (tool
 * calls still run in the host, through the same admission, decoding, hooks and sanitization), and what only a
 * sandbox can survive — a heap blow-up, a never-ending native loop — ends as a diagnostic with this process alive.
 * The sandbox runs the built entry point (`dist/`): `npm run build` first.
 */
import { Cause, Effect, Exit, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode, Tool, toolError } from "../../src/index.js"
import { warmUp } from "../../src/isolation/supervisor.js"

const calls: Array<string> = []
const tools = {
  orders: {
    lookup: Tool.make({
      description: "Look up an order by ID",
      input: Schema.Struct({ id: Schema.String }),
      output: Schema.Struct({ id: Schema.String, status: Schema.String }),
      run: ({ id }: { id: string }) => Effect.succeed({ id, status: "open" }),
    }),
    refuse: Tool.make({
      description: "Always refuses",
      input: { type: "object" },
      run: () => Effect.fail(toolError("Order is unavailable", new Error("host-secret"))),
    }),
    never: Tool.make({
      description: "Never answers",
      input: { type: "object" },
      run: () => Effect.never,
    }),
    stop: Tool.make({ description: "Interrupts itself", input: { type: "object" }, run: () => Effect.interrupt }),
  },
  echo: Tool.make({ description: "Echo", input: { type: "object" }, run: (x: unknown) => Effect.succeed(x) }),
}

const make = (isolation: "none" | "worker" | "process", limits: CodeMode.ExecutionLimits = {}) =>
  CodeMode.make({
    tools,
    isolation,
    limits: { maxToolCalls: 6, ...limits },
    onToolCallStart: (call) => Effect.sync(() => void calls.push(`${isolation}:${call.name}`)),
  })

const programs = [
  `return (await tools.orders.lookup({ id: "a" })).status`,
  `console.log("x", { a: [1, 2] }); const r = await Promise.all([1, 2].map((n) => tools.echo({ n }))); return r`,
  `try { await tools.orders.refuse({}) } catch (e) { return e.message }`,
  `return await tools.orders.lookup({ id: 1 })`,
  `return await tools.orders.lookp({ id: "a" })`,
  `for (let i = 0; i < 10; i++) await tools.echo({ i })`,
  `const r = await Promise.race([tools.orders.never({}), tools.echo({ fast: true })]); return r`,
  `return [Object.keys(tools), Object.keys(tools.orders), Math.random(), undefined, NaN]`,
  `return { f: () => 1 }`,
  `throw new TypeError("bad " + "thing")`,
  `return (await tools.$codemode.search({ query: "order" })).items.map((i) => i.path)`,
  `const page = await search({ query: "order" }); try { await search({ limit: 0 }) } catch (e) { return [page, e.message] }`,
  `tools.orders.stop({}); Promise.all([tools.orders.stop({})]); return "done"`,
]

const modes = ["worker", "process"] as const

beforeAll(async () => {
  await Promise.all(modes.map((mode) => warmUp(mode)))
})

afterAll(() => {
  calls.length = 0
})

describe.each(modes)("isolation %s", (mode) => {
  it("gives the Results of the in-process runtime, tool calls and hooks included", async () => {
    const none = make("none")
    const isolated = make(mode)
    for (const code of programs) {
      calls.length = 0
      const expected = await Effect.runPromise(none.execute(code))
      const inProcessCalls = calls.map((c) => c.replace(/^none:/, ""))
      calls.length = 0
      const actual = await Effect.runPromise(isolated.execute(code))
      expect(actual, code).toEqual(expected)
      expect(calls.map((c) => c.replace(`${mode}:`, ""))).toEqual(inProcessCalls)
    }
  })

  it("runs raw input through the frontend inside the sandbox: receipt, lastOutput and pragma limits", async () => {
    const none = make("none", { timeoutMs: 5_000 })
    const isolated = make(mode, { timeoutMs: 5_000 })
    const inputs = [
      { code: `const o = await tools.orders.lookup({ id: "q" })\nconsole.log(o)\nreturn null` },
      "Here:\n```js\nreturn await tools.orders.lookup({ id: 'b' })\n```\n",
      { code: `const name = ["orders", "lookup"].join("_")\nreturn (await tools[name]({ id: "d" })).status` },
      { code: "return (" },
    ]
    for (const input of inputs)
      expect(await Effect.runPromise(isolated.run(input)), JSON.stringify(input)).toEqual(
        await Effect.runPromise(none.run(input)),
      )
    const pragma = await Effect.runPromise(isolated.run({ code: '// @options: {"timeout_ms": 100}\nwhile (true) {}' }))
    expect(pragma).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    expect(!pragma.ok && pragma.error.message).toContain("100ms")
  })

  it("ends a run that blows its memory budget with a memory ExecutionFailure; the next run works", async () => {
    const runtime = make(mode, { maxMemoryBytes: 4_000_000, timeoutMs: 20_000 })
    await warmUp(mode, 4_000_000)
    // One native call allocates 7e6 objects (about 400 MB) before the estimate can charge them.
    const blowUp = await Effect.runPromise(runtime.execute("return JSON.parse('[' + '{},'.repeat(7e6) + '{}]').length"))
    expect(blowUp).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    // Stopped by the estimate when it charges the parse, or by the sandbox's heap cap when V8 runs out first.
    expect(!blowUp.ok && blowUp.error.message).toMatch(/memory budget of 4000000 bytes/)
    expect(await Effect.runPromise(runtime.execute("return 1 + 1"))).toMatchObject({ ok: true, value: 2 })
    // Past the run's own 20 s deadline and the sandboxes' starts (the capped one, and its replacement for the next
    // run), which wait for a core at low priority on a loaded machine: the default 30 s cut this test off there.
  }, 90_000)

  it("ends a run interrupted when it awaits a call its host interrupted; the next run works", async () => {
    const runtime = make(mode)
    const exit = await Effect.runPromiseExit(runtime.execute(`try { await tools.orders.stop({}) } catch { return 1 }`))
    expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    expect(await Effect.runPromise(runtime.execute("return 1 + 1"))).toMatchObject({ ok: true, value: 2 })
  })

  it("returns TimeoutExceeded for a program stuck in one native call, keeping what it logged", async () => {
    const runtime = make(mode, { timeoutMs: 1_000 })
    const stuck = await Effect.runPromise(
      runtime.execute(`console.log("before"); const a = Array(5e6).fill(1); for (;;) a.indexOf(2)`),
    )
    expect(stuck).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" }, logs: ["before"] })
  })
})

describe("the isolation option", () => {
  it("is validated at make", () => {
    expect(() => CodeMode.make({ isolation: "vm" as never })).toThrow(/isolation must be one of "none", "worker"/)
  })
})
