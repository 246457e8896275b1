/**
 * The hard heap cap of an isolated run (issue 14, "a hard per-execution heap cap from maxMemoryBytes"). The
 * interpreter's own estimate charges what a program builds, so the program here outgrows the sandbox's V8 heap
 * where no estimate looks: parsing and compiling a 1 MB source (the program size limit) of half a million
 * array elements takes far more than the cap of a 1 MB budget (the sandbox baseline + 2 MB). The sandbox
 * must die alone (V8 out of memory: a child process aborts, a worker ends with ERR_WORKER_OUT_OF_MEMORY) and the run
 * end as a memory-limit ExecutionFailure, with this process — the host — alive and the next run served.
 * The sandbox runs the built entry point (`dist/`): `npm run build` first.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { warmUp } from "../../src/isolation/supervisor.js"
import { MAX_SOURCE_LENGTH } from "../../src/syntax/parse.js"

const BUDGET = 1_000_000
// As many elements as the program size limit admits.
const program = `return [${"0,".repeat((MAX_SOURCE_LENGTH - 32) / 2)}].length`

describe.each(["worker", "process"] as const)("the heap cap, isolation %s", (mode) => {
  it("stops a run whose parse and compile outgrow the sandbox heap; the host lives on", async () => {
    expect(program.length).toBeLessThanOrEqual(MAX_SOURCE_LENGTH)
    const runtime = CodeMode.make({ isolation: mode, limits: { timeoutMs: 120_000, maxMemoryBytes: BUDGET } })
    await warmUp(mode, BUDGET)
    const result = await Effect.runPromise(runtime.execute(program))
    expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    const message = result.ok ? "" : result.error.message
    // The heap cap's message, not the estimate's ("retain less data") nor a timeout.
    expect(message).toBe(
      `Execution exceeded its memory budget of ${BUDGET} bytes (limits.maxMemoryBytes): the sandbox ran out of heap ` +
        "and was stopped.",
    )
    expect(await Effect.runPromise(runtime.execute("return 1 + 1"))).toMatchObject({ ok: true, value: 2 })
  }, 120_000)
})
