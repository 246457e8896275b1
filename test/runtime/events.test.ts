import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool, toolError } from "../../src/index.js"
import type { RunEvent } from "../../src/runtime/observe.js"

/** Tools that record, in the same list as the events, when they actually ran: the events must interleave with it. */
const recorder = () => {
  const seen: Array<RunEvent | { type: "ran"; name: string }> = []
  const tools = {
    fs: {
      read: Tool.make({
        description: "Reads",
        input: { type: "object" },
        run: (input: { path: string }) =>
          Effect.sync(() => (seen.push({ type: "ran", name: "fs.read" }), `text of ${input.path}`)),
      }),
      fail: Tool.make({
        description: "Fails",
        input: { type: "object" },
        run: () =>
          Effect.sync(() => seen.push({ type: "ran", name: "fs.fail" })).pipe(
            Effect.andThen(Effect.fail(toolError("disk full"))),
          ),
      }),
    },
  }
  return { seen, tools }
}

const PROGRAM = `console.log("start")
const a = await tools.fs.read({ path: "a" })
try { await tools.fs.fail({}) } catch (e) { console.log("caught " + e.message) }
return a`

const shape = (events: ReadonlyArray<RunEvent | { type: "ran"; name: string }>) =>
  events.map((e) =>
    e.type === "toolCallEnd"
      ? { ...e, durationMs: typeof e.durationMs === "number" && e.durationMs >= 0 ? "n" : e.durationMs }
      : e,
  )

const EXPECTED = [
  { type: "console", line: "start" },
  { type: "toolCallStart", index: 0, name: "fs.read", input: { path: "a" } },
  { type: "ran", name: "fs.read" },
  { type: "toolCallEnd", index: 0, name: "fs.read", outcome: "success", durationMs: "n" },
  { type: "toolCallStart", index: 1, name: "fs.fail", input: {} },
  { type: "ran", name: "fs.fail" },
  { type: "toolCallEnd", index: 1, name: "fs.fail", outcome: "failure", durationMs: "n", message: "disk full" },
  { type: "console", line: "caught disk full" },
  { type: "runEnd", ok: true, toolCalls: 2 },
]

describe("run events (Options.onEvent, RunOptions.onEvent)", () => {
  for (const isolation of ["none", "worker", "process"] as const)
    it.effect(`isolation ${isolation}: console lines and tool calls arrive in order, while the program runs`, () =>
      Effect.gen(function* () {
        const { seen, tools } = recorder()
        const runtime = CodeMode.make({ tools, isolation, onEvent: (e) => void seen.push(e) })
        const result = yield* runtime.execute(PROGRAM)
        expect(result).toMatchObject({ ok: true, value: "text of a" })
        expect(shape(seen)).toEqual(EXPECTED)
      }),
    )

  for (const isolation of ["none", "process"] as const)
    it.effect(`isolation ${isolation}: runtime.run reports the receipt first, to the run's own listener too`, () =>
      Effect.gen(function* () {
        const { seen, tools } = recorder()
        const mine: Array<RunEvent> = []
        const runtime = CodeMode.make({ tools, isolation, onEvent: (e) => void seen.push(e) })
        // A Pi-style envelope with a fence: the frontend changes something, and says so first.
        const result = yield* runtime.run(
          { code: "```js\n" + PROGRAM + "\n```" },
          { onEvent: (e) => void mine.push(e) },
        )
        expect(result.ok).toBe(true)
        const receipt = seen[0] as Extract<RunEvent, { type: "receipt" }>
        expect(receipt.type).toBe("receipt")
        expect(receipt.changes.map((c) => c.rule)).toEqual(result.receipt.changes.map((c) => c.rule))
        expect(receipt.changes.length).toBeGreaterThan(0)
        expect(shape(seen.slice(1))).toEqual(EXPECTED)
        expect(mine).toEqual(seen.filter((e) => e.type !== "ran"))
      }),
    )

  it.effect("a listener that throws changes nothing", () =>
    Effect.gen(function* () {
      const { tools } = recorder()
      const result = yield* CodeMode.execute({
        tools,
        code: PROGRAM,
        onEvent: () => {
          throw new Error("observer bug")
        },
      })
      expect(result).toMatchObject({ ok: true, value: "text of a", logs: ["start", "caught disk full"] })
    }),
  )

  it.effect("denied and refused calls: a denied call starts and ends failed; a refused one is never started", () =>
    Effect.gen(function* () {
      const { seen, tools } = recorder()
      const result = yield* CodeMode.execute({
        tools,
        limits: { perTool: { "fs.read": 1 } },
        approve: ({ index }) => Effect.succeed(index === 0 ? { allow: false, reason: "not now" } : { allow: true }),
        onEvent: (e) => void seen.push(e),
        code: `for (let i = 0; i < 3; i++) try { await tools.fs.read({ path: "x" }) } catch {}`,
      })
      expect(result.ok).toBe(true)
      expect(shape(seen)).toEqual([
        { type: "toolCallStart", index: 0, name: "fs.read", input: { path: "x" } },
        {
          type: "toolCallEnd",
          index: 0,
          name: "fs.read",
          outcome: "failure",
          durationMs: "n",
          message: "Tool call 'fs.read' was denied: not now",
        },
        { type: "runEnd", ok: true, toolCalls: 1 },
      ])
    }),
  )
})
