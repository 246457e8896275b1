import { describe, expect, it } from "vitest"
import { fakeHost, failure, oracle as v8, ours, run, value } from "./harness.js"

/** V8 with the host's timers: what Node, Cloudflare and Codex give a program (they all have setTimeout). */
const oracle = (code: string) => v8(code, { setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask })

const programs: Array<[string, string]> = [
  ["new Promise with a timer", "return await new Promise((r) => setTimeout(() => r(7), 5))"],
  [
    "the vendor sleep idiom",
    "const sleep = (ms) => new Promise((r) => setTimeout(r, ms)); await sleep(3); return 'slept'",
  ],
  ["timer arguments", "return await new Promise((r) => setTimeout(r, 1, 'arg'))"],
  [
    "ordering: sync, microtasks, then timers",
    "const out = []; setTimeout(() => out.push('t'), 0); queueMicrotask(() => out.push('m')); Promise.resolve().then(() => out.push('p')); out.push('s'); await new Promise((r) => setTimeout(r, 5)); return out",
  ],
  [
    "timers fire in delay order",
    "const out = []; setTimeout(() => out.push(2), 6); setTimeout(() => out.push(1), 1); await new Promise((r) => setTimeout(r, 20)); return out",
  ],
  [
    "setInterval and clearInterval",
    "let n = 0; await new Promise((r) => { const id = setInterval(() => { if (++n === 3) { clearInterval(id); r() } }, 1) }); return n",
  ],
  [
    "clearTimeout cancels",
    "let hit = false; const id = setTimeout(() => { hit = true }, 1); clearTimeout(id); await new Promise((r) => setTimeout(r, 10)); return hit",
  ],
  ["executor rejection", "try { await new Promise((_, rej) => rej(new Error('x'))) } catch (e) { return e.message }"],
  ["executor throw", "try { await new Promise(() => { throw new TypeError('t') }) } catch (e) { return e.name }"],
  ["throw after resolve is ignored", "return await new Promise((r) => { r(1); throw new Error('ignored') })"],
  ["only the first resolution counts", "return await new Promise((r, j) => { r(1); r(2); j(3) })"],
  ["resolve with a promise", "return await new Promise((r) => r(Promise.resolve(4)))"],
  ["resolve with a thenable", "return await new Promise((r) => r({ then(ok) { ok(new Promise((r2) => r2(5))) } }))"],
  ["async function returns a thenable", "async function f() { return { then(r) { r(9) } } } return await f()"],
  ["then callback returns a thenable", "return await Promise.resolve(1).then(() => ({ then(r) { r(3) } }))"],
  ["non-callable executor", "try { new Promise(5) } catch (e) { return e.name }"],
  ["Promise without new", "try { Promise(() => {}) } catch (e) { return e.name }"],
  [
    "self resolution",
    "let p; p = new Promise((r) => setTimeout(() => r(p))); try { await p } catch (e) { return e.name }",
  ],
  [
    "an async function resolving with its own promise",
    "let p; const f = async () => { await null; return p }; p = f(); try { await p; return 'fulfilled' } catch (e) { return [e.name, e.message] }",
  ],
  [
    "an async arrow resolving with its own promise",
    "let p; const f = async () => (await null, p); p = f(); try { await p; return 'fulfilled' } catch (e) { return e.name }",
  ],
  [
    "an async function returning another promise",
    "const f = async () => { await null; return Promise.resolve(6) }; return await f()",
  ],
  ["allSettled with thenables", "return await Promise.allSettled([{ then(_, j) { j(4) } }, 2])"],
  [
    "race with a thenable",
    "return await Promise.race([{ then(r) { setTimeout(() => r(1), 30) } }, new Promise((r) => setTimeout(() => r(2), 1))])",
  ],
  ["any with thenables", "return await Promise.any([{ then(_, j) { j(1) } }, { then(r) { r(2) } }])"],
  [
    "each combinator settles within its members' first reactions (same turn as their second ones)",
    "const out = []; for (const m of ['all', 'allSettled', 'any', 'race']) for (const input of m === 'race' ? [Promise.resolve(1), Promise.reject(2)] : [Promise.resolve(1), Promise.reject(2), []]) { const seq = []; const agg = Array.isArray(input) ? Promise[m](input) : Promise[m]([input]); const first = Array.isArray(input) ? Promise.resolve() : input; agg.then(() => seq.push('agg'), () => seq.push('agg!')); first.then(() => seq.push('a'), () => seq.push('a!')).then(() => seq.push('b')); seq.push('sync'); for (let i = 0; i < 4; i++) await null; out.push(m + ':' + seq.join(' ')) } return out",
  ],
  ["then on a new promise", "return await new Promise((r) => r(2)).then((x) => x * 3)"],
  ["instanceof", "return new Promise(() => {}) instanceof Promise"],
  [
    "await in a timer callback chain",
    "return await new Promise((r) => setTimeout(async () => r((await Promise.resolve(2)) + 1), 1))",
  ],
]

describe("async: interpreter vs node:vm with timers", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("timers belong to the run", () => {
  it("waits for a pending setTimeout before the run ends, like an event loop", async () => {
    const host = fakeHost({ tools: { "log.write": (x) => x } })
    const v = await value("setTimeout(() => tools.log.write({ late: true }), 5); return 1", host)
    expect(v).toBe(1)
    expect(host.calls).toEqual([{ path: "log.write", input: { late: true } }])
  })

  it("clears an interval still set when everything else is done", async () => {
    const host = fakeHost({ tools: { "tick.t": () => 1 } })
    const started = Date.now()
    expect(await value("setInterval(() => tools.tick.t({}), 1000); return 'done'", host)).toBe("done")
    expect(Date.now() - started).toBeLessThan(900)
    await new Promise((r) => setTimeout(r, 1100))
    expect(host.calls).toEqual([])
  })

  it("an uncaught error in a timer callback ends the run", async () => {
    const d = await failure(
      "setTimeout(() => { throw new RangeError('boom') }, 1); await new Promise((r) => setTimeout(r, 50)); return 1",
    )
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toContain("setTimeout")
    expect(d.message).toContain("boom")
  })

  it("the deadline stops a run waiting on a long timer, and the timer never fires", async () => {
    const host = fakeHost({ tools: { "x.y": () => 1 }, deadline: Date.now() + 50 })
    const r = await run(
      "setTimeout(() => tools.x.y({}), 300); await new Promise((r) => setTimeout(r, 200)); return 1",
      host,
    )
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.diagnostic.kind).toBe("TimeoutExceeded")
    await new Promise((r) => setTimeout(r, 350))
    expect(host.calls).toEqual([])
  })

  it("a timer loop is bounded", async () => {
    const d = await failure("for (let i = 0; i < 20000; i++) setTimeout(() => {}, 10000); return 1")
    expect(d.message).toContain("pending timers")
  })

  it("performance.now() is monotonic milliseconds since the run started", async () => {
    const v = (await value(
      "const a = performance.now(); await new Promise((r) => setTimeout(r, 20)); const b = performance.now(); return [a, b]",
    )) as [number, number]
    expect(v[0]).toBeGreaterThanOrEqual(0)
    expect(v[0]).toBeLessThan(1000)
    expect(v[1] - v[0]).toBeGreaterThanOrEqual(15)
  })

  it("an unobserved rejection of a program-made promise is reported", async () => {
    const d = await failure("new Promise((_, rej) => rej(new Error('lost'))); return 1")
    expect(d.message).toContain("Unhandled rejection")
    expect(d.message).toContain("lost")
  })

  it("a promise that never settles does not hold the run when nothing awaits it", async () => {
    expect(await value("new Promise(() => {}); (async () => { await new Promise(() => {}) })(); return 2")).toBe(2)
  })

  it("a host without Host.settled: the deadline after the body returned keeps the value, naming the pending work", async () => {
    const host = fakeHost({ tools: { "x.y": () => new Promise(() => {}) }, deadline: Date.now() + 50 })
    const r = await run("setTimeout(() => tools.x.y({}), 1); setTimeout(() => tools.x.y({}), 60000); return 1", host)
    expect(r).toMatchObject({ ok: true, value: 1 })
    if (!r.ok) return
    expect(r.notes).toHaveLength(2)
    expect(r.notes?.find((n) => n.includes("the call to tools.x.y"))).toMatch(/deadline.*cancelled/)
    expect(r.notes?.find((n) => n.includes("setTimeout callback due after 60000 ms"))).toMatch(/cancelled/)
    expect(host.calls).toHaveLength(1)
  })

  it('end: "body" (Codex cells): the run ends with the body; timers never fire, calls in flight are named', async () => {
    const host = fakeHost({ tools: { "x.y": () => new Promise(() => {}) } })
    const r = await run("setTimeout(() => tools.x.y({}), 5); tools.x.y({})", host, { end: "body" })
    // The trailing call is no result (a returned nothing is null, as `return undefined` gives).
    expect(r).toMatchObject({ ok: true, value: null })
    if (!r.ok) return
    expect(r.notes).toHaveLength(2)
    expect(r.notes?.every((n) => n.startsWith("the program ended when its body completed"))).toBe(true)
    await new Promise((r) => setTimeout(r, 20))
    expect(host.calls).toHaveLength(1)
  })

  it("awaiting a promise nothing can settle fails instead of hanging (no deadline set)", async () => {
    const d = await failure("await new Promise(() => {}); return 1")
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toContain("nothing can settle")
  })

  it("a pending tool call or interval is not idle", async () => {
    const host = fakeHost({ tools: { "slow.op": () => new Promise((r) => setTimeout(() => r(5), 30)) } })
    expect(await value("return await new Promise((r) => { tools.slow.op({}).then(r) })", host)).toBe(5)
    expect(
      await value(
        "let n = 0; return await new Promise((r) => { const id = setInterval(() => { if (++n === 5) { clearInterval(id); r(n) } }, 5) })",
      ),
    ).toBe(5)
  })

  it("timer ids are numbers, as in browsers and workers", async () => {
    expect(await value("const id = setTimeout(() => {}, 1); clearTimeout(id); return typeof id")).toBe("number")
  })
})
