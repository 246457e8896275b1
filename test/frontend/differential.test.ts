import vm from "node:vm"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

/**
 * Differential against V8 (`node:vm`): the value the model meant (its body run as an async function) equals the value
 * of the normalized code, whatever wrapper, fence, pragma or TypeScript annotations the model added.
 */
const run = async (body: string): Promise<string> =>
  JSON.stringify(await vm.runInNewContext(`(async () => {\n${body}\n})()`, {}, { timeout: 1000 }))

// [JavaScript, the same with TypeScript annotations]
const statements: ReadonlyArray<readonly [string, string]> = [
  ["const a = [3, 1, 2].sort((x, y) => x - y)", "const a: number[] = [3, 1, 2].sort((x: number, y: number) => x - y)"],
  ["let b = 0\nfor (let i = 0; i < 5; i++) b += i", "let b: number = 0\nfor (let i = 0; i < 5; i++) b += i"],
  ['const c = { k: "v", n: [1, 2] }', 'const c: { k: string; n: number[] } = { k: "v", n: [1, 2] }'],
  [
    "const d = await Promise.all([1, 2].map(async (x) => x * 2))",
    "const d = await Promise.all([1, 2].map(async (x: number) => x * 2))",
  ],
  ["const e = `t${1 + 1}`.repeat(2)", "const e = `t${1 + 1}`.repeat(2) as string"],
  [
    "function f(x) { return x + 1 }\nconst g = f(41)",
    "function f(x: number): number { return x + 1 }\nconst g = f(41)",
  ],
  ["const h = new Map([[1, 'a']]).get(1)", "const h = new Map<number, string>([[1, 'a']]).get(1)"],
]
const names = ["a", "b", "c", "d", "e", "g", "h"]

const body = fc.uniqueArray(fc.integer({ min: 0, max: statements.length - 1 }), { minLength: 1, maxLength: 5 })
const forms = fc.record({
  wrapper: fc.constantFrom("none", "iife", "await-iife", "bare-arrow", "export-default", "named-main"),
  fence: fc.boolean(),
  pragma: fc.boolean(),
  typescript: fc.boolean(),
})

const build = (picks: number[], ts: boolean) => {
  const lines = picks.map((i) => statements[i]![ts ? 1 : 0])
  const ret = `return [${picks.map((i) => names[i]).join(", ")}]`
  return [...lines, ret].join("\n")
}

const wrap = (inner: string, form: { wrapper: string; fence: boolean; pragma: boolean }) => {
  let text = inner
  if (form.wrapper === "iife") text = `(async () => {\n${inner}\n})()`
  if (form.wrapper === "await-iife") text = `await (async function () {\n${inner}\n})()`
  if (form.wrapper === "bare-arrow") text = `async () => {\n${inner}\n}`
  if (form.wrapper === "export-default") text = `export default async function () {\n${inner}\n}`
  if (form.wrapper === "named-main") text = `async function main() {\n${inner}\n}\nmain()`
  if (form.pragma) text = `// @options: {"timeout_ms": 1000}\n${text}`
  if (form.fence) text = "```ts\n" + text + "\n```"
  return text
}

describe("differential against node:vm", () => {
  it("the normalized program computes what the model meant", async () => {
    await fc.assert(
      fc.asyncProperty(body, forms, async (picks, form) => {
        const meant = await run(build(picks, false))
        const n = normalize({ code: wrap(build(picks, form.typescript), form) })
        expect(n.diagnostics).toEqual([])
        expect(await run(n.code)).toBe(meant)
      }),
      { numRuns: 120 },
    )
  })
})
