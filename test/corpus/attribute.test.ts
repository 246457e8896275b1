import { Effect } from "effect"
import { attribute } from "../../src/corpus/attribute.js"
import type { Case } from "../../src/corpus/cases.js"
import type { Attempt } from "../../src/corpus/execute.js"
import { describe, expect, it } from "vitest"
import { causeSummary, causeText, compareWithV8 } from "../../src/corpus/cause.js"
import { loadEngine, type Engine, type Result, type Runtime } from "../../src/corpus/engine.js"
import { runCorpus } from "../../src/corpus/runner.js"
import { renderTable } from "../../src/corpus/table.js"
import { fakeEngine } from "./fake-engine.js"
import { aCase, shop, writeCorpus } from "./helpers.js"

/** A deliberately wrong runtime: arrays come back reversed and numbers off by one, everything else as it was. */
const corrupt = (value: unknown): unknown =>
  Array.isArray(value) ? [...value].reverse() : typeof value === "number" ? value + 1 : value

const wrongRuntime = (engine: Engine): Engine => ({
  ...engine,
  codeMode: {
    make: (options) => {
      const runtime = engine.codeMode!.make(options)
      const bend = (r: Result): Result => (r.ok ? { ...r, value: corrupt(r.value) } : r)
      const wrapped: Runtime = {
        ...runtime,
        execute: (code) => Effect.map(runtime.execute(code), bend),
        instructions: (o) => runtime.instructions(o),
        ...(runtime.catalog ? { catalog: () => runtime.catalog!() } : {}),
        ...(runtime.run ? { run: (input: unknown) => Effect.map(runtime.run!(input), bend) } : {}),
      }
      return wrapped
    },
  },
})

const root = writeCorpus({
  "toolsets/shop.json": shop,
  "opencode/a.cases.json": [
    // right program: only a wrong runtime gets it wrong
    aCase({ id: "sorted-ids" }),
    // the model's mistake (wraps the answer, as the Vercel cases do): wrong under any runtime
    aCase({
      id: "wrapped",
      input: {
        code: "const o = await tools.orders.list({ status: 'open' }); return { ids: o.map((x) => x.id).sort() }",
      },
    }),
  ],
  // DeepSeek rejects a failed call with a ToolCallError naming the tool (docs/dialects.md#output-and-errors): the re-run must use the
  // same shape, or V8 would see a plain Error and disagree with a correct runtime.
  "deepseek/a.case.json": aCase({
    id: "deepseek-failure-shape",
    dialect: "deepseek",
    input: {
      description: "Look up order o99",
      code: "try { await tools.orders__get({ id: 'o99' }) } catch (e) { return [e.name, e.toolName] }",
    },
    expect: { ok: true, value: "o99 is missing" },
  }),
  // Pi/Codex `text(v)` is a prelude global and an output call: the answer is its text (docs/corpus-format.md#the-answer);
  // JSON text of the right ids would count as right, so this one prints their number.
  "pi/a.case.json": aCase({
    id: "pi-text-json",
    dialect: "pi",
    input: "const o = await tools.orders.list({ status: 'open' }); text(JSON.stringify(o.length))",
  }),
})

const causes = async (engine: Engine, frontend = true) => {
  const report = await runCorpus(root, { engine, frontend })
  return Object.fromEntries(report.cases.map((c) => [c.id, c.cause]))
}

describe("compareWithV8", () => {
  it("agrees when V8 gives one of our answer candidates, and shows V8's answer when it does not", () => {
    const answer = (a: unknown) => ({ kind: "answer", answer: a, unknownTools: [] }) as const
    expect(compareWithV8([{ a: 1, b: 2 }], answer({ b: 2, a: 1 })).kind).toBe("program")
    expect(compareWithV8(['"x"', "x"], answer("x")).kind).toBe("program")
    expect(compareWithV8([[1, 2]], answer([2, 1]))).toEqual({ kind: "runtime", detail: "V8 answers [2,1]" })
    expect(compareWithV8([1], { kind: "threw", message: "TypeError: x" })).toEqual({
      kind: "runtime",
      detail: "V8 fails: TypeError: x",
    })
    expect(compareWithV8([1], { kind: "cannot", why: "no" })).toEqual({ kind: "unattributable", detail: "no" })
  })

  it("tolerates only our longer wording of an unknown-tool error V8's run produced", () => {
    const v8 = {
      kind: "answer",
      answer: { error: "Unknown tool 'a'." },
      unknownTools: ["Unknown tool 'a'."],
    } as const
    expect(compareWithV8([{ error: "Unknown tool 'a'. Did you mean tools.b?" }], v8).kind).toBe("program")
    expect(compareWithV8([{ error: "Unknown tool 'c'." }], v8).kind).toBe("runtime")
    const other = { ...v8, unknownTools: [] }
    expect(compareWithV8([{ error: "Unknown tool 'a'. Did you mean tools.b?" }], other).kind).toBe("runtime")
  })

  it("renders a label, V8's answer when it differs, and a one-line summary", () => {
    expect(causeText({ kind: "program", detail: "V8 gives the same answer" })).toBe("program (V8 agrees)")
    expect(causeText({ kind: "runtime", detail: "V8 answers 1" })).toBe("runtime (V8 differs): V8 answers 1")
    expect(causeText({ kind: "unattributable", detail: "why" })).toBe("not attributable: why")
    const p = { kind: "program", detail: "" } as const
    expect(causeSummary([p, p, { kind: "runtime", detail: "" }])).toBe(
      "2 program mistakes (V8 gives the same answer), 1 runtime fault",
    )
    expect(causeSummary([undefined, { kind: "unattributable", detail: "" }])).toBe(
      "0 program mistakes (V8 gives the same answer), 0 runtime faults, 1 not attributable, 1 not re-run",
    )
  })
})

describe("attribute (runner)", () => {
  it("blames the runtime when a deliberately wrong one replaces ours (stand-in engine), the program otherwise", async () => {
    expect(await causes(fakeEngine)).toMatchObject({
      "sorted-ids": undefined,
      wrapped: { kind: "program" },
    })
    const wrong = await causes(wrongRuntime(fakeEngine))
    expect(wrong["sorted-ids"]).toEqual({ kind: "runtime", detail: 'V8 answers ["o1","o3"]' })
    expect(wrong.wrapped).toMatchObject({ kind: "program" }) // the corruption leaves an object alone
  })

  it("does the same through this package's own runtime and frontend, dialect prelude and failure shape included", async () => {
    const engine = await loadEngine()
    expect(await causes(engine)).toEqual({
      "sorted-ids": undefined,
      wrapped: { kind: "program", detail: "V8 gives the same answer" },
      "deepseek-failure-shape": { kind: "program", detail: "V8 gives the same answer" },
      "pi-text-json": { kind: "program", detail: "V8 gives the same answer" },
    })
    expect((await causes(wrongRuntime(engine)))["sorted-ids"]).toEqual({
      kind: "runtime",
      detail: 'V8 answers ["o1","o3"]',
    })
    // frontend off: strict execute(code), no prelude, canonical failure shape
    expect((await causes(wrongRuntime(engine), false))["sorted-ids"]).toMatchObject({ kind: "runtime" })
  })

  it("leaves a Python program's wrong answer unattributed: V8 would only run its translation", async () => {
    const python = writeCorpus({
      "toolsets/shop.json": shop,
      // print(x) answers with its printed text, not the value: a wrong answer whose fault V8 cannot place
      "anthropic/a.case.json": aCase({
        id: "python-print-dict",
        dialect: "anthropic",
        hint: "anthropic",
        input: { code: "o = orders_list(status='open')\nprint({'n': len(o)})\n" },
        expect: { ok: true, value: { n: 2 }, calls: ["orders.list"] },
      }),
    })
    const report = await runCorpus(python, { engine: await loadEngine() })
    expect(report.cases[0]!.message).toContain("wrong answer")
    expect(report.cases[0]!.cause).toMatchObject({ kind: "unattributable" })
    expect(report.cases[0]!.cause!.detail).toContain("a Python program")
  })

  it("adds `cause` to wrong answers only (the --json shape gains one optional field) and the table shows it", async () => {
    const report = await runCorpus(root, { engine: wrongRuntime(fakeEngine) })
    const keys = Object.fromEntries(report.cases.map((c) => [c.id, Object.keys(c)]))
    expect(keys["sorted-ids"]).toEqual(["id", "dialect", "detected", "stage", "message", "family", "cause"])
    expect(renderTable(report)).toContain(
      '  sorted-ids (opencode) [runtime (V8 differs): V8 answers ["o1","o3"]]: wrong answer:',
    )
    const off = await runCorpus(root, { engine: fakeEngine, attribute: false })
    expect(off.cases.every((c) => c.cause === undefined)).toBe(true)
  })

  it("does not blame the runtime for a program V8 cannot judge: not deterministic, or using a global V8 lacks", async () => {
    const odd = writeCorpus({
      "toolsets/shop.json": shop,
      "a.cases.json": [
        aCase({ id: "random", input: { code: "return Math.random()" }, expect: { ok: true, value: 2 } }),
        aCase({
          id: "url",
          input: { code: "return new URL('https://a.example/p').pathname" },
          expect: { ok: true, value: "/q" },
        }),
      ],
    })
    const report = await runCorpus(odd, { engine: await loadEngine() })
    expect(Object.fromEntries(report.cases.map((c) => [c.id, c.cause]))).toEqual({
      random: {
        kind: "unattributable",
        detail: "V8 gives different answers on two runs: the program is not deterministic",
      },
      url: {
        kind: "unattributable",
        detail: "the program uses a global V8's context lacks (ReferenceError: URL is not defined)",
      },
    })
  })
})

describe("attribute", () => {
  it("reports a failing re-run as not attributable, with the reason, instead of stopping the corpus run", async () => {
    const broken: Engine = {
      ...(await loadEngine()),
      codeMode: {
        make: () => {
          throw new Error("make exploded")
        },
      },
    }
    const cause = await attribute(aCase() as unknown as Case, {} as Attempt, [], broken, true)
    expect(cause).toEqual({ kind: "unattributable", detail: "the re-run failed: make exploded" })
  })
})
