import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { HOT, MAX_SITES_PER_PROGRAM, generation } from "../../src/interpreter/compile/hot-site-copies.js"
import { fakeHost, oracle, ours, run } from "./harness.js"

/**
 * Hot object literals and constant-key member reads get a per-site copy compiled with `new Function`
 * (compile/hot-site-copies.ts). What is proven here: the generated text is template text and integers only, whatever the
 * guest's keys are; a specialised site computes, charges and fails exactly as the generic closure does; and where
 * code generation from strings is disallowed the run falls back and still gives the right answer.
 */

// Keys that would break out of any text they were pasted into, and values of every kind through the same sites.
const HOSTILE = [`"); throw 1; ("`, "`${globalThis}`", "*/ process.exit(1) /*", "\\", "\n", "\u2028", "k0", "keys[0]"]
const hostileProgram = `const keys = ${JSON.stringify(HOSTILE)}
const out = []
for (let i = 0; i < ${HOT + 500}; i++) {
  const o = { ${HOSTILE.map((k, i) => `${JSON.stringify(k)}: i + ${i}`).join(", ")}, plain: "s" + i, n: null, u: undefined, c: 7 }
  const p = { id: i, tags: i % 3 === 0 ? ["a"] : [], o }
  const row = [p.id, p.tags.length, p.o.plain, p.o.n, p.o.u, p.o.c]
  if (i % 500 === 0 || i > ${HOT + 495}) out.push([row, keys.map((k) => o[k])])
}
return out`

// One member site reading several shapes (own values, inherited, missing, a getter, an array, a string, null).
const shapesProgram = `const proto = { inherited: "from proto" }
const values = [{ v: 1 }, { w: 2, v: "two" }, Object.create(proto), { get v() { return "getter" } }, [1, 2], "str",
  { v: undefined }, { v: 0 }, Object.assign(Object.create(proto), { v: 9 })]
const read = (x) => x.v
const inh = (x) => x.inherited
let out = []
for (let i = 0; i < ${2 * HOT}; i++) {
  const x = values[i % values.length]
  const r = [read(x), inh(x)]
  if (i >= ${2 * HOT} - values.length) out.push(r)
}
try { read(null) } catch (e) { out.push(e.name, e.message) }
return out`

// Lines of the two templates, written out here (independent of the code that builds them): a generated text may
// contain nothing else.
const TEMPLATE_LINES = [
  /^"use strict" \/\/ site \d+$/,
  /^return function \(keys, evs, consts, chargeObject, newObject\) \{$/,
  /^ {2}const k(\d+) = keys\[\1\]$/,
  /^ {2}const e(\d+) = evs\[\1\]$/,
  /^ {2}const c(\d+) = consts\[\1\]$/,
  /^ {2}return function \(env, rt\) \{$/,
  /^ {4}chargeObject\(rt, \d+\)$/,
  /^ {4}const o = newObject\(\)$/,
  /^ {4}o\[k(\d+)\] = (e\1\(env, rt\)|env\[\d+\]|c\1)$/,
  /^ {4}return o$/,
  /^ {2}\}$/,
  /^\}$/,
  /^return function \(key, obj, GuestObject, getNamed, pos\) \{$/,
  /^ {4}const o = (obj\(env, rt\)|env\[\d+\])$/,
  /^ {4}if \(o instanceof GuestObject\) \{$/,
  /^ {6}const v = o\[key\]$/,
  /^ {6}if \(v !== undefined \|\| key in o\) return v$/,
  /^ {4}\}$/,
  /^ {4}return getNamed\(rt, o, key, pos\)$/,
]

afterEach(() => {
  generation.texts = undefined
  generation.available = undefined
})

describe("per-site specialisation of hot literals and member reads", () => {
  it("generates text from the templates and integers only, never from the program", async () => {
    generation.texts = []
    const expected = await oracle(hostileProgram)
    expect(expected.ok).toBe(true)
    expect(await ours(hostileProgram)).toEqual(expected)
    const texts = generation.texts
    // The literal sites (two) and the member sites in the loop became hot, so this exercised generated code.
    expect(texts.filter((t) => t.includes("newObject")).length).toBe(2)
    expect(texts.filter((t) => t.includes("getNamed")).length).toBeGreaterThanOrEqual(5)
    for (const text of texts) {
      for (const line of text.split("\n"))
        expect(
          TEMPLATE_LINES.some((re) => re.test(line)),
          line,
        ).toBe(true)
      // (Keys shaped like template text, "k0", "keys[0]" and a newline, are covered by the line grammar above.)
      for (const key of [...HOSTILE.filter((k) => !["k0", "keys[0]", "\n"].includes(k)), "plain", "tags", "item"])
        expect(text.includes(key), key).toBe(false)
    }
    // Every site's text is distinct (its own serial), so no two sites share V8's compiled copy and its feedback.
    expect(new Set(texts).size).toBe(texts.length)
  })

  it("reads every shape at a specialised member site as V8 does", async () => {
    generation.texts = []
    const expected = await oracle(shapesProgram)
    expect(expected.ok).toBe(true)
    expect(await ours(shapesProgram)).toEqual(expected)
    expect(generation.texts.length).toBeGreaterThan(0)
  })

  it("runs a getter that returns undefined once per read, at a generic and at a specialised site", async () => {
    // A constant-key read of a guest object whose value is undefined must not fall through to a second read.
    const program = `let calls = 0
const o = { get x() { calls++; return undefined }, y: undefined }
const child = Object.create(o)
const read = (v) => v.x
const first = [read(o), read(child), o.y, calls]
for (let i = 0; i < ${2 * HOT}; i++) { read(o); read(child) }
return [first, calls, "y" in o, o.y]`
    generation.texts = []
    const expected = await oracle(program)
    expect(expected.ok).toBe(true)
    expect(await ours(program)).toEqual(expected)
    expect(generation.texts.length).toBeGreaterThan(0)
  })

  it("charges a specialised literal as the generic one: the budget runs out at the same object", async () => {
    const program = `const keep = []
for (let i = 0; ; i++) { keep.push({ a: i, b: "x", c: null }); if (i % 50 === 0) console.log(String(i)) }`
    const outcome = async (available: boolean | undefined) => {
      generation.available = available
      const host = { ...fakeHost(), maxMemoryBytes: 2_000_000 }
      const r = await run(program, host)
      return { ok: r.ok, message: r.ok ? "" : r.diagnostic.message, last: host.lines.at(-1) }
    }
    const generic = await outcome(false)
    generation.texts = []
    const specialised = await outcome(undefined)
    expect(generation.texts.length).toBeGreaterThan(0)
    expect(generic.ok).toBe(false)
    expect(Number(generic.last)).toBeGreaterThan(HOT)
    expect(specialised).toEqual(generic)
  })

  it("gives at most MAX_SITES_PER_PROGRAM sites of one program their own copy; the others stay generic", async () => {
    // Each copy is host memory the run's budget does not charge, so a program of many hot sites is capped.
    const sites = MAX_SITES_PER_PROGRAM + 44
    const lines = Array.from({ length: sites }, (_, i) => `o = { a: i, b: ${i} }`).join("\n")
    const program = `let o, n = 0\nfor (let i = 0; i < ${HOT + 1}; i++) {\n${lines}\nn += 1\n}\nreturn [o, n]`
    generation.texts = []
    const expected = await oracle(program)
    expect(expected.ok).toBe(true)
    expect(await ours(program)).toEqual(expected)
    expect(generation.texts.length).toBe(MAX_SITES_PER_PROGRAM)
    // The count is per compiled program: a second program gets copies of its own.
    const before = generation.texts.length
    expect(await ours(hostileProgram)).toEqual(await oracle(hostileProgram))
    expect(generation.texts.length).toBeGreaterThan(before)
  })

  it("is the only code generation from strings in the sources", () => {
    const hits = execFileSync(
      "grep",
      // A member call `.eval(` is not JavaScript's eval (the Redis store sends a Lua script with it).
      ["-rlE", "--include=*.ts", "--include=*.js", String.raw`new Function\b|(^|[^.\w])eval\(|\bFunction\(`, "src"],
      {
        encoding: "utf8",
      },
    )
    expect(hits.trim().split("\n")).toEqual(["src/interpreter/compile/hot-site-copies.ts"])
  })

  it("keeps the generic closures when code generation is unavailable, with the same results", async () => {
    generation.available = false
    generation.texts = []
    const expected = await oracle(hostileProgram)
    expect(await ours(hostileProgram)).toEqual(expected)
    expect(await ours(shapesProgram)).toEqual(await oracle(shapesProgram))
    expect(generation.texts).toEqual([])
  })
})

const BIN = "dist/bin/codemode.js"
const dir = mkdtempSync(join(tmpdir(), "codemode-specialize-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!existsSync(BIN))("under node --disallow-code-generation-from-strings", () => {
  it("a hot program runs in process and gives the same answer as without the flag", async () => {
    const file = join(dir, "hot.js")
    writeFileSync(file, hostileProgram)
    const cli = (flags: Array<string>) =>
      spawnSync(process.execPath, [...flags, BIN, "run", file, "--isolation", "none", "--no-frontend", "--json"], {
        encoding: "utf8",
        timeout: 60_000,
      })
    // The flag does what this test relies on: `new Function` throws in such a process.
    const probe = spawnSync(process.execPath, [
      "--disallow-code-generation-from-strings",
      "-e",
      "try { new Function('return 1') } catch { process.exit(7) }",
    ])
    expect(probe.status).toBe(7)
    const expected = await oracle(hostileProgram)
    const disallowed = cli(["--disallow-code-generation-from-strings"])
    expect(disallowed.stderr).toBe("")
    expect(disallowed.status).toBe(0)
    const result = JSON.parse(disallowed.stdout) as { ok: boolean; value: unknown }
    expect(result.ok).toBe(true)
    expect(JSON.stringify(result.value)).toBe(expected.ok ? expected.json : "")
  }, 90_000)
})
