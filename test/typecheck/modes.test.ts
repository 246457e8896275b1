// The three modes, their per-run override, what plain JavaScript raises (nothing), and that "off" loads nothing.
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"

let called = 0
const get = Tool.make({
  description: "Get an order",
  input: {
    type: "object",
    properties: {
      id: { type: "string" },
      status: { type: "string", enum: ["open", "closed"] },
      limit: { type: "integer" },
    },
    required: ["id"],
  },
  output: {
    type: "object",
    properties: {
      id: { type: "string" },
      total: { type: "number" },
      lines: {
        type: "array",
        items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } } },
      },
    },
  },
  run: (input: any) => Effect.sync(() => (called++, { id: input.id, total: 3, lines: [{ sku: "s", qty: 2 }] })),
})
const list = Tool.make({
  description: "List orders (no output schema)",
  input: { type: "object", properties: { status: { type: "string" } } },
  run: () => Effect.sync(() => (called++, [{ id: "a", extra: { deep: 1 } }])),
})
const tools = { orders: { get, list } }
const run = (runtime: CodeMode.Runtime<any>, code: string, options?: CodeMode.RunOptions) =>
  Effect.runPromise(runtime.run({ code }, options) as Effect.Effect<any>)

describe("typecheck modes", () => {
  it('"warn" runs the program and adds each finding to the receipt at its line and column', async () => {
    const runtime = CodeMode.make({ tools, typecheck: "warn" })
    const before = called
    const code = `const o = await tools.orders.get({ id: "a", limt: 2 })\nreturn o.totl ?? o.total`
    const result = await run(runtime, code)
    expect(result).toMatchObject({ ok: true, value: 3 })
    expect(called).toBe(before + 1)
    const found = result.receipt.warnings.filter((w: any) => w.stage === "typecheck")
    expect(found.map((w: any) => [w.loc.line, w.loc.column])).toEqual([
      [1, code.indexOf("limt")],
      [2, 9],
    ])
    expect(found[0].message).toMatch(
      /^TypeCheck: tools\.orders\.get: unknown input property 'limt'\. Did you mean 'limit'\?/,
    )
  })

  it("the per-run option overrides make's", async () => {
    const code = `return await tools.orders.get({ id: 7 })`
    const off = CodeMode.make({ tools })
    expect(await run(off, code)).toMatchObject({ ok: true })
    expect(await run(off, code, { typecheck: "refuse" })).toMatchObject({ ok: false, error: { kind: "TypeCheck" } })
    const refuse = CodeMode.make({ tools, typecheck: "refuse" })
    expect(await run(refuse, code, { typecheck: "off" })).toMatchObject({ ok: true })
    const warned = await run(refuse, code, { typecheck: "warn" })
    expect(warned.ok).toBe(true)
    expect(warned.receipt.warnings.some((w: any) => w.stage === "typecheck")).toBe(true)
  })

  it("a bad mode is a TypeError, at make and per run", () => {
    expect(() => CodeMode.make({ tools, typecheck: "strict" as never })).toThrow(TypeError)
    const runtime = CodeMode.make({ tools })
    expect(() => runtime.run("return 1", { typecheck: "yes" as never })).toThrow(/typecheck must be one of/)
  })

  it("the TypeCheck diagnostic is part of the closed set", () => {
    expect(CodeMode.DiagnosticKind.literals).toContain("TypeCheck")
  })

  // Idioms of the corpus: none of these may raise a finding, whatever the compiler thinks of untyped code.
  const idioms: Record<string, string> = {
    "an object grown by assignment, then sent": `const q = {}\nq.id = "a"\nreturn await tools.orders.get(q)`,
    "a let string sent where an enum belongs": `let s = "open"\nreturn (await tools.orders.get({ id: "a", status: s })).id`,
    "JSON.parse results and optional chaining": `const x = JSON.parse('{"id":"a"}')\nconst o = await tools.orders.get({ id: x.id })\nreturn o?.lines?.[0]?.sku ?? x.missing?.deep`,
    "untyped callbacks over an output without schema": `const all = await tools.orders.list({})\nreturn all.map((o) => o.extra.deep).filter(Boolean).reduce((a, b) => a + b, 0)`,
    "a variable of unknown shape as input": `function build(id) { return { id } }\nreturn (await tools.orders.get(build("a"))).total`,
    "dynamic tool access": `const name = "get"\nreturn (await tools.orders[name]({ id: "a" })).total`,
    "Promise.all over a map": `const os = await Promise.all(["a", "b"].map((id) => tools.orders.get({ id })))\nreturn os.map((o) => o.total)`,
    "undeclared globals and top-level return": `console.log(typeof fetch, typeof require)\nreturn 1`,
    "TypeScript annotations, stripped": `interface O { id: string }\nconst o: O = await tools.orders.get({ id: "a" as string })\nreturn o.id`,
    "numbers as strings in templates": `const o = await tools.orders.get({ id: \`\${1 + 1}\` })\nreturn \`\${o.total}\``,
    "a namespace listed": `return Object.keys(tools.orders)`,
  }
  it.each(Object.entries(idioms))("plain JavaScript raises nothing: %s", async (_name, code) => {
    const runtime = CodeMode.make({ tools, typecheck: "refuse" })
    const result = await run(runtime, code)
    expect(result.receipt.warnings.filter((w: any) => w.stage === "typecheck")).toEqual([])
    expect(result.error?.kind).not.toBe("TypeCheck")
  })
})

describe("loading", () => {
  const index = fileURLToPath(new URL("../../dist/src/index.js", import.meta.url))
  const probe = (mode: string) =>
    execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createRequire } from "node:module"
         import { Effect } from "effect"
         const { CodeMode, Tool } = await import(${JSON.stringify(index)})
         const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/node_modules/typescript/"))
         const atImport = loaded()
         const t = Tool.make({ description: "t", input: { type: "object" }, run: () => Effect.succeed(1) })
         const runtime = CodeMode.make({ tools: { t }, typecheck: ${JSON.stringify(mode)} })
         const result = await Effect.runPromise(runtime.run({ code: "return await tools.t({})" }))
         console.log(JSON.stringify({ atImport, afterRun: loaded(), ok: result.ok }))`,
      ],
      { cwd: fileURLToPath(new URL("../..", import.meta.url)), encoding: "utf8" },
    )
  it('importing the package and running with "off" never load typescript; "warn" does', () => {
    expect(JSON.parse(probe("off"))).toEqual({ atImport: false, afterRun: false, ok: true })
    expect(JSON.parse(probe("warn"))).toEqual({ atImport: false, afterRun: true, ok: true })
  })
})
