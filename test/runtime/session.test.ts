/**
 * Sessions (docs/sessions.md): the runs of one session share its state (Codex/Pi `store`/`load`, features' slots),
 * two sessions share nothing, and a run made directly on the runtime gets fresh private state, in every isolation mode.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Store, Tool } from "../../src/index.js"
import { sessionState } from "../../src/runtime/session.js"

type Runner = { run: (input: unknown) => Effect.Effect<any, never, never> }
const codex = (on: Runner, code: string) => Effect.runPromise(on.run(`// @exec: {}\n${code}`))
const logs = async (on: Runner, code: string) => (await codex(on, code)).logs ?? []

describe.each(["none", "worker", "process"] as const)("sessions, isolation %s", (isolation) => {
  const runtime = CodeMode.make({ isolation })

  it("runs in one session share store/load; another session and direct runs see nothing", async () => {
    const a = runtime.session()
    const b = runtime.session()
    expect(a.id).not.toBe(b.id)
    expect(await logs(a, `store("token", "SECRET-OF-A")\ntext("stored")`)).toEqual(["stored"])
    expect(await logs(a, `text(String(load("token")))`)).toEqual(["SECRET-OF-A"])
    expect(await logs(b, `text(String(load("token")))`)).toEqual(["undefined"])
    expect(await logs(runtime, `text(String(load("token")))`)).toEqual(["undefined"])
    // A direct run's writes are its own.
    expect(await logs(runtime, `store("direct", 1)\ntext(String(load("direct")))`)).toEqual(["1"])
    expect(await logs(runtime, `text(String(load("direct")))`)).toEqual(["undefined"])
    expect(await logs(a, `text(String(load("direct")))`)).toEqual(["undefined"])
  }, 30_000)

  it("globals a program sets stay in its run, in a session too", async () => {
    const a = runtime.session()
    const b = runtime.session()
    expect(await logs(a, `globalThis.leak = "A"\ntext(String(globalThis.leak))`)).toEqual(["A"])
    expect(await logs(a, `text(String(globalThis.leak))`)).toEqual(["undefined"])
    expect(await logs(b, `text(String(globalThis.leak))`)).toEqual(["undefined"])
  }, 30_000)

  it("a closed session refuses runs and forgets its state", async () => {
    const a = runtime.session({ id: `closing-${isolation}` })
    expect(a.id).toBe(`closing-${isolation}`)
    await codex(a, `store("k", 1)`)
    await a.close()
    expect(a.closed).toBe(true)
    const refused = await codex(a, `text(String(load("k")))`)
    expect(refused).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    expect(refused.error.message).toContain(`Session 'closing-${isolation}' is closed`)
  }, 30_000)
})

describe("sessions in the library", () => {
  it("concurrent in-process runs of one session see each other's writes as they happen", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const runtime = CodeMode.make({
      tools: {
        wait: Tool.make({ description: "waits", input: { type: "object" }, run: () => Effect.promise(() => gate) }),
      },
    })
    const s = runtime.session()
    const first = codex(
      s,
      `store("first", "written before waiting")\nawait tools.wait({})\ntext(String(load("second")))`,
    )
    await new Promise((r) => setTimeout(r, 20))
    const second = await codex(s, `text(String(load("first")))\nstore("second", "from the second run")`)
    release()
    expect(second.logs).toEqual(["written before waiting"])
    expect((await first).logs).toEqual(["from the second run"])
  })

  it("concurrent isolated runs of one session each start from a copy; both writes reach the session", async () => {
    const runtime = CodeMode.make({ isolation: "worker" })
    const s = runtime.session()
    await Promise.all([codex(s, `store("x", 1)`), codex(s, `store("y", 2)`)])
    expect(await logs(s, `text(JSON.stringify([load("x"), load("y")]))`)).toEqual(["[1,2]"])
  }, 30_000)

  it("each session has its own slots for per-session features", () => {
    const runtime = CodeMode.make({})
    const a = runtime.session()
    const b = runtime.session()
    sessionState(a)!.slots.set("quota", 3)
    expect(sessionState(b)!.slots.has("quota")).toBe(false)
    expect(sessionState(a)!.slots.get("quota")).toBe(3)
  })

  it("an idle session expires and says so", async () => {
    const s = CodeMode.make({}).session({ idleTimeoutMs: 30 })
    await codex(s, `store("k", 1)`)
    await new Promise((r) => setTimeout(r, 80))
    expect(s.closed).toBe(true)
    const refused = await codex(s, `text(String(load("k")))`)
    expect(refused.error.message).toContain("is expired")
  })

  it("a running program keeps its session from expiring", async () => {
    const s = CodeMode.make({}).session({ idleTimeoutMs: 30 })
    const r = await codex(s, `store("k", 1)\nawait new Promise((r) => setTimeout(r, 80))\ntext(String(load("k")))`)
    expect(r.logs).toEqual(["1"])
    expect(s.closed).toBe(false)
  })

  it("bad options are refused at the call", () => {
    const runtime = CodeMode.make({})
    expect(() => runtime.session({ id: "" })).toThrow(TypeError)
    expect(() => runtime.session({ idleTimeoutMs: 0 })).toThrow(RangeError)
    expect(() => CodeMode.make({ store: {} as never })).toThrow(TypeError)
  })

  it("two runtimes on one store serve one session id's state; closing removes it", async () => {
    const store = Store.memory()
    const one = CodeMode.make({ store }).session({ id: "shared" })
    const two = CodeMode.make({ store, isolation: "worker" }).session({ id: "shared" })
    expect(await logs(one, `store("n", { deep: [1, "two", { three: 3 }] })\ntext("ok")`)).toEqual(["ok"])
    expect(await logs(two, `text(JSON.stringify(load("n")))`)).toEqual(['{"deep":[1,"two",{"three":3}]}'])
    expect(await logs(two, `store("m", "from two")`)).toEqual([])
    expect(await logs(one, `text(load("m"))`)).toEqual(["from two"])
    expect(await logs(CodeMode.make({ store }).session({ id: "other" }), `text(String(load("n")))`)).toEqual([
      "undefined",
    ])
    await one.close()
    expect(await store.get("codemode:session:shared")).toBeUndefined()
  }, 30_000)

  it("a store that fails is said, not hidden", async () => {
    const broken: Store.Store = {
      ...Store.memory(),
      compareAndSet: async () => {
        throw new Error("store down")
      },
    }
    const s = CodeMode.make({ store: broken }).session()
    const r = await codex(s, `store("k", 1)\ntext("ran")`)
    expect(r.logs).toEqual(["ran", "codemode: the session's state could not be saved: store down"])
    expect(r.receipt.warnings.map((w: { message: string }) => w.message)).toContain(
      "the session's state could not be saved: store down",
    )
  })
})
