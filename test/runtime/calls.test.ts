import "./setup.js"
import { Cause, Context, Deferred, Effect, Exit, Fiber } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"
import { echo, refuse } from "./fixtures.js"

const slow = (ms: number, track?: { now: number; max: number; started: number; interrupted: number }) =>
  Tool.make({
    description: "Sleeps",
    input: { type: "object" },
    run: (input: unknown) =>
      Effect.gen(function* () {
        if (track) {
          track.started++
          track.now++
          track.max = Math.max(track.max, track.now)
        }
        yield* Effect.sleep(ms)
        return input
      }).pipe(
        Effect.onInterrupt(() => Effect.sync(() => track && track.interrupted++)),
        Effect.ensuring(Effect.sync(() => track && track.now--)),
      ),
  })

describe("tool calls", () => {
  it.effect("at most 8 calls run at once; all 20 complete", () =>
    Effect.gen(function* () {
      const track = { now: 0, max: 0, started: 0, interrupted: 0 }
      const result = yield* CodeMode.execute({
        tools: { slow: slow(5, track) },
        code: `const xs = await Promise.all(Array.from({ length: 20 }, (_, i) => tools.slow({ i }))); return xs.length`,
      })
      expect(result).toMatchObject({ ok: true, value: 20 })
      expect(track.max).toBe(8)
      expect(track.started).toBe(20)
      if (result.ok) expect(result.toolCalls).toHaveLength(20)
    }),
  )

  it.effect("maxToolCalls: the call past the limit fails ToolCallLimitExceeded, catchable, not recorded", () =>
    Effect.gen(function* () {
      const uncaught = yield* CodeMode.execute({
        tools: { echo },
        limits: { maxToolCalls: 2 },
        code: `await tools.echo({}); await tools.echo({}); await tools.echo({}); return 1`,
      })
      expect(uncaught).toMatchObject({
        ok: false,
        error: { kind: "ToolCallLimitExceeded", message: "Execution exceeded its tool-call limit of 2." },
        toolCalls: [{ name: "echo" }, { name: "echo" }],
      })
      const caught = yield* CodeMode.execute({
        tools: { echo },
        limits: { maxToolCalls: 0 },
        code: `try { await tools.echo({}) } catch (e) { return e.message }`,
      })
      expect(caught).toEqual({ ok: true, value: "Execution exceeded its tool-call limit of 0.", toolCalls: [] })
    }),
  )

  it.effect("hooks: start after decoding with the decoded input, end with outcome, index and message", () =>
    Effect.gen(function* () {
      const events: Array<unknown> = []
      const result = yield* CodeMode.execute({
        tools: { echo, refuse },
        code: `await tools.echo({ a: 1 }); try { await tools.refuse({}) } catch {} return 0`,
        onToolCallStart: (call) => Effect.sync(() => events.push(["start", call])),
        onToolCallEnd: (call) =>
          Effect.sync(() => events.push(["end", { ...call, durationMs: typeof call.durationMs }])),
      })
      expect(result.ok).toBe(true)
      expect(events).toEqual([
        ["start", { index: 0, name: "echo", input: { a: 1 } }],
        ["end", { index: 0, name: "echo", input: { a: 1 }, durationMs: "number", outcome: "success" }],
        ["start", { index: 1, name: "refuse", input: {} }],
        [
          "end",
          {
            index: 1,
            name: "refuse",
            input: {},
            durationMs: "number",
            outcome: "failure",
            message: "Order is unavailable",
          },
        ],
      ])
    }),
  )

  it.effect("$codemode.search is always registered, counted and recorded", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools: { orders: { echo } },
        limits: { maxToolCalls: 1 },
        code: `const r = await tools.$codemode.search({ query: "echo" }); return [Object.keys(tools), r.items.map(i => i.path)]`,
      })
      expect(result).toEqual({
        ok: true,
        value: [["orders", "$codemode"], ["tools.orders.echo"]],
        toolCalls: [{ name: "$codemode.search" }],
      })
    }),
  )

  it.effect("tool requirements flow through: a tool's service comes from the execute Effect's context", () =>
    Effect.gen(function* () {
      class Greeter extends Context.Service<Greeter, { readonly greet: (n: string) => string }>()("Greeter") {}
      const greet = Tool.make({
        description: "Greets",
        input: { type: "object" },
        run: (input: { name: string }) =>
          Effect.gen(function* () {
            return (yield* Greeter).greet(input.name)
          }),
      })
      const effect = CodeMode.execute({ tools: { greet }, code: `return await tools.greet({ name: "Ada" })` })
      // Type-level: the requirement is inferred from the tools; `tsc` fails if R were erased (unused expect-error).
      // @ts-expect-error Greeter is still required
      const unprovided: Effect.Effect<CodeMode.Result> = effect
      void unprovided
      // @ts-expect-error the runtime carries the requirement too
      const runtime: CodeMode.Runtime<never> = CodeMode.make({ tools: { greet } })
      void runtime
      const provided: Effect.Effect<CodeMode.Result> = Effect.provideService(effect, Greeter, {
        greet: (n) => `hi ${n}`,
      })
      expect(yield* provided).toMatchObject({ ok: true, value: "hi Ada" })
    }),
  )

  it.effect("timeoutMs: TimeoutExceeded, and in-flight calls (awaited or not) are interrupted", () =>
    Effect.gen(function* () {
      const track = { now: 0, max: 0, started: 0, interrupted: 0 }
      const ended: Array<string> = []
      const result = yield* CodeMode.execute({
        tools: { slow: slow(10_000, track) },
        limits: { timeoutMs: 50 },
        code: `tools.slow({ a: 1 }); await tools.slow({ b: 2 }); return 1`,
        onToolCallEnd: (call) => Effect.sync(() => ended.push(call.name)),
      })
      expect(result).toEqual({
        ok: false,
        error: { kind: "TimeoutExceeded", message: "Execution timed out after 50ms." },
        toolCalls: [{ name: "slow" }, { name: "slow" }],
      })
      expect(track.interrupted).toBe(2)
      expect(track.now).toBe(0)
      expect(ended).toEqual([]) // interrupted calls produce no end event
    }),
  )

  it.effect("timeoutMs stops a busy loop", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ limits: { timeoutMs: 50 }, code: `while (true) {}` })
      // The interpreter's own deadline check ends a loop that never yields; it words the diagnostic like the runtime.
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "TimeoutExceeded", message: "Execution timed out after 50ms." },
      })
    }),
  )

  it.effect("timeoutMs stops a busy loop inside a non-async helper (issue: runtime core)", () =>
    Effect.gen(function* () {
      const code = `function spin() { while (true) {} }\nspin()`
      const result = yield* CodeMode.execute({ limits: { timeoutMs: 50 }, code })
      expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    }),
  )

  it.effect("host interruption stays interruption and interrupts running calls", () =>
    Effect.gen(function* () {
      const track = { now: 0, max: 0, started: 0, interrupted: 0 }
      const started = yield* Deferred.make<void>()
      const gate = Tool.make({
        description: "Signals then sleeps",
        input: { type: "object" },
        run: () => Effect.andThen(Deferred.succeed(started, undefined), slow(10_000, track).run({})),
      })
      const fiber = yield* Effect.forkChild(
        CodeMode.execute({ tools: { gate }, code: `await tools.gate({}); return 1` }),
      )
      yield* Deferred.await(started)
      yield* Fiber.interrupt(fiber)
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && Exit.hasInterrupts(exit)).toBe(true)
      expect(track.interrupted).toBe(1)
    }),
  )
})

describe("a tool whose own Effect interrupts itself", () => {
  const selfInterrupt = (after: number) =>
    Tool.make({
      description: "Interrupts itself",
      input: { type: "object" },
      run: () => (after === 0 ? Effect.interrupt : Effect.andThen(Effect.sleep(after), Effect.interrupt)),
    })
  const cases = [
    { name: "synchronously", after: 0, limits: {} },
    { name: "after a sleep", after: 5, limits: {} },
    { name: "under a timeout (not TimeoutExceeded)", after: 5, limits: { timeoutMs: 2_000 } },
  ]
  for (const c of cases)
    it.effect(`${c.name}: the execution ends interrupted, not pending and not a diagnostic`, () =>
      Effect.gen(function* () {
        const exit = yield* Effect.exit(
          CodeMode.execute({
            tools: { stop: selfInterrupt(c.after) },
            limits: c.limits,
            code: `return await tools.stop({})`,
          }),
        )
        expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      }),
    )

  it.effect("with hooks too, and sibling calls still running are interrupted", () =>
    Effect.gen(function* () {
      const track = { now: 0, max: 0, started: 0, interrupted: 0 }
      const ended: Array<unknown> = []
      const exit = yield* Effect.exit(
        CodeMode.execute({
          tools: { stop: selfInterrupt(5), slow: slow(10_000, track) },
          onToolCallEnd: (e) => Effect.sync(() => ended.push(e)),
          code: `const s = tools.slow({}); try { await tools.stop({}) } catch (e) { return "caught" } return await s`,
        }),
      )
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      expect(track.interrupted).toBe(1)
      expect(ended).toEqual([])
    }),
  )
})

describe("a self-interrupting call the program does not await", () => {
  const stop = Tool.make({ description: "Interrupts itself", input: { type: "object" }, run: () => Effect.interrupt })
  const later = Tool.make({
    description: "Interrupts itself after a sleep",
    input: { type: "object" },
    run: () => Effect.andThen(Effect.sleep(5), Effect.interrupt),
  })
  const tools = { stop, later, echo }
  const outcome = (code: string, hooks = false) =>
    Effect.exit(
      CodeMode.execute({
        tools,
        code,
        ...(hooks ? { onToolCallEnd: () => Effect.void, onToolCallStart: () => Effect.void } : {}),
      }),
    )

  // Left alone, in a combinator nobody awaits, under a reaction or inside an async function nobody awaits: the
  // program's own result stands, with no unhandled rejection, and the calls are recorded as admitted.
  const ignored = [
    `tools.stop({}); tools.later({}); return "done"`,
    `Promise.all([tools.stop({}), tools.later({})]); Promise.allSettled([tools.later({})]); return "done"`,
    `tools.later({}).then(() => "never").catch(() => "not caught either"); return "done"`,
    `const f = async () => { await tools.later({}); return 1 }; f(); return "done"`,
    `tools.later({}); return (await tools.echo({ v: "done" })).v`,
  ]
  for (const code of ignored)
    for (const hooks of [false, true])
      it.effect(`${hooks ? "with hooks: " : ""}${code}`, () =>
        Effect.gen(function* () {
          const exit = yield* outcome(code, hooks)
          expect(Exit.isSuccess(exit) && exit.value).toMatchObject({ ok: true, value: "done" })
        }),
      )

  // Reached by the program's await, however indirectly, it is host interruption: not catchable, not a diagnostic.
  const awaited = [
    `await Promise.all([tools.echo({}), tools.later({})]); return "after"`,
    `await Promise.allSettled([tools.later({})]); return "after"`,
    `return await tools.later({}).catch(() => "caught")`,
    `const f = async () => { try { await tools.later({}) } finally { return "finally" } }; return await f()`,
    `tools.stop({}); const p = tools.later({}); await tools.echo({}); try { return await p } catch { return "caught" }`,
  ]
  for (const code of awaited)
    it.effect(`ends interrupted: ${code}`, () =>
      Effect.gen(function* () {
        const exit = yield* outcome(code)
        expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      }),
    )
})

describe("hooks that break their contract", () => {
  it.effect("a failing or throwing hook is ignored: the call still settles and the program goes on", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools: { echo },
        code: `return [await tools.echo({ a: 1 }), await tools.echo({ b: 2 })]`,
        onToolCallStart: () => Effect.die(new Error("start hook secret")),
        onToolCallEnd: () => {
          throw new Error("end hook secret")
        },
      })
      expect(result).toEqual({ ok: true, value: [{ a: 1 }, { b: 2 }], toolCalls: [{ name: "echo" }, { name: "echo" }] })
    }),
  )
})
