/**
 * The escape corpus (issue "Security and reliability", item 1): every program of technique × key style × context
 * runs through `CodeMode.make(...).execute`; the verdict is mechanical (harness.ts). Target: 0 escapes, 0 prototype
 * changes, 0 secret occurrences in any Result field, 0 unhandled events, always a Result.
 */
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { buildCorpus } from "./corpus.js"
import { counters, judge, tools } from "./harness.js"
import { TECHNIQUES } from "./techniques.js"

const corpus = buildCorpus()
/**
 * Techniques whose program loops until the deadline (what they test is that the loop cannot outlive it): they run
 * with a short one, since every one of their programs would otherwise wait out the harness's 300 ms.
 */
const LOOPS = new Set(["microtask-loop", "async-loop-floating", "catch-finally-loop"])
const loopRuntime = CodeMode.make({ tools, limits: { timeoutMs: 40, maxToolCalls: 50 } })
const tally = { programs: 0, escapes: 0, prototypeChanges: 0, leaks: 0, failures: 0, successes: 0 }
const start = counters()

describe("escape corpus", () => {
  it("has at least 250 programs over at least 35 techniques", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(250)
    expect(new Set(TECHNIQUES.map((t) => t.id.replace(/^coercion-\w+-/, "coercion-"))).size).toBeGreaterThanOrEqual(35)
  })

  it.each(corpus.map((p) => [p.name, p.code, p.technique] as const))("%s", async (_name, code, technique) => {
    const v = await judge(code, LOOPS.has(technique) ? loopRuntime : undefined)
    tally.programs++
    tally.escapes += v.canaryCalls + v.badToolInputs + (v.escapedMarker ? 1 : 0)
    tally.prototypeChanges += v.prototypeChanges.length
    tally.leaks += v.leaks.length
    if ((v.result as { ok?: boolean }).ok) tally.successes++
    else tally.failures++
    expect(v.resultValid, JSON.stringify(v.result)).toBe(true)
    expect(v.canaryCalls).toBe(0)
    expect(v.badToolInputs).toBe(0)
    expect(v.escapedMarker, JSON.stringify(v.result)).toBe(false)
    expect(v.prototypeChanges).toEqual([])
    expect(v.leaks, JSON.stringify(v.result)).toEqual([])
  })

  it("saw no unhandledRejection or uncaughtException events", async () => {
    await new Promise((r) => setTimeout(r, 50))
    const end = counters()
    expect(end.unhandled - start.unhandled).toBe(0)
    expect(end.uncaught - start.uncaught).toBe(0)
  })

  afterAll(() => {
    console.log(`escape corpus: ${JSON.stringify(tally)} over ${TECHNIQUES.length} technique builders`)
  })
})
