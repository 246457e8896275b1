// The corpus figures: which cases count as run-time program mistakes, which as correct, and what a finding means.
import { describe, expect, it } from "vitest"
import type { CaseReport } from "../../src/corpus/judge.js"
import { typecheckLines } from "../../src/corpus/typecheck-table.js"
import { typecheckCounts, typecheckOf } from "../../src/corpus/typecheck.js"

const report = (id: string, over: Partial<CaseReport>): CaseReport => ({
  id,
  dialect: "opencode",
  detected: "opencode",
  stage: "ok",
  message: "",
  ...over,
})

const warning = (line: number, message: string) => ({ stage: "typecheck", message, loc: { line, column: 2 } })

describe("corpus type-check figures", () => {
  const cases = [
    // Ran correctly, no finding; ran correctly with a finding (a false alarm).
    report("clean", { typecheck: typecheckOf({ warnings: [{ message: "frontend note" }] }, undefined) }),
    report("alarm", { typecheck: typecheckOf({ warnings: [warning(3, "TypeCheck: x")] }, undefined) }),
    // Failed through the program (flagged, then not); a tool's own failure is no program mistake.
    report("unknown", {
      stage: "ok",
      typecheck: typecheckOf({ warnings: [warning(1, "TypeCheck: y")] }, "UnknownTool"),
    }),
    report("throws", { stage: "ok", typecheck: typecheckOf({ warnings: [] }, "ExecutionFailure") }),
    report("tool", { stage: "execute", message: "ToolFailure: down", typecheck: typecheckOf({}, "ToolFailure") }),
    // A wrong answer V8 gives too is the program's; one V8 does not give is not.
    report("wrong", {
      stage: "answer",
      message: "wrong answer: expected 1",
      cause: { kind: "program", detail: "" },
      typecheck: typecheckOf({}, undefined),
    }),
    report("fault", {
      stage: "answer",
      message: "wrong answer: expected 2",
      cause: { kind: "runtime", detail: "" },
      typecheck: typecheckOf({}, undefined),
    }),
  ]

  it("counts mistakes flagged and correct programs alarmed", () => {
    expect(typecheckCounts(cases)).toEqual({ mistakes: 3, flagged: 1, correct: 2, alarms: 1 })
  })

  it("keeps only the check's warnings, with their positions", () => {
    expect(cases[1]!.typecheck!.findings).toEqual(["3:2 TypeCheck: x"])
    expect(cases[0]!.typecheck!.findings).toEqual([])
  })

  it("names each false alarm with its first finding", () => {
    const lines = typecheckLines({ root: "c", frontend: true, total: 7, ok: 4, byDialect: {}, cases }, "warn")
    expect(lines.at(-1)).toBe("  alarm (opencode): 3:2 TypeCheck: x")
    expect(lines.find((l) => l.startsWith("total"))!.split(/\s+/)).toEqual([
      "total",
      "3",
      "1",
      "33.3%",
      "2",
      "1",
      "50.0%",
    ])
  })
})
