import { describe, expect, it } from "vitest"
import { answerCandidates, missingCalls } from "../../src/corpus/answer.js"
import type { Case } from "../../src/corpus/cases.js"
import type { Attempt } from "../../src/corpus/execute.js"
import { judge, jsonTextEqual, WRONG_ANSWER } from "../../src/corpus/judge.js"
import { diagnostic } from "../../src/diagnostic.js"

describe("the answer rule (docs/corpus-format.md#cases)", () => {
  it("is the returned value when it is not null", () => {
    expect(answerCandidates({ ok: true, value: { a: 1 }, logs: ["7"] })).toEqual([{ a: 1 }])
    expect(answerCandidates({ ok: true, value: false, logs: ["7"] })).toEqual([false])
    expect(answerCandidates({ ok: true, value: 0, logs: ["7"] })).toEqual([0])
  })

  it("falls back to the last output value the runtime exposes", () => {
    expect(answerCandidates({ ok: true, value: null, lastOutput: "42" })).toEqual(["42"])
    expect(answerCandidates({ ok: true, value: null, outputs: [[1], [{ v: 2 }]] })).toEqual([{ v: 2 }])
    expect(answerCandidates({ ok: true, value: null, outputs: [{ values: [3] }] })).toEqual([3])
    // console.log(a, b) is not a single-value output
    expect(answerCandidates({ ok: true, value: null, outputs: [[1, 2]] })).toEqual([null])
  })

  it("otherwise reads the last log line as JSON and as text", () => {
    expect(answerCandidates({ ok: true, value: null, logs: ["first", "[1,2]"] })).toEqual([[1, 2], "[1,2]"])
    expect(answerCandidates({ ok: true, value: null, logs: ["hello world"] })).toEqual(["hello world"])
    expect(answerCandidates({ ok: true, value: null, logs: [] })).toEqual([null])
    expect(answerCandidates({ ok: true, value: null })).toEqual([null])
  })
})

describe("expect.calls is a multiset", () => {
  it("needs each listed path at least as often as listed, in any order", () => {
    expect(missingCalls(["a.b"], ["x", "a.b"])).toBeUndefined()
    expect(missingCalls(["a.b", "a.b"], ["a.b", "x", "a.b", "a.b"])).toBeUndefined()
    expect(missingCalls(["a.b", "a.b"], ["a.b"])).toBe("expected 2 calls to a.b, got 1 (calls: a.b)")
    expect(missingCalls(["c"], [])).toBe("expected a call to c, got 0 (no calls)")
    expect(missingCalls([], [])).toBeUndefined()
  })
})

const base: Case = {
  id: "k",
  file: "k.case.json",
  dialect: "cloudflare",
  toolsets: ["shop"],
  task: "t",
  source: { kind: "hand-written", model: "unknown" },
  input: { code: "" },
  expect: { ok: true, hasValue: true, value: ["o1"] },
}
const withExpect = (e: Partial<Case["expect"]>): Case => ({ ...base, expect: { ...base.expect, ...e } })
const ran = (answers: unknown[], detected = "cloudflare"): Attempt => ({ failedAt: undefined, answers, detected })
const failed = (
  failedAt: Attempt["failedAt"],
  kind: "ParseError" | "UnknownTool" | "ToolFailure",
  message = "m",
): Attempt => ({
  failedAt,
  diagnostic: diagnostic(kind, message),
  answers: [],
  detected: "cloudflare",
})

describe("stages (docs/corpus-format.md#report)", () => {
  it("reports the stage that failed with the first diagnostic", () => {
    expect(judge(base, failed("envelope", "ParseError", "no program"), [], true)).toEqual({
      id: "k",
      dialect: "cloudflare",
      detected: "cloudflare",
      stage: "envelope",
      message: "ParseError: no program",
    })
    expect(judge(base, failed("normalize", "UnknownTool"), [], true).stage).toBe("normalize")
    expect(judge(base, failed("execute", "ToolFailure", "a\n  b"), [], true)).toMatchObject({
      stage: "execute",
      message: "ToolFailure: a b",
    })
  })

  it("is ok when the answer, calls and dialect match", () => {
    expect(
      judge(withExpect({ calls: ["orders.list"], dialect: "cloudflare" }), ran([["o1"]]), ["orders.list"], true),
    ).toMatchObject({
      stage: "ok",
      message: "",
    })
  })

  it("accepts any answer candidate", () => {
    expect(judge(withExpect({ value: "42" }), ran([42, "42"]), [], true).stage).toBe("ok")
  })

  it("flags a wrong answer as silently wrong", () => {
    const r = judge(base, ran([["o2"]]), [], true)
    expect(r.stage).toBe("answer")
    expect(r.message).toBe(`${WRONG_ANSWER} expected ["o1"], got ["o2"]`)
  })

  it("checks calls and the detected dialect after the answer", () => {
    expect(judge(withExpect({ calls: ["orders.list"] }), ran([["o1"]]), [], true)).toMatchObject({
      stage: "answer",
      message: "expected a call to orders.list, got 0 (no calls)",
    })
    expect(judge(withExpect({ dialect: "pi" }), ran([["o1"]]), [], true)).toMatchObject({
      stage: "answer",
      message: "detected cloudflare, expected pi",
    })
    // The frontend-off baseline detects nothing, so the dialect is not judged there.
    expect(judge(withExpect({ dialect: "pi" }), ran([["o1"]], undefined), [], false).stage).toBe("ok")
  })

  it("without expect.value only success, calls and dialect count", () => {
    expect(judge(withExpect({ hasValue: false, value: undefined }), ran([null]), [], true).stage).toBe("ok")
  })

  it("an expected failure is ok when it fails with the expected kind, at any stage", () => {
    const e = withExpect({ ok: false, hasValue: false, value: undefined, diagnostic: "UnknownTool" })
    expect(judge(e, failed("normalize", "UnknownTool"), [], true).stage).toBe("ok")
    expect(judge(e, failed("execute", "UnknownTool"), [], true).stage).toBe("ok")
    expect(judge(e, failed("execute", "ToolFailure", "x"), [], true)).toMatchObject({
      stage: "execute",
      message: "expected UnknownTool, got ToolFailure: x",
    })
    expect(judge(e, ran([1]), [], true)).toMatchObject({
      stage: "answer",
      message: "expected a failure (UnknownTool), but it ran: 1",
    })
    const anyKind = withExpect({ ok: false, hasValue: false, value: undefined })
    expect(judge(anyKind, failed("execute", "ToolFailure"), [], true).stage).toBe("ok")
  })
})

describe("expect.message and the answer as JSON text (docs/corpus-format.md)", () => {
  it("an expected failure must also say the expected text", () => {
    const e = withExpect({ ok: false, hasValue: false, value: undefined, message: "tool error" })
    expect(judge(e, failed("execute", "ToolFailure", "Tool 'fail' failed: tool error"), [], true).stage).toBe("ok")
    expect(judge(e, failed("execute", "ToolFailure", "timed out"), [], true)).toMatchObject({
      stage: "execute",
      message: 'expected a failure saying "tool error", got ToolFailure: timed out',
    })
  })

  it("compares text answers with the expected value's JSON, both ways, and marks them", () => {
    expect(jsonTextEqual("[1,2]", [1, 2])).toBe(true)
    expect(jsonTextEqual({ json: true }, '{"json":true}')).toBe(true)
    expect(jsonTextEqual("[1,2]", "[1,2]")).toBe(false) // two strings: plain equality only
    expect(jsonTextEqual("not json", [1])).toBe(false)
    expect(jsonTextEqual({ b: 1, a: 2 }, '{"a":2,"b":1}')).toBe(false) // the printed text, key order included
    expect(judge(withExpect({ value: ["o1"] }), ran(['["o1"]']), [], true)).toMatchObject({ stage: "ok", asText: true })
    expect(judge(base, ran([["o1"]]), [], true).asText).toBeUndefined()
    expect(judge(withExpect({ value: ["o1"] }), ran(['["o2"]']), [], true).stage).toBe("answer")
  })
})
