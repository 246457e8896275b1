import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { attemptStrict, strictCode } from "../../src/corpus/execute.js"
import { runCorpus } from "../../src/corpus/runner.js"
import { modelFamily } from "../../src/corpus/judge.js"
import { renderTable } from "../../src/corpus/table.js"
import { fakeEngine } from "./fake-engine.js"
import { aCase, shop, writeCorpus } from "./helpers.js"

const root = writeCorpus({
  "toolsets/shop.json": shop,
  "opencode/cases.cases.json": [
    aCase({ id: "oc-ok" }),
    aCase({
      id: "oc-log",
      input: { code: "console.log(JSON.stringify({ n: 2 }))" },
      expect: { ok: true, value: { n: 2 } },
    }),
    aCase({ id: "oc-wrong", input: { code: "return ['o3']" } }),
    aCase({ id: "oc-parse", input: { code: "return (" } }),
    aCase({ id: "oc-envelope", input: { program: "return 1" }, expect: { ok: true } }),
    aCase({
      id: "oc-tool-error",
      input: { code: "return await tools.orders.list({ status: 'lost' })" },
      expect: { ok: false, diagnostic: "ToolFailure", calls: ["orders.list"] },
    }),
    aCase({
      id: "oc-calls",
      input: { code: "await tools.ping({}); return await tools.ping({})" },
      expect: { ok: true, value: "pong", calls: ["ping", "ping", "ping"] },
    }),
  ],
  "cloudflare/a.case.json": aCase({
    id: "cf-ok",
    dialect: "cloudflare",
    input: "const o = await codemode.orders.list({ status: 'open' }); return o.map(x => x.id).sort()",
    expect: { ok: true, value: ["o1", "o3"], dialect: "cloudflare", calls: ["orders.list"] },
  }),
})

describe("runCorpus", () => {
  it("reports each case's furthest stage and counts per dialect (docs/corpus-format.md#json-report)", async () => {
    const report = await runCorpus(root, { engine: fakeEngine })
    const stages = Object.fromEntries(report.cases.map((c) => [c.id, c.stage]))
    expect(stages).toEqual({
      "cf-ok": "ok",
      "oc-ok": "ok",
      "oc-log": "ok",
      "oc-wrong": "answer",
      "oc-parse": "normalize",
      "oc-envelope": "envelope",
      "oc-tool-error": "ok",
      "oc-calls": "answer",
    })
    expect(report).toMatchObject({ root, frontend: true, total: 8, ok: 4 })
    expect(report.byDialect).toEqual({
      cloudflare: { cases: 1, normalized: 1, executed: 1, ok: 1 },
      opencode: { cases: 7, normalized: 5, executed: 5, ok: 3 },
    })
    expect(Object.keys(report)).toEqual(["root", "frontend", "total", "ok", "byDialect", "cases"])
    // One optional field beyond the contract's five: the model family that wrote the case (coverage by family).
    expect(Object.keys(report.cases[0]!)).toEqual(["id", "dialect", "detected", "stage", "message", "family"])
    expect(report.cases.find((c) => c.id === "oc-calls")!.message).toBe(
      "expected 3 calls to ping, got 2 (calls: ping, ping)",
    )
  })

  it("with the frontend off runs strict execute(code) only", async () => {
    const report = await runCorpus(root, { engine: fakeEngine, frontend: false })
    const stages = Object.fromEntries(report.cases.map((c) => [c.id, c.stage]))
    expect(report.frontend).toBe(false)
    // a bare string still runs strictly, but `codemode.` is not canonical: the fake runtime fails on it
    expect(stages["cf-ok"]).toBe("execute")
    expect(stages["oc-envelope"]).toBe("envelope")
    expect(stages["oc-parse"]).toBe("normalize")
    expect(stages["oc-ok"]).toBe("ok")
    expect(report.cases.every((c) => c.detected === null)).toBe(true)
  })

  it("filters by dialect and reports progress", async () => {
    const seen: string[] = []
    const report = await runCorpus(root, {
      engine: fakeEngine,
      dialect: "cloudflare",
      onProgress: (done, total, id) => seen.push(`${done}/${total} ${id}`),
    })
    expect(report.cases.map((c) => c.id)).toEqual(["cf-ok"])
    expect(seen).toEqual(["0/1 cf-ok", "1/1 "])
  })

  it("renders the table with the baseline and the silently wrong answers apart", async () => {
    const on = await runCorpus(root, { engine: fakeEngine })
    const off = await runCorpus(root, { engine: fakeEngine, frontend: false })
    const text = renderTable(on, off)
    expect(text).toContain(`corpus ${root} (frontend on): 4/8 ok (50.0%)`)
    expect(text).toMatch(
      /^dialect +cases +normalized +executed +ok +ok% +ran ok, wrong +≠ native +baseline ok +baseline%$/m,
    )
    expect(text).toMatch(/^cloudflare +1 +1 +1 +1 +100\.0% +0 +0 +0 +0\.0%$/m)
    // The silently wrong case ran ok with the wrong answer, but V8 computes the same: its own system would too.
    expect(text).toMatch(/^opencode +7 +5 +5 +3 +42\.9% +1 +0 +3 +42\.9%$/m)
    expect(text).toMatch(/^total +8 +6 +6 +4 +50\.0% +1 +0 +3 +37\.5%$/m)
    expect(text).toMatch(/^model family +cases +ok +ok% +share of corpus$/m)
    expect(text).toContain("silently wrong answers (ran OK, wrong result): 1\n")
    expect(text).toContain("by a re-run under V8: 1 program mistake (V8 gives the same answer), 0 runtime faults\n")
    expect(text).toContain("  oc-wrong (opencode) [program (V8 agrees)]: wrong answer:")
    expect(text).toContain("failing cases: 3\n")
    expect(text).toContain("[envelope] oc-envelope (opencode): ParseError: no program in the input")
    expect(text).not.toMatch(/\] oc-wrong/)
  })

  it("counts a silently wrong answer as different from the native system unless V8 agrees and it is no vendor case", async () => {
    const on = await runCorpus(root, { engine: fakeEngine })
    const wrong = on.cases.find((c) => c.id === "oc-wrong")!
    expect(wrong.cause?.kind).toBe("program")
    const cases = [
      ...on.cases,
      // a vendor program's expected answer is what its own system returns: V8 agreeing with us does not excuse it
      { ...wrong, id: "vendor-oc-wrong" },
      { ...wrong, id: "oc-runtime", cause: { kind: "runtime" as const, detail: "V8 answers 1" } },
      { ...wrong, id: "oc-unattributed", cause: undefined },
    ]
    const text = renderTable({ ...on, cases })
    expect(text).toMatch(/^opencode +7 +5 +5 +3 +42\.9% +4 +3$/m)
    expect(text).toMatch(/^total +8 +6 +6 +4 +50\.0% +4 +3$/m)
    expect(text).toMatch(/^cloudflare +1 +1 +1 +1 +100\.0% +0 +0$/m)
  })

  it("says so when a root has no cases", async () => {
    const report = await runCorpus(writeCorpus({}), { engine: fakeEngine })
    expect(report).toMatchObject({ total: 0, ok: 0, byDialect: {}, cases: [] })
    expect(renderTable(report)).toMatch(/no cases found/)
  })
})

describe("strict input (--no-frontend)", () => {
  it("accepts a string or { code: string } only", async () => {
    expect(strictCode("return 1")).toBe("return 1")
    expect(strictCode({ code: "return 1" })).toBe("return 1")
    expect(strictCode({ js: "return 1" })).toBeUndefined()
    expect(strictCode([{ tool: "x" }])).toBeUndefined()
    expect(strictCode({ code: { language: "js", content: "return 1" } })).toBeUndefined()
    const a = await attemptStrict({ js: "return 1" }, { tools: {}, engine: fakeEngine })
    expect(a.failedAt).toBe("envelope")
  })

  it("reports a missing runtime as an execute failure naming it", async () => {
    const a = await attemptStrict("return 1", { tools: {}, engine: { missing: ["../CodeMode.js is not available"] } })
    expect(a.failedAt).toBe("execute")
    expect(a.diagnostic?.message).toContain("../CodeMode.js is not available")
  })
})

describe("calls the fixtures cannot see", () => {
  it("counts the runtime's own $codemode calls from Result.toolCalls", async () => {
    const engine = {
      ...fakeEngine,
      codeMode: {
        make: () => ({
          instructions: () => "",
          execute: () =>
            Effect.succeed({ ok: true, value: 1, toolCalls: [{ name: "$codemode.search" }, { name: "ping" }] }),
        }),
      },
    }
    const root = writeCorpus({
      "toolsets/shop.json": shop,
      "a.case.json": aCase({ input: "x", expect: { ok: true, calls: ["$codemode.search"] } }),
      "b.case.json": aCase({ id: "b", input: "x", expect: { ok: true, calls: ["ping"] } }),
    })
    const report = await runCorpus(root, { engine, frontend: false })
    // `ping` never reached its fixture, so only the runtime's own tool counts from toolCalls
    expect(report.cases.map((c) => [c.id, c.stage])).toEqual([
      ["c1", "ok"],
      ["b", "answer"],
    ])
  })
})

describe("a runtime that rejects the tools", () => {
  it("fails that case at execute, not the whole run", async () => {
    const engine = {
      ...fakeEngine,
      codeMode: {
        make: () => {
          throw new TypeError("bad tree")
        },
      },
    }
    const a = await attemptStrict("return 1", { tools: {}, engine })
    expect(a).toMatchObject({ failedAt: "execute", diagnostic: { kind: "ExecutionFailure" } })
    expect(a.diagnostic?.message).toContain("bad tree")
  })
})

describe("modelFamily", () => {
  it("names the family of a described model or a recorded model id; 'unknown' stays unknown", () => {
    expect(modelFamily("Claude (Anthropic), as a helper agent playing the model behind Pi codemode")).toBe("Claude")
    expect(modelFamily("GPT-4o (OpenAI), recorded in a bug report")).toBe("GPT")
    // Model ids as transcripts record them (corpus import), provider prefixes included.
    expect(modelFamily("claude-3-sonnet-20240229")).toBe("Claude")
    expect(modelFamily("gpt-5.1-codex")).toBe("GPT")
    expect(modelFamily("o3-mini")).toBe("GPT")
    expect(modelFamily("openai/gpt-oss-120b")).toBe("GPT")
    expect(modelFamily("accounts/fireworks/models/llama-v3p1-8b-instruct")).toBe("Llama")
    expect(modelFamily("Qwen/Qwen2.5-Coder-32B-Instruct")).toBe("Qwen")
    expect(modelFamily("moonshotai/kimi-k2")).toBe("Kimi")
    expect(modelFamily("codestral-latest")).toBe("Mistral")
    expect(modelFamily("Amazon Nova (nova-pro)")).toBe("Amazon")
    expect(modelFamily("Olmo 2 (allenai)")).toBe("Olmo")
    expect(modelFamily("unknown")).toBe("unknown")
    expect(modelFamily("")).toBe("unknown")
  })
})
