/**
 * The host-backed globals (Intl, TextEncoder/TextDecoder, atob/btoa, crypto, Uint8Array) beyond what the
 * differential suite compares: DOMException-like errors are guest Errors, randomness is random, byte arrays are
 * capped and charged to the run's memory budget, every chain from these values ends at guest objects, and the
 * frontend no longer tells a model they are missing.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { normalize } from "../../src/Frontend.js"

const MB = 1024 * 1024
const run = (code: string, maxMemoryBytes?: number) =>
  Effect.runPromise(CodeMode.make({ tools: {}, limits: { timeoutMs: 20_000, maxMemoryBytes } }).execute(code))
const value = async (code: string) => {
  const r = await run(code)
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`)
  return r.value
}

describe("DOMException-like errors", () => {
  it("are catchable guest Errors with the DOMException name and code", async () => {
    expect(
      await value(
        `const out = []
         for (const f of [() => atob("!"), () => btoa("€"), () => crypto.getRandomValues(new Uint8Array(70000))]) {
           try { f() } catch (e) { out.push([e.name, e.code, e instanceof Error, typeof e.message]) }
         }
         return out`,
      ),
    ).toEqual([
      ["InvalidCharacterError", 5, true, "string"],
      ["InvalidCharacterError", 5, true, "string"],
      ["QuotaExceededError", 22, true, "string"],
    ])
  })
  it("uncaught, they are the run's diagnostic with a position", async () => {
    const r = await run(`const x = 1\nreturn atob("%%")`)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.message).toBe("Uncaught: The string to be decoded is not correctly encoded.")
      expect(r.error.location?.line).toBe(2)
    }
  })
})

describe("crypto", () => {
  it("gives fresh random bytes and v4 UUIDs on every call", async () => {
    const [a, b, ids] = (await value(
      `const a = crypto.getRandomValues(new Uint8Array(32))
       const b = crypto.getRandomValues(new Uint8Array(32))
       return [Array.from(a), Array.from(b), Array.from({ length: 50 }, () => crypto.randomUUID())]`,
    )) as [Array<number>, Array<number>, Array<string>]
    expect(a).not.toEqual(b)
    expect(new Set(a).size).toBeGreaterThan(8)
    expect(new Set(ids).size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe("byte arrays and the memory limits", () => {
  it("a byte array past the array cap is a catchable RangeError naming the limit", async () => {
    expect(await value(`try { new Uint8Array(2e7) } catch (e) { return [e.name, /limit/.test(e.message)] }`)).toEqual([
      "RangeError",
      true,
    ])
  })
  it("allocating byte arrays is charged to the run's budget (ends the run, uncatchably)", async () => {
    const r = await run(
      `const keep = []; try { for (;;) keep.push(new Uint8Array(1 << 20)) } catch { return "caught" }`,
      8 * MB,
    )
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/memory budget/)
  })
  it("so are encoder output, slices and copies", async () => {
    for (const make of ["new TextEncoder().encode(s)", "big.slice()", "Uint8Array.from(big)", "new Uint8Array(big)"]) {
      const r = await run(
        `const s = "x".repeat(1 << 20); const big = new Uint8Array(1 << 20); const keep = []; for (;;) keep.push(${make})`,
        6 * MB,
      )
      expect(r.ok, make).toBe(false)
      if (!r.ok) expect(r.error.message, make).toMatch(/memory budget/)
    }
  })
  it("a result holding bytes crosses the boundary as JSON.stringify shows it", async () => {
    expect(await value(`return { b: new TextEncoder().encode("hi") }`)).toEqual({ b: { 0: 104, 1: 105 } })
  })
})

describe("no host object is reachable", () => {
  it("every constructor chain from these values ends at the guest Function, which refuses to compile", async () => {
    const starts = [
      "Intl",
      "new Intl.NumberFormat()",
      "new Intl.DateTimeFormat().format",
      "new Intl.Collator().compare",
      "new Intl.NumberFormat().resolvedOptions()",
      "new TextEncoder()",
      "new TextDecoder()",
      "new TextEncoder().encode",
      "new Uint8Array(1)",
      "new Uint8Array(1).subarray",
      "crypto",
      "crypto.randomUUID",
      "atob",
    ]
    const names = await value(
      `return [${starts.map((s) => `(() => { try { return (${s}).constructor.constructor("return 1")() } catch (e) { return e.name } })()`).join(", ")}]`,
    )
    expect(names).toEqual(starts.map(() => "EvalError"))
  })
})

describe("the frontend", () => {
  it("does not warn about globals the interpreter has", () => {
    const n = normalize(
      `const id = crypto.randomUUID(); const b = btoa(atob("aGk=")); const t = new TextDecoder().decode(new TextEncoder().encode(b))
       return [id, t, new Intl.NumberFormat("de").format(1), structuredClone([1]), new Uint8Array(2).length]`,
    )
    expect(n.receipt.warnings).toEqual([])
  })
})
