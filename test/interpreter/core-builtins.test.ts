import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * The core built-ins (Array, Object, Function, Number, Boolean, String, Date, Error) against V8: each program's
 * JSON result must equal node:vm's, or both must throw.
 */
const same = async (code: string) => {
  const expected = await oracle(code)
  expect(expected.ok).toBe(true)
  expect(await ours(code)).toEqual(expected)
}

describe("built-in method lengths", () => {
  it("every method's length is the spec's count of required parameters", () =>
    same(`
      const out = {}
      const list = (name, proto) => {
        for (const k of Object.getOwnPropertyNames(proto)) {
          const d = Object.getOwnPropertyDescriptor(proto, k)
          if (typeof d.value === "function" && k !== "constructor") out[name + "." + k] = d.value.length
        }
      }
      const pick = (name, proto, keys) => { for (const k of keys) out[name + "." + k] = proto[k].length }
      pick("Array", Array.prototype, ["at", "concat", "copyWithin", "every", "fill", "filter", "find", "findIndex",
        "findLast", "findLastIndex", "flat", "flatMap", "forEach", "includes", "indexOf", "join", "keys", "lastIndexOf",
        "map", "pop", "push", "reduce", "reduceRight", "reverse", "shift", "slice", "some", "sort", "splice",
        "toLocaleString", "toReversed", "toSorted", "toSpliced", "toString", "unshift", "with"])
      pick("String", String.prototype, ["at", "charAt", "charCodeAt", "codePointAt", "concat", "endsWith", "includes",
        "indexOf", "lastIndexOf", "padEnd", "padStart", "repeat", "replace", "replaceAll", "slice", "split",
        "startsWith", "substring", "toString", "trim", "valueOf"])
      pick("Number", Number.prototype, ["toExponential", "toFixed", "toPrecision", "toString", "valueOf", "toLocaleString"])
      pick("Boolean", Boolean.prototype, ["toString", "valueOf"])
      pick("Date", Date.prototype, ["setDate", "setFullYear", "setHours", "setMilliseconds", "setMinutes", "setMonth",
        "setSeconds", "setTime", "setUTCFullYear", "setUTCHours", "setUTCMinutes", "toJSON", "toString", "valueOf"])
      pick("Object", Object.prototype, ["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toString", "valueOf"])
      pick("Function", Function.prototype, ["apply", "bind", "call"])
      return out
    `))

  it("a length is a number, never a host value (toString, valueOf rows)", () =>
    same(`return [typeof [].toString.length, typeof (1).valueOf.length, typeof ({}).hasOwnProperty.length]`))
})

describe("Number.prototype and Boolean.prototype are wrappers of +0 and false", () => {
  it("their methods accept the prototype itself as the receiver", () =>
    same(`return [Number.prototype.toString(2), Number.prototype.valueOf(), Number.prototype.toFixed(2),
      Boolean.prototype.toString(), Boolean.prototype.valueOf(), String.prototype.toString()]`))
  it("other objects are still refused", async () => {
    for (const code of ["Number.prototype.valueOf.call({})", "Boolean.prototype.toString.call(Number.prototype)"]) {
      expect((await oracle(code)).ok).toBe(false)
      expect((await ours(code)).ok).toBe(false)
    }
  })
})

describe("Array.prototype methods that write are generic over array-likes", () => {
  it("push, pop, shift and unshift read and write length and indices", () =>
    same(`
      const a = { length: 2, 0: "x", 1: "y" }
      const r = [Array.prototype.push.call(a, "z", "w"), Array.prototype.pop.call(a), Array.prototype.shift.call(a),
        Array.prototype.unshift.call(a, 1, 2), JSON.stringify(a)]
      const b = { length: "2.9", 1: "q" }
      r.push(Array.prototype.shift.call(b), JSON.stringify(b), Array.prototype.pop.call({}), Array.prototype.push.call({ length: -5 }, 7))
      return r
    `))
  it("splice, reverse, fill and copyWithin keep holes as holes", () =>
    same(`
      const a = { length: 6, 0: 0, 1: 1, 3: 3, 5: 5 }
      const removed = Array.prototype.splice.call(a, 1, 2, "i", "j", "k")
      const b = { length: 5, 0: "a", 1: "b", 4: "e" }
      Array.prototype.reverse.call(b)
      const c = Array.prototype.fill.call({ length: 3 }, 9, 1)
      const d = Array.prototype.copyWithin.call({ length: 5, 0: "a", 1: "b", 3: "d" }, 2, 0, 2)
      return [removed, Object.keys(removed), a, b, c, d]
    `))
  it("sort sorts the present elements and deletes the rest", () =>
    same(`
      const a = { length: 5, 0: "c", 2: "a", 3: undefined, 4: "b" }
      Array.prototype.sort.call(a)
      const b = Array.prototype.sort.call({ length: 3, 0: 3, 1: 1, 2: 2 }, (x, y) => y - x)
      return [JSON.stringify(a), Object.keys(a), 3 in a, b]
    `))
  it("the spec's order of observable operations: length before the arguments, each index once", () =>
    same(`
      const log = []
      const a = { get length() { log.push("length"); return 2 }, set length(v) { log.push("set length " + v) },
        get 0() { log.push("get 0"); return "a" }, get 1() { log.push("get 1"); return "b" } }
      Array.prototype.pop.call(a)
      Array.prototype.push.call(a, "c")
      return log
    `))
  it("a length past 2^53 - 1 is a TypeError; a frozen receiver a TypeError", async () => {
    for (const code of [
      "Array.prototype.push.call({ length: 2 ** 53 - 1 }, 1)",
      "Array.prototype.unshift.call({ length: 2 ** 53 - 1 }, 1)",
      "Array.prototype.push.call(Object.freeze({ length: 0 }), 1)",
      "Array.prototype.pop.call(null)",
    ]) {
      expect((await oracle(code)).ok).toBe(false)
      expect(await ours(code)).toEqual({ ok: false, name: "thrown" })
    }
  })
  it("primitives are wrapped: push on a number adds to a throwaway object, on a string fails", () =>
    same(`
      const r = [Array.prototype.push.call(1, "a"), Array.prototype.pop.call(true)]
      try { Array.prototype.push.call("ab", "c") } catch (e) { r.push(e instanceof TypeError) }
      return r
    `))
  it("concat spreads array-likes that ask for it and keeps the receiver object", () =>
    same(`
      const spread = { length: 2, 0: "a", 1: "b", [Symbol.isConcatSpreadable]: true }
      const kept = [1, 2]
      kept[Symbol.isConcatSpreadable] = false
      const r = [].concat(spread, { length: 1, 0: "not spread" }.length, kept.length)
      const obj = { x: 1 }
      const s = Array.prototype.concat.call(obj, [2])
      return [r, s.length, s[0] === obj, [1].concat(kept).length]
    `))
  it("a sparse array-like with a huge length does not allocate", () =>
    same(`
      const a = { length: 2 ** 53 - 1, [2 ** 53 - 2]: "last" }
      return [Array.prototype.pop.call(a), a.length, Array.prototype.splice.call(a, 2 ** 53 - 3, 1).length]
    `))
})

describe("Function.prototype", () => {
  it("bind: new on a bound function constructs the target; instanceof, name and length follow the target", () =>
    same(`
      function Point(x, y) { this.x = x; this.y = y }
      const AtOne = Point.bind(null, 1)
      const p = new AtOne(2)
      class K { constructor(a) { this.a = a } }
      const BK = K.bind(undefined)
      const k = new BK(5)
      const f = function (a, b, c) {}
      return [p.x, p.y, p instanceof Point, p instanceof AtOne, AtOne.name, AtOne.length, k.a, k instanceof K,
        f.bind(null, 1, 2, 3, 4).length, f.bind().bind().name, Math.max.bind(null, 1).length]
    `))
  it("bind on a non-callable, and new on a bound arrow, are TypeErrors", async () => {
    for (const code of [
      "Function.prototype.bind.call({}, null)",
      "Function.prototype.bind.call(undefined)",
      "Function.prototype.call.call(1)",
      "const B = (() => 1).bind(null); new B()",
      "Function.prototype.toString.call({})",
      "Function.prototype.apply.call(Math.max, null, 1)",
    ]) {
      expect((await oracle(code)).ok).toBe(false)
      expect(await ours(code)).toEqual({ ok: false, name: "thrown" })
    }
  })
  it("apply reads an array-like argument list by length and index", () =>
    same(`return [Math.max.apply(null, { length: 3, 0: 4, 1: 9, 2: 2 }), Math.max.apply(null, { length: 0 }),
      ((...a) => a.length).apply(null, { length: 2 })]`))
  it("caller and arguments of a strict function throw on read and write", async () => {
    for (const code of [
      "function f() {}; return f.caller",
      "function f() {}; f.arguments = 1",
      "return Math.max.caller",
    ]) {
      expect((await oracle(code)).ok).toBe(false)
      expect(await ours(code)).toEqual({ ok: false, name: "thrown" })
    }
  })
})

describe("Function.prototype.toString", () => {
  // V8 returns the source text; the NativeFunction form is the spec's other choice (§20.2.3.5): it must parse as
  // `function <PropertyName>? ( … ) { [native code] }`, with `get`/`set` before an accessor's name.
  const NATIVE = /^function ((get|set) )?([A-Za-z_$][\w$]*|\[[^\]]*\])? ?\(\) \{ \[native code\] \}$/
  it("every kind of function prints in the NativeFunction form", async () => {
    const r = await ours(`
      class A { m() {} get g() { return 1 } static s() {} }
      const o = { f() {}, set x(v) {}, [Symbol.iterator]() {} }
      const d = (k) => Object.getOwnPropertyDescriptor(o, k)
      return [String(A), String(A.prototype.m), String(Object.getOwnPropertyDescriptor(A.prototype, "g").get),
        String(A.s), String(o.f), String(d("x").set), String(o[Symbol.iterator]), String(() => 1),
        String(async function named() {}), String(Math.max), String(A.bind(null)), Function.prototype.toString.call(o.f)]
    `)
    expect(r.ok).toBe(true)
    const texts = JSON.parse((r as { json: string }).json) as Array<string>
    expect(texts).toHaveLength(12)
    for (const t of texts) expect(t).toMatch(NATIVE)
    expect(texts[0]).toBe("function A() { [native code] }")
    expect(texts[2]).toBe("function get g() { [native code] }")
    expect(texts[5]).toBe("function set x() { [native code] }")
  })
})

describe("own properties of dates, regular expressions, Maps, Sets and promises", () => {
  it("are written, defined, listed, read and deleted like any object's", () =>
    same(`
      const d = new Date(0)
      d.label = "epoch"
      const re = /a/g
      Object.defineProperty(re, "tag", { value: 1, enumerable: false })
      const m = new Map([[1, 2]])
      m.note = "n"
      const s = new Set()
      const p = Promise.resolve(1)
      p.id = 7
      s.x = 1
      const before = delete s.x
      return [d.label, Object.keys(d), d.getTime(), re.tag, Object.keys(re), Object.getOwnPropertyNames(re).includes("tag"),
        m.note, m.get(1), m.size, Object.entries(m), "note" in m, before, "x" in s, p.id,
        Object.create({}, { prop: Object.assign(new Date(0), { value: "from a date" }) }).prop]
    `))
  it("accessors with no setter stay read-only (size, flags)", async () => {
    for (const code of ["new Map().size = 1", "new Set().size = 1", "/a/.global = false", "/a/.source = 'b'"]) {
      expect((await oracle(code)).ok).toBe(false)
      expect(await ours(code)).toEqual({ ok: false, name: "thrown" })
    }
  })
  it("Object.values reads a function's own properties, never its closure's fields", () =>
    same(`function f() {}; f.env = 1; f.code = 2; f.rt = 3; return Object.values(f)`))
})

describe("Object.defineProperty on an array's length", () => {
  it("converts the value with ToUint32 and ToNumber, a mismatch is a RangeError", () =>
    same(`
      const a = [1, 2, 3]
      const r = []
      for (const value of [-1, 1.5, undefined, "x", 2 ** 32]) {
        try { Object.defineProperty(a, "length", { value }) } catch (e) { r.push(e.name) }
      }
      Object.defineProperty(a, "length", { value: { valueOf() { return 1 } } })
      try { Object.defineProperties(a, { length: { value: -0.5 } }) } catch (e) { r.push(e.name) }
      return [r, a.length, a]
    `))
})
