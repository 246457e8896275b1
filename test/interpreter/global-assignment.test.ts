/**
 * Assigning a built-in global (`Math = …`, `JSON = …`, `Promise = …`): in V8 strict mode an assignment to a
 * writable property of the global object. Each program is compared with V8 (node:vm, strict, as the body of an
 * async function); the replacement lasts for its run only (checked through a real runtime running two programs).
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { oracle, ours, run } from "./harness.js"

const same = async (code: string) => {
  const expected = await oracle(code)
  expect(expected.ok, JSON.stringify(expected)).toBe(true)
  expect(await ours(code)).toEqual(expected)
}

describe("a program may replace a writable built-in global, as in V8", () => {
  it.each([
    ["Math = 1", `Math = 1; return typeof Math`],
    [
      "reads before and after",
      `const a = Math.max(1, 2); Math = { max: () => 42 }; return [a, Math.max(1, 2), globalThis.Math.max()]`,
    ],
    ["compound assignment", `JSON = 5; JSON += 1; return [JSON, globalThis.JSON]`],
    ["update", `Map++; return [typeof Map, Number.isNaN(Map)]`],
    ["logical assignment", `Promise ||= 1; Symbol &&= null; return [typeof Promise, Symbol]`],
    ["through globalThis", `globalThis.Math = { pi: 3 }; return Math.pi`],
    ["in a function", `function set() { Date = "d" } const before = typeof Date; set(); return [before, Date]`],
    ["a hot read", `Math = { v: 1 }; let s = 0; for (let i = 0; i < 3000; i++) s += Math.v; return s`],
    [
      "a local of the same name is untouched",
      `const f = () => { let Math = 2; Math = 3; return Math }; return [f(), typeof Math]`,
    ],
    ["Math compared, not assigned", `const m = Math; return [m === Math, Math == null, typeof Math]`],
    ["globalThis itself", `const g = globalThis; globalThis = 1; return [globalThis, typeof g]`],
  ])("%s", (_name, code) => same(code))

  it.each([
    ["undefined", `try { undefined = 1; return "assigned" } catch (e) { return e.name }`],
    ["NaN", `try { NaN = 1; return "assigned" } catch (e) { return e.name }`],
    ["Infinity", `try { Infinity++; return "assigned" } catch (e) { return e.name }`],
  ])("%s stays read-only (a TypeError, as in V8)", (_name, code) => same(code))

  it("tools stays the host's: assigning it is a TypeError naming it", async () => {
    const r = await run(`try { tools = 1 } catch (e) { return [e.name, e.message, typeof tools] }`)
    expect(r).toMatchObject({ ok: true, value: ["TypeError", "Cannot assign to read only global 'tools'", "object"] })
  })

  it("a write the source scan cannot see (a destructuring target) is a TypeError, never a write its reads miss", async () => {
    const r = await run(`try { [Map] = [1] } catch (e) { return [e.name, e.message, typeof Map] }`)
    expect(r).toMatchObject({
      ok: true,
      value: [
        "TypeError",
        "Cannot assign to global 'Map' here: only a plain assignment (Map = …) replaces a built-in global",
        "function",
      ],
    })
  })

  it("the replacement is the run's own: the next program on the same runtime sees the built-in", async () => {
    const runtime = CodeMode.make({})
    const first = await Effect.runPromise(runtime.execute(`Math = { floor: () => "mine" }; return Math.floor(2.5)`))
    expect(first).toMatchObject({ ok: true, value: "mine" })
    const second = await Effect.runPromise(runtime.execute(`return [Math.floor(2.5), typeof JSON.parse]`))
    expect(second).toMatchObject({ ok: true, value: [2, "function"] })
  })
})
