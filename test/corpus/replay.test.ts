import { describe, expect, it } from "vitest"
import type { Case, Recorded } from "../../src/corpus/cases.js"
import type { Attempt } from "../../src/corpus/execute.js"
import { replayOf } from "../../src/corpus/replay.js"
import { diagnostic } from "../../src/diagnostic.js"

/** The replay verdict's rules (docs/corpus-import.md#the-replay-column), one by one, on hand-made attempts. */
const aCase = (input: unknown, recorded: Recorded | undefined): Case => ({
  id: "x",
  file: "x.cases.json",
  dialect: "codex",
  toolsets: ["imported-no-tools"],
  task: "t",
  source: { kind: "model-output", model: "m" },
  input,
  expect: { ok: true, hasValue: false },
  ...(recorded ? { recorded } : {}),
})
const ran = (logs: string[], value: unknown = null): Attempt => ({
  failedAt: undefined,
  answers: [],
  result: { ok: true, value, logs, toolCalls: [] },
})
const failed = (message: string): Attempt => ({
  failedAt: "execute",
  diagnostic: diagnostic("ExecutionFailure", message),
  answers: [],
})
const verdict = (input: unknown, recorded: Recorded | undefined, attempt: Attempt, tools: string[] = []) =>
  replayOf(aCase(input, recorded), attempt, [], tools)?.verdict

describe("replay verdicts", () => {
  it("has none without a recorded result", () => {
    expect(verdict("text(1)", undefined, ran(["1"]))).toBeUndefined()
  })

  it("is same for equal text (line-end spaces aside) and for equal JSON in another key order", () => {
    expect(verdict("text('a')", { text: "a  \r\nb\n" }, ran(["a", "b"]))).toBe("same")
    expect(verdict({ code: "return {a:1,b:[2]}" }, { text: '{"b":[2],"a":1}' }, ran([], { a: 1, b: [2] }))).toBe("same")
    expect(verdict("text('a')", { text: "A" }, ran(["a"]))).toBe("different")
    // An MCP server's `{ result, logs }` answer: its `result` member is the returned value.
    const wrapped = { text: '{"result":[10,20],"logs":["x"]}' }
    expect(verdict({ code: "async () => [10, 20]" }, wrapped, ran(["x"], [10, 20]))).toBe("same")
    expect(verdict({ code: "async () => [10, 21]" }, wrapped, ran(["x"], [10, 21]))).toBe("different")
  })

  it("compares a Codex cell's own output, not its framed text", () => {
    const recorded = { text: "Script completed\nWall time 0.1 seconds\nOutput:\n\n42", output: "42" }
    expect(verdict("text(String(6 * 7))", recorded, ran(["42"]))).toBe("same")
  })

  it("never compares failed, unfinished, truncated or empty originals", () => {
    expect(verdict("x", { text: "Error: boom", isError: true }, failed("boom"))).toBe("not comparable")
    expect(verdict("x", { text: "phase 1", finished: false }, ran(["phase 1"]))).toBe("not comparable")
    expect(verdict("x", { text: "aaa…120 tokens truncated…zzz" }, ran(["aaa"]))).toBe("not comparable")
    expect(verdict("x", { text: "  \n" }, ran([]))).toBe("not comparable")
  })

  it("does not compare a program that calls tools or reads the clock", () => {
    expect(verdict("text(await tools.ls({}))", { text: "a" }, ran(["a"]))).toBe("not comparable")
    expect(verdict({ code: "async () => codemode.search({})" }, { text: "[]" }, ran([], []))).toBe("not comparable")
    expect(verdict("text(String(Date.now()))", { text: "1" }, ran(["1"]))).toBe("not comparable")
    // Python's sources too (code-interpreter cells); a run of ours that failed is still a difference.
    expect(verdict("import random\nprint(random.randint(1, 6))", { text: "4" }, ran(["2"]))).toBe("not comparable")
    expect(verdict("from datetime import date\nprint(date.today())", { text: "x" }, ran(["y"]))).toBe("not comparable")
    expect(verdict("import time\nprint(time.time())", { text: "1" }, failed("ImportError: time"))).toBe("different")
    expect(verdict("import math\nprint(math.pi)", { text: "3.14" }, ran(["3.14"]))).toBe("same")
    // A bare call of an offered tool (Anthropic programmatic tool calling) is a tool call too.
    expect(verdict({ code: "r = await roll_die()\nprint(r)" }, { text: "4" }, ran(["4"]), ["roll_die"])).toBe(
      "not comparable",
    )
  })

  it("calls our failure different, unless the name we lack may be an unlisted tool", () => {
    expect(verdict("text(x)", { text: "1" }, failed("Uncaught: boom"))).toBe("different")
    expect(verdict("rollDie()", { text: "1" }, failed("NameError: rollDie is not defined"))).toBe("not comparable")
    expect(verdict("rollDie()", { text: "1" }, failed("NameError: rollDie is not defined"), ["other"])).toBe(
      "different",
    )
  })
})
