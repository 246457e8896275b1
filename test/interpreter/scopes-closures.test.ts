import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

// Per-entry environments are created only for blocks and loops whose subtree creates a closure (compile/hoist.ts
// `containsClosure`, with a child-key table per node type). Each program hides the closure in a different child
// position; if detection missed it, every closure would see the last iteration's binding and V8 would disagree.
const programs = [
  `const fs = []; for (let i = 0; i < 3; i++) fs.push({ [String((() => i)())]: 1 }); return fs`,
  `const fs = []; for (let i = 0; i < 3; i++) { const o = { f: () => i }; fs.push(o) } return fs.map((o) => o.f())`,
  `const fs = []; for (const x of [1, 2, 3]) fs.push(\`\${[x].map((y) => () => y + x)[0]()}\`); return fs`,
  `const fs = []; for (const x of [1, 2, 3]) { const { g = () => x } = {}; fs.push(g) } return fs.map((f) => f())`,
  `const fs = []; for (let i = 0; i < 3; i++) { try { throw i } catch (e) { fs.push(() => e + i) } } return fs.map((f) => f())`,
  `const fs = []; for (let i = 0; i < 3; i++) { switch (i) { default: { let j = i * 2; fs.push(() => j) } } } return fs.map((f) => f())`,
  `const fs = []; for (const k in { a: 1, b: 2 }) fs.push(true ? () => k : 0); return fs.map((f) => f())`,
  `const fs = []; for (let i = 0; i < 3; i++) { let j = i; if (j > 0) { fs.push(...[() => j]) } } return fs.map((f) => f())`,
  `const out = []; for (let i = 0; i < 3; i++) { let j = i; out.push(j) } return out`,
  `var a = 1; { var b = a + 1; for (var c = 0; c < 2; c++) { try { var d = c } catch (e) { var f = 0 } } } return [a, b, c, d, typeof f]`,
  `function g() { if (true) { var v = 3 } return v } const h = () => { for (var w of [4]) {} return w }; return [g(), h()]`,
]

describe("closure detection for per-entry environments (differential vs node:vm)", () => {
  it.each(programs.map((p, i) => [i, p] as const))("program %i: %s", async (_i, code) => {
    const expected = await oracle(code)
    expect(expected.ok).toBe(true)
    expect(await ours(code)).toEqual(expected)
  })
})
