/**
 * Object.assign writes each own enumerable key with [[Set]] (§20.1.2.1), so a source's own `__proto__` key (from
 * `JSON.parse`, a computed key, `Object.defineProperty`) meets the target's `__proto__` accessor: an object value
 * becomes the target's prototype, a primitive is ignored. Compared with V8 (node:vm, strict); the run's prototype
 * rules (only plain objects change prototype, only plain objects or null are prototypes) are asserted directly.
 */
import { describe, expect, it } from "vitest"
import { oracle, ours, run } from "./harness.js"

const same = async (code: string) => {
  const expected = await oracle(code)
  expect(expected.ok, JSON.stringify(expected)).toBe(true)
  expect(await ours(code)).toEqual(expected)
}

const SRC = `const src = (v) => { const o = {}; Object.defineProperty(o, "__proto__", { value: v, enumerable: true }); return o }`

describe("Object.assign of a __proto__ key, as in V8", () => {
  it.each([
    [
      "a parsed object becomes the prototype, in key order",
      `const p = JSON.parse('{"a": 1, "__proto__": {"x": 1, "a": 9}, "b": 2}'); const t = Object.assign({}, p); return [Object.keys(t), t.x, t.a, Object.getPrototypeOf(t) === Object.prototype, Object.getPrototypeOf(t) === p.__proto__]`,
    ],
    [
      "a primitive is ignored",
      `const t = Object.assign({}, JSON.parse('{"__proto__": 5, "k": 1}')); return [Object.getPrototypeOf(t) === Object.prototype, Object.keys(t)]`,
    ],
    [
      "null detaches the target from Object.prototype",
      `const t = Object.assign({}, JSON.parse('{"__proto__": null}')); return [Object.getPrototypeOf(t), typeof t.toString, Object.keys(t)]`,
    ],
    [
      "a target without Object.prototype gets an own key",
      `const t = Object.assign(Object.create(null), JSON.parse('{"__proto__": {"y": 1}}')); return [Object.keys(t), t.y, t.__proto__.y]`,
    ],
    [
      "keys after __proto__ meet setters of the new prototype",
      `${SRC}; const log = []; const proto = { set late(v) { log.push("setter " + v) } }; const s = src(proto); s.late = 7; const t = Object.assign({}, s); return [log, Object.keys(t)]`,
    ],
    [
      "nothing global changes",
      `Object.assign({}, JSON.parse('{"__proto__": {"polluted": true}}')); return [({}).polluted, Object.prototype.polluted]`,
    ],
    [
      "a cycle is V8's TypeError",
      `${SRC}; const a = {}; const b = Object.assign({}, src(a)); try { Object.assign(a, src(b)); return "no error" } catch (e) { return [e.name, e.message] }`,
    ],
    [
      "object spread still makes an own key",
      `const u = { ...JSON.parse('{"__proto__": {"x": 1}}') }; return [Object.keys(u), u.x]`,
    ],
    [
      "Object.prototype stays immutable",
      `${SRC}; try { Object.assign(Object.prototype, src({})); return "changed" } catch (e) { return e.name }`,
    ],
  ])("%s", (_name, code) => same(code))

  it.each([
    ["a function target", `Object.assign(() => 0, src({ y: 1 }))`, "only plain objects can change prototype here"],
    [
      "Array.prototype as the new prototype",
      `Object.assign({}, src(Array.prototype))`,
      "only plain objects or null can be prototypes",
    ],
    [
      "Function.prototype as the new prototype",
      `Object.assign({}, src(Function.prototype))`,
      "only plain objects or null can be prototypes",
    ],
    [
      "a function as the new prototype",
      `Object.assign({}, src(() => 0))`,
      "only plain objects or null can be prototypes",
    ],
  ])("the run's prototype rules still refuse %s, saying so", async (_name, expr, message) => {
    const r = await run(`${SRC}; try { ${expr}; return "allowed" } catch (e) { return [e.name, e.message] }`)
    expect(r).toMatchObject({ ok: true, value: ["TypeError", expect.stringContaining(message)] })
  })
})
