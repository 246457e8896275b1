/**
 * Differential conformance suite (issue "Standard library breadth and differential conformance against V8"):
 * every program in ./programs runs through our interpreter and through V8 (`node:vm`). They must agree, except the
 * intended deviations committed in deviations.json (id + reason); a listed case that starts agreeing fails, so the
 * list never goes stale. The agreement figure is printed at the end.
 */
import { readFileSync } from "node:fs"
import { afterAll, describe, expect, it } from "vitest"
import { runOurs, runV8, same, type Outcome } from "./harness.js"
import { allPrograms } from "./programs/index.js"

interface Deviation {
  readonly id: string
  readonly reason: string
}

const deviations: ReadonlyArray<Deviation> = JSON.parse(
  readFileSync(new URL("./deviations.json", import.meta.url), "utf8"),
) as ReadonlyArray<Deviation>
const deviating = new Map(deviations.map((d) => [d.id, d.reason]))

let agreed = 0
let total = 0

const show = (o: Outcome) => ("json" in o ? o.json : `FAILED ${o.failure}`)

describe("stdlib differential: interpreter vs node:vm", () => {
  it("has at least 600 programs and unique ids", () => {
    expect(allPrograms.length).toBeGreaterThanOrEqual(600)
    expect(new Set(allPrograms.map((p) => p.id)).size).toBe(allPrograms.length)
  })

  it("lists only existing programs as deviations, each with a reason", () => {
    const ids = new Set(allPrograms.map((p) => p.id))
    for (const d of deviations) {
      expect(ids.has(d.id), d.id).toBe(true)
      expect(d.reason.length, d.id).toBeGreaterThan(10)
    }
  })

  it.each(allPrograms.map((p) => [p.id, p.code] as const))("%s", async (id, code) => {
    const [expected, actual] = await Promise.all([runV8(code), runOurs(code)])
    const agree = same(expected, actual)
    total++
    if (agree) agreed++
    const reason = deviating.get(id)
    if (reason === undefined) expect(show(actual), `program:\n${code}\nV8: ${show(expected)}`).toBe(show(expected))
    else expect(agree, `listed deviation now agrees (remove it from deviations.json): ${reason}`).toBe(false)
  })

  afterAll(() => {
    const pct = total === 0 ? 0 : ((100 * agreed) / total).toFixed(1)
    console.log(
      `stdlib differential: ${agreed}/${total} programs agree with V8 (${pct}%); ${deviations.length} intended deviations`,
    )
  })
})
