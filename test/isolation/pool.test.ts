/**
 * The sandbox pool's bound (src/isolation/README.md "Concurrency"): runs beyond MAX_SANDBOXES wait for a sandbox
 * instead of starting one each, every run is answered with its own result, and a run whose deadline passes while
 * it waits ends in TimeoutExceeded without reaching a sandbox. Runs the built sandbox: `npm run build` first.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { MAX_SANDBOXES } from "../../src/isolation/pool.js"

// A memory budget no other file uses gives these runs a pool of their own (one pool per mode and heap cap): sandboxes
// another file's runs still hold cannot change what is counted here.
const OWN_POOL = 61 * 2 ** 20

describe.each(["worker", "process"] as const)("the %s sandbox pool", (isolation) => {
  it("lends at most MAX_SANDBOXES at once; the runs beyond wait and each gets its own answer", async () => {
    let inside = 0
    let peak = 0
    // The first MAX_SANDBOXES calls wait for each other, so the peak reaches the bound whatever the machine's load;
    // an unbounded pool would let more runs in while they are inside.
    let full!: () => void
    const barrier = new Promise<void>((resolve) => (full = resolve))
    setTimeout(full, 20_000).unref()
    const hold = Tool.make({
      description: "Holds its run in its sandbox for a moment",
      input: { type: "object" },
      run: (input: { n: number }) =>
        Effect.promise(async () => {
          peak = Math.max(peak, ++inside)
          if (inside >= MAX_SANDBOXES) full()
          await barrier
          await new Promise((resolve) => setTimeout(resolve, 30))
          inside--
          return input.n * 10
        }),
    })
    const runtime = CodeMode.make({
      tools: { hold },
      isolation,
      limits: { timeoutMs: 60_000, maxMemoryBytes: OWN_POOL },
    })
    const runs = Array.from({ length: MAX_SANDBOXES * 3 }, (_, n) =>
      Effect.runPromise(runtime.execute(`const v = await tools.hold({ n: ${n} })\nreturn [${n}, v]`)),
    )
    const results = await Promise.all(runs)
    results.forEach((result, n) => expect(result).toMatchObject({ ok: true, value: [n, n * 10] }))
    expect(peak).toBe(MAX_SANDBOXES)
  }, 60_000)

  it("ends a run whose deadline passes in the queue, before it reaches a sandbox", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const called: Array<string> = []
    const tools = {
      wait: Tool.make({
        description: "Waits for the test",
        input: { type: "object" },
        run: () => Effect.promise(() => gate.then(() => "released")),
      }),
      mark: Tool.make({
        description: "Records that a run got this far",
        input: { type: "object" },
        run: () => Effect.sync(() => void called.push("mark")),
      }),
    }
    const limits = { maxMemoryBytes: OWN_POOL + 2 ** 20 }
    const slow = CodeMode.make({ tools, isolation, limits: { ...limits, timeoutMs: 60_000 } })
    const fast = CodeMode.make({ tools, isolation, limits: { ...limits, timeoutMs: 300 } })
    const holding = Array.from({ length: MAX_SANDBOXES }, () =>
      Effect.runPromise(slow.execute("return await tools.wait({})")),
    )
    // The holding runs took every sandbox when they started; a moment for their Effects to begin.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const queued = await Effect.runPromise(fast.execute("await tools.mark({})\nreturn 'ran'"))
    expect(queued).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    expect(called).toEqual([])
    release()
    for (const result of await Promise.all(holding)) expect(result).toMatchObject({ ok: true, value: "released" })
    expect(await Effect.runPromise(fast.execute("await tools.mark({})\nreturn 'ran'"))).toMatchObject({
      ok: true,
      value: "ran",
    })
  }, 60_000)
})
