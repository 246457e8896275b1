import "./setup.js"
import { Deferred, Effect, Fiber, Schema } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

/** A tool tree whose tools record every run, so a test can tell whether a gated call reached the host. */
const recording = () => {
  const ran: Array<{ name: string; input: unknown }> = []
  const tool = (name: string) =>
    Tool.make({
      description: `Records ${name}`,
      input: { type: "object" },
      run: (input: unknown) => Effect.sync(() => (ran.push({ name, input }), { done: name })),
    })
  return { ran, tools: { repo: { read: tool("repo.read"), write: tool("repo.write") } } }
}

const writesDenied: CodeMode.ToolApproval = ({ name }) =>
  Effect.succeed(name.endsWith(".write") ? { allow: false, reason: "writes need a human" } : { allow: true })

describe("approve", () => {
  it.effect("a denial is a ToolFailure with the host's reason; the tool never runs and no hook fires", () =>
    Effect.gen(function* () {
      const { ran, tools } = recording()
      const events: Array<string> = []
      const result = yield* CodeMode.execute({
        tools,
        approve: writesDenied,
        onToolCallStart: ({ name }) => Effect.sync(() => void events.push(`start ${name}`)),
        onToolCallEnd: ({ name }) => Effect.sync(() => void events.push(`end ${name}`)),
        code: `await tools.repo.read({ path: "a" }); await tools.repo.write({ path: "a" }); return "unreachable"`,
      })
      expect(result).toEqual({
        ok: false,
        error: {
          kind: "ToolFailure",
          message: "Tool call 'repo.write' was denied: writes need a human",
        },
        toolCalls: [{ name: "repo.read" }, { name: "repo.write" }],
      })
      expect(ran).toEqual([{ name: "repo.read", input: { path: "a" } }])
      expect(events).toEqual(["start repo.read", "end repo.read"])
    }),
  )

  it.effect("the program can catch a denial and carry on", () =>
    Effect.gen(function* () {
      const { ran, tools } = recording()
      const result = yield* CodeMode.execute({
        tools,
        approve: writesDenied,
        code: `
          let why = null
          try { await tools.repo.write({ path: "b" }) } catch (e) { why = e.message }
          const r = await tools.repo.read({ path: "b" })
          return { why, r }`,
      })
      expect(result).toMatchObject({
        ok: true,
        value: { why: "Tool call 'repo.write' was denied: writes need a human", r: { done: "repo.read" } },
      })
      expect(ran.map((r) => r.name)).toEqual(["repo.read"])
    }),
  )

  it.effect("the hook sees the dotted name, the decoded input and the call index; search is not gated", () =>
    Effect.gen(function* () {
      const asked: Array<CodeMode.ToolApprovalRequest> = []
      const result = yield* CodeMode.execute({
        tools: {
          math: {
            double: Tool.make({
              description: "Doubles a number given as text",
              input: Schema.Struct({ n: Schema.NumberFromString }),
              run: ({ n }: { n: number }) => Effect.succeed(n * 2),
            }),
          },
        },
        approve: (request) => Effect.sync(() => (asked.push(request), { allow: true as const })),
        code: `await tools.$codemode.search({ query: "double" }); return await tools.math.double({ n: "21" })`,
      })
      expect(result).toMatchObject({ ok: true, value: 42 })
      expect(asked).toEqual([{ name: "math.double", input: { n: 21 }, index: 1 }])
    }),
  )

  it.effect("input is decoded before approval: an invalid call never asks the host", () =>
    Effect.gen(function* () {
      let asked = 0
      const result = yield* CodeMode.execute({
        tools: {
          get: Tool.make({
            description: "Gets",
            input: Schema.Struct({ id: Schema.String }),
            run: () => Effect.succeed(1),
          }),
        },
        approve: () => Effect.sync(() => (asked++, { allow: true as const })),
        code: `return await tools.get({ id: 1 })`,
      })
      expect(result).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" } })
      expect(asked).toBe(0)
    }),
  )

  it.effect("a held call waits for the host's decision, then runs", () =>
    Effect.gen(function* () {
      const { ran, tools } = recording()
      const pending = yield* Deferred.make<Deferred.Deferred<CodeMode.ToolApprovalDecision>>()
      const runtime = CodeMode.make({
        tools,
        limits: { timeoutMs: 5_000 },
        approve: () =>
          Effect.gen(function* () {
            const decision = yield* Deferred.make<CodeMode.ToolApprovalDecision>()
            yield* Deferred.succeed(pending, decision)
            return yield* Deferred.await(decision)
          }),
      })
      const fiber = yield* Effect.forkChild(runtime.execute(`return await tools.repo.write({ path: "c" })`))
      const decision = yield* Deferred.await(pending)
      // The call is held: the program is waiting and the tool has not run.
      yield* Effect.sleep(20)
      expect(ran).toEqual([])
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* Deferred.succeed(decision, { allow: true })
      const result = yield* Fiber.join(fiber)
      expect(result).toMatchObject({ ok: true, value: { done: "repo.write" } })
      expect(ran).toEqual([{ name: "repo.write", input: { path: "c" } }])
    }),
  )

  it.effect("a call held past the deadline ends the run with TimeoutExceeded and interrupts the pending decision", () =>
    Effect.gen(function* () {
      const { ran, tools } = recording()
      let interrupted = 0
      const result = yield* CodeMode.execute({
        tools,
        limits: { timeoutMs: 50 },
        approve: () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted++))),
        // A catch cannot swallow the timeout: it is not a tool failure.
        code: `try { await tools.repo.write({}) } catch (e) { return "caught" }`,
      })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "TimeoutExceeded", message: "Execution timed out after 50ms." },
        toolCalls: [{ name: "repo.write" }],
      })
      expect(interrupted).toBe(1)
      expect(ran).toEqual([])
    }),
  )

  const broken: ReadonlyArray<[string, CodeMode.ToolApproval]> = [
    ["fails", () => Effect.fail(new Error("db://secret-approval-store")) as never],
    ["dies", () => Effect.die(new Error("secret-defect"))],
    [
      "throws",
      () => {
        throw new Error("secret-throw")
      },
    ],
    ["answers nonsense", () => Effect.succeed({ allow: "yes" } as never)],
    ["denies without a reason", () => Effect.succeed({ allow: false } as never)],
    ["returns no Effect", () => undefined as never],
  ]
  for (const [what, approve] of broken)
    it.effect(`a hook that ${what} denies the call (fail closed) with a clear, cause-free message`, () =>
      Effect.gen(function* () {
        const { ran, tools } = recording()
        const result = yield* CodeMode.execute({
          tools,
          approve,
          code: `try { await tools.repo.read({}) } catch (e) { return e.message }`,
        })
        expect(result).toEqual({
          ok: true,
          value: "Tool call 'repo.read' was denied: the approval check failed",
          toolCalls: [{ name: "repo.read" }],
        })
        expect(JSON.stringify(result)).not.toMatch(/secret/)
        expect(ran).toEqual([])
      }),
    )

  it.effect("denied calls count toward maxToolCalls", () =>
    Effect.gen(function* () {
      let asked = 0
      const { tools } = recording()
      const result = yield* CodeMode.execute({
        tools,
        limits: { maxToolCalls: 2 },
        approve: () => Effect.sync(() => (asked++, { allow: false as const, reason: "no" })),
        code: `for (let i = 0; i < 5; i++) { try { await tools.repo.write({}) } catch (e) { if (!e.message.includes("denied")) return e.message } }`,
      })
      expect(result).toMatchObject({ ok: true, value: "Execution exceeded its tool-call limit of 2." })
      expect(asked).toBe(2)
    }),
  )

  it.effect("runtime.run (any dialect) goes through the same gate", () =>
    Effect.gen(function* () {
      const { ran, tools } = recording()
      const runtime = CodeMode.make({ tools, approve: writesDenied })
      const result = yield* runtime.run('```js\nawait tools.repo.write({ path: "d" })\n```')
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "ToolFailure", message: "Tool call 'repo.write' was denied: writes need a human" },
      })
      expect(ran).toEqual([])
    }),
  )

  it("approve must be a function", () => {
    expect(() => CodeMode.make({ approve: true as never })).toThrow(
      new TypeError("CodeMode: approve must be a function."),
    )
  })
})
