import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

/**
 * What ends a program. Canonical (the 1.18 contract): un-awaited calls and one-shot timers are awaited after the body
 * returns, and a deadline during that wait keeps the returned value, naming what it cancelled. Codex: a cell ends when
 * its body completes (codex-rs/core/tests/suite/code_mode_canonical_script.rs): pending timers never fire and calls
 * still in flight are cancelled.
 */
const host = () => {
  const log: Array<string> = []
  const mark = (what: string) => Effect.sync(() => void log.push(what))
  const never = (name: string) => Effect.never.pipe(Effect.onInterrupt(() => mark(`interrupted ${name}`)))
  const t = {
    never: Tool.make({ description: "Never answers", input: { type: "object" }, run: () => never("never") }),
    echo: Tool.make({
      description: "Answers its input",
      input: { type: "object" },
      run: (input: unknown) => Effect.as(mark("echo"), input),
    }),
  }
  // The source's tool: calls a and b answer, c and d never settle; each start is logged.
  const canonical_script_tool = Tool.make({
    description: "Controllable tool for the canonical code-mode script test.",
    input: { type: "object" },
    run: (input: unknown) => {
      const call = (input as { call: string }).call
      return Effect.andThen(
        mark(`start ${call}`),
        call === "a" || call === "b" ? Effect.as(mark(`done ${call}`), { ok: true }) : never(call),
      )
    },
  })
  return { log, tools: { t, canonical_script_tool } }
}

const warningsOf = (ran: { receipt: { warnings: ReadonlyArray<{ message: string }> } }) =>
  ran.receipt.warnings.map((w) => w.message)

describe("the end of a program", () => {
  it.effect(
    "canonical: the deadline after the body returned keeps the value and names the pending call and timer",
    () =>
      Effect.gen(function* () {
        const { log, tools } = host()
        const runtime = CodeMode.make({ tools, limits: { timeoutMs: 300 } })
        // The call starts from a timer (an un-awaited call in the body would get an await inserted by the frontend).
        const ran = yield* runtime.run({
          code: "setTimeout(() => tools.t.never({}), 1); setTimeout(() => tools.t.echo({}), 60000); return 1",
        })
        expect(ran).toMatchObject({ ok: true, value: 1 })
        const warnings = warningsOf(ran)
        expect(warnings).toHaveLength(2)
        expect(warnings.find((w) => w.includes("tools.t.never"))).toMatch(/deadline \(300ms\).*cancelled/)
        expect(warnings.find((w) => w.includes("setTimeout"))).toMatch(/60000 ms.*cancelled/)
        // The call was interrupted, the timer never fired.
        expect(log).toEqual(["interrupted never"])
      }),
  )

  it.effect("canonical: background work that finishes in time is awaited, and nothing is reported", () =>
    Effect.gen(function* () {
      const { log, tools } = host()
      const runtime = CodeMode.make({ tools, limits: { timeoutMs: 5000 } })
      const ran = yield* runtime.run({ code: "setTimeout(() => tools.t.echo({}), 5); return 2" })
      expect(ran).toMatchObject({ ok: true, value: 2 })
      expect(warningsOf(ran)).toEqual([])
      expect(log).toEqual(["echo"])
    }),
  )

  it.effect("canonical: a body still waiting at the deadline times out as before", () =>
    Effect.gen(function* () {
      const { tools } = host()
      const runtime = CodeMode.make({ tools, limits: { timeoutMs: 200 } })
      const ran = yield* runtime.run({ code: "await tools.t.never({}); return 3" })
      expect(ran).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    }),
  )

  it.effect("codex: the canonical script ends with its texts when its body completes, long before the deadline", () =>
    Effect.gen(function* () {
      const { log, tools } = host()
      const timeoutMs = 20000
      const runtime = CodeMode.make({ tools, limits: { timeoutMs } })
      // Verbatim from codex-rs/core/tests/suite/code_mode_canonical_script.rs (corpus case vendor-codex-canonical-script).
      const code =
        '\nconst tool_call_a = () => tools.canonical_script_tool({ call: "a" });\nconst tool_call_b = () => tools.canonical_script_tool({ call: "b" });\nconst tool_call_c = () => tools.canonical_script_tool({ call: "c" });\nconst tool_call_d = () => tools.canonical_script_tool({ call: "d" });\n\ntext("hello world");\nyield_control();\ntext("second frame");\nnotify("boo");\nawait Promise.all([tool_call_a(), tool_call_b()]);\ntext("tool calls done");\nsetTimeout(tool_call_c, 99999);\ntool_call_d();\n'
      const started = Date.now()
      const ran = yield* runtime.run(code, { hint: "codex" })
      const elapsed = Date.now() - started
      expect(ran.receipt.dialect).toBe("codex")
      expect(ran.ok).toBe(true)
      expect(ran.logs).toEqual(["hello world", "second frame", "tool calls done"])
      // notify("boo") is an item of its own, not one of the cell's texts.
      expect(ran.notifications).toEqual(["boo"])
      // Not held to the deadline by the timer or by call d.
      expect(elapsed).toBeLessThan(timeoutMs / 4)
      // a and b completed, c never started, d started and was cancelled.
      expect(log).not.toContain("start c")
      expect(log).toEqual(expect.arrayContaining(["done a", "done b", "start d", "interrupted d"]))
      const warnings = warningsOf(ran)
      expect(warnings.find((w) => w.includes("99999 ms"))).toMatch(/body completed.*cancelled/)
      expect(warnings.find((w) => w.includes("tools.canonical_script_tool (line 5)"))).toMatch(/cancelled/)
    }),
  )

  it.effect("codex: a cell's trailing expression is not its result, and its promise is not awaited", () =>
    Effect.gen(function* () {
      const { log, tools } = host()
      const runtime = CodeMode.make({ tools, limits: { timeoutMs: 20000 } })
      const code = 'const d = () => tools.canonical_script_tool({ call: "d" });\ntext("x");\nd()'
      const ran = yield* runtime.run(code, { hint: "codex" })
      expect(ran).toMatchObject({ ok: true, value: null, logs: ["x"] })
      expect(log).toEqual(["start d", "interrupted d"])
    }),
  )
})
