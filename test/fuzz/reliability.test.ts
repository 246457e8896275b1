/**
 * Reliability (issue 9 item 5): concurrent executions share no state; 10,000 sequential executions keep retained
 * heap growth under 5 MB and leave no timers or handles. (The 100,000 parser inputs are parser-*.test.ts.)
 *
 * The heap is measured honestly: vitest runs this file in a forked child process; `--expose-gc` is switched on in
 * it at run time (`v8.setFlagsFromString`, then `gc` is read from a fresh context), so a full collection runs
 * before each reading and garbage is not counted as growth.
 */
import * as v8 from "node:v8"
import * as vm from "node:vm"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { tools } from "../security/harness.js"
import { count, SEED } from "./config.js"
import { program } from "./grammar/program.js"

const runtime = CodeMode.make({ tools, limits: { timeoutMs: 5_000 } })
const exec = (code: string) => Effect.runPromise(runtime.execute(code))

const exposeGc = (): (() => void) => {
  v8.setFlagsFromString("--expose-gc")
  return vm.runInNewContext("gc") as () => void
}

describe("reliability", () => {
  it("100 concurrent executions see only their own state", async () => {
    const code = (i: number) =>
      `let acc = []; for (let k = 0; k < 50; k++) { acc.push(${i}); if (k % 10 === 0) await tools.echo({ i: ${i} }) } const o = {}; o.mark = ${i}; return [acc.every((x) => x === ${i}), acc.length, o.mark, typeof globalThis.mark]`
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => exec(code(i))))
    results.forEach((r, i) => expect(r).toMatchObject({ ok: true, value: [true, 50, i, "undefined"] }))
  })

  it("100 different generated programs give the same Results run concurrently as run one by one", async () => {
    const programs = fc
      .sample(program({ size: 150 }), { seed: SEED, numRuns: 100 })
      .map((p, i) => p.replace("const out = [];", `const out = []; await tools.echo({ i: ${i} });`))
    const alone: Array<unknown> = []
    for (const p of programs) alone.push(await exec(p))
    const together = await Promise.all(programs.map(exec))
    expect(together).toEqual(alone)
    expect(alone.filter((r) => (r as { ok: boolean }).ok).length).toBeGreaterThan(50)
  })

  it(`${count(10_000)} sequential executions: retained heap growth < 5 MB, no leftover timers or handles`, async () => {
    const gc = exposeGc()
    const settle = () => {
      gc()
      gc()
      return process.memoryUsage().heapUsed
    }
    const resources = () => process.getActiveResourcesInfo().filter((h) => h !== "TTYWrap")
    // Distinct programs (a compile cache keyed by source would show here), with tool calls, errors and timeouts.
    const code = (i: number) =>
      i % 100 === 99
        ? `for (;;) {}`
        : `const xs = [1, 2, 3].map((x) => x * ${i}); const r = await tools.echo({ xs }); try { await tools.leaky({}) } catch (e) { xs.push(e.message.length) } if (${i} % 7 === 0) throw new Error("u${i}"); return [r, xs]`
    const fast = CodeMode.make({ tools, limits: { timeoutMs: 5 } })
    const run = (i: number) => Effect.runPromise((i % 100 === 99 ? fast : runtime).execute(code(i)))
    for (let i = 0; i < 200; i++) await run(i)
    await new Promise((r) => setTimeout(r, 50))
    const before = settle()
    const resources0 = resources()
    const n = count(10_000)
    let failures = 0
    for (let i = 0; i < n; i++) if (!(await run(i)).ok) failures++
    await new Promise((r) => setTimeout(r, 50))
    const grown = settle() - before
    const resources1 = resources()
    console.log(
      `reliability: ${n} sequential executions (${failures} failures by design), retained heap growth ${(grown / 1e6).toFixed(2)} MB after full GC; active resources before [${resources0.join(", ")}] after [${resources1.join(", ")}]`,
    )
    expect(failures).toBeGreaterThan(0)
    expect(grown).toBeLessThan(5e6)
    expect(resources1.filter((r) => r === "Timeout").length).toBeLessThanOrEqual(
      resources0.filter((r) => r === "Timeout").length,
    )
    expect(resources1.length).toBeLessThanOrEqual(resources0.length)
  }, 600_000)
})
