/**
 * Time bounds that hold (issue item 2): `timeoutMs` stops catch/finally loops, promise-reaction loops and callback
 * loops inside built-ins, and the program cannot catch it. Termination is asserted with a generous bound only.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"

const runtime = CodeMode.make({ limits: { timeoutMs: 100 } })

const LOOPS: ReadonlyArray<readonly [string, string]> = [
  ["catch loop", `for (;;) { try { throw new Error("x") } catch (e) { continue } }`],
  ["finally loop", `for (;;) { try { return 1 } finally { continue } }`],
  ["catch swallowing everything", `for (;;) { try { for (;;) {} } catch (e) {} finally {} }`],
  ["promise-reaction loop", `const loop = () => Promise.resolve().then(loop); return await loop()`],
  ["awaited microtask loop", `for (;;) await null`],
  ["async recursion", `const f = async () => { await null; return f() }; return await f()`],
  ["sort comparator", `[3, 2, 1].sort(() => { for (;;) {} })`],
  ["long sort", `const a = Array.from({ length: 200000 }, (_, i) => -i); for (;;) a.sort((x, y) => x - y)`],
  ["replace callback", `for (;;) "a".repeat(100000).replace(/a/g, () => "b")`],
  ["map callback", `const a = Array(1000000).fill(0); for (;;) a.map((x) => x + 1)`],
  ["reduce in catch", `for (;;) { try { [1, 2].reduce(() => { throw 1 }) } catch {} }`],
  ["JSON reviver", `for (;;) JSON.parse("[" + "1,".repeat(10000) + "1]", (k, v) => v)`],
  ["Promise.all of loops", `await Promise.all([0, 1].map(async () => { for (;;) await null }))`],
  // One regex-consuming call over 10^5–10^6 matches on 1 MB (seconds of work): the clock is read between matches
  // and inside the engine, so the call itself stops at the timeout (src/interpreter/builtins/regexp-ops.ts).
  ["one global replace, 10^6 matches", `return "a".repeat(1e6).replace(/a/g, "$&$&").length`],
  ["one global replace with callback", `return "ab".repeat(5e5).replace(/b/g, (m, i) => i).length`],
  ["one replaceAll", `return "a,".repeat(5e5).replaceAll(/,/g, ";;").length`],
  ["one split, 10^6 pieces", `return "a".repeat(1e6).split(/(?:)/).length`],
  ["one match g, 10^6 matches", `return "ab".repeat(5e5).match(/[ab]/g).length`],
  ["one matchAll, 10^5 matches", `return "abcdefghij".repeat(1e5).matchAll(/(a)(b)?/g).length`],
  ["one exec, 5000-instruction program", `return /(.*a){999}$/.exec("a".repeat(1e5) + "!")`],
  ["one search, NFA fallback", `return ("a".repeat(1e5) + "!").search(/(.*a){999}$/)`],
  // A match: the DFA answers "yes" quickly, then the capture-tracking NFA takes ~0.45 s over 1.2 MB.
  ["one exec, NFA with captures", `return /(a|ab|abc)*$/.exec("abc".repeat(4e5)).index`],
]

describe("timeoutMs holds and is not catchable", () => {
  it.each(LOOPS)("%s", async (_name, code) => {
    const t0 = performance.now()
    const r = await Effect.runPromise(runtime.execute(code))
    const ms = performance.now() - t0
    expect(r.ok ? "ok" : r.error.kind).toBe("TimeoutExceeded")
    expect(ms).toBeLessThan(5_000)
  })
})
