import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const tools = [
  ["read"],
  ["bash"],
  ["github", "list_issues"],
  ["context7", "resolve-library-id"],
  ["mcp__dev-radius__search"],
]
const code = (input: unknown) => normalize(input, { tools }).code
const rules = (input: unknown) => normalize(input, { tools }).receipt.changes.map((c) => `${c.stage}/${c.rule}`)

describe("unwrap (docs/dialects.md#wrappers)", () => {
  it("async IIFE, under await or void, keeps the body", () => {
    expect(code("(async () => {\n  return 1\n})()")).toBe("return 1")
    expect(code("await (async function () { return 2 })()")).toBe("return 2")
    expect(code("void (async () => { return 3 })()")).toBe("return 3")
  })
  it("expression-bodied arrows become return expr (docs/dialects.md#pitfalls)", () => {
    expect(code("(async () => 42)()")).toBe("return 42;")
    expect(code("async () => tools.read({})")).toBe("return tools.read({});")
  })
  it("export default and a lone named main then called", () => {
    expect(code("export default async () => {\n  return 1\n}")).toBe("return 1")
    expect(code("async function main() {\n  return 7\n}\nawait main()")).toBe("return 7")
    expect(code("main()\nasync function main() {\n  return 8\n}")).toBe("return 8")
  })
  it("does not unwrap sync IIFEs, parameters, defaults, or an IIFE followed by other statements", () => {
    for (const c of [
      "(() => { return 1 })()",
      "(async (x) => { return x })(1)",
      "(async (x = 1) => { return x })()",
      "(async () => { return 1 })()\nconsole.log(2)",
      "async function f() { return f }\nawait f()",
    ]) {
      expect(rules(c).filter((r) => r.startsWith("unwrap/"))).toEqual([])
    }
  })
})

describe("await insertion (docs/dialects.md#missing-await)", () => {
  it("inserts before used tool calls and async helpers", () => {
    expect(code("const r = tools.read({})\nreturn r.x")).toBe("const r = await tools.read({})\nreturn r.x")
    expect(code("const h = searchTools('x')\nreturn h")).toBe("const h = await searchTools('x')\nreturn h")
  })
  it("parenthesizes when the result is indexed or called", () => {
    expect(code("return tools.read({}).length")).toBe("return (await tools.read({})).length;")
  })
  it("skips awaited, Promise.all members, .then chains, optional calls, bound roots, return position", () => {
    for (const c of [
      "return await tools.read({})",
      "return await Promise.all([tools.read({}), tools.bash({})])",
      "return tools.read({}).then((r) => r.x)",
      "return tools?.read({})",
      "const tools = { read: () => 1 }\nconst r = tools.read()\nreturn r",
      "return tools.read({})",
      "return Promise.all([1].map((x) => tools.read({ x })))",
    ]) {
      expect(rules(c).filter((r) => r.startsWith("await/"))).toEqual([])
    }
  })
  it("never in non-async functions, except Promise.all(xs.map(cb)) callbacks, which become async", () => {
    expect(rules("function f() { const r = tools.read({}); return r.x }\nreturn f()")).toEqual([])
    expect(code("return Promise.all([1].map((x) => tools.read({ x }).y))")).toBe(
      "return Promise.all([1].map(async x => (await tools.read({ x })).y));",
    )
    expect(rules("return [1].map((x) => tools.read({ x }).y)")).toEqual([])
  })
  it("does not serialize manual concurrency (docs/dialects.md#pitfalls)", () => {
    const c = "const a = tools.read({})\nconst b = tools.bash({})\nreturn await Promise.all([a, b])"
    expect(code(c)).toBe(c)
  })
})

describe("resolve (docs/dialects.md#tool-paths)", () => {
  it("exact paths are untouched; dialect spellings resolve to canonical paths", () => {
    expect(code("return await tools.github.list_issues({})")).toBe("return await tools.github.list_issues({})")
    expect(code("return await tools.github_list_issues({})")).toBe("return await tools.github.list_issues({});")
    expect(code("return await tools.mcp__dev_radius__search({})")).toBe(
      'return await tools["mcp__dev-radius__search"]({});',
    )
    expect(code("return await tools.context7.resolve_library_id({})")).toBe(
      'return await tools.context7["resolve-library-id"]({});',
    )
  })
  it("keeps ?. and leaves dynamic or property paths alone", () => {
    expect(code("return await tools?.github_list_issues({})")).toBe("return await tools?.github.list_issues({});")
    expect(rules("const k = 'read'\nreturn await tools[k]({})")).toEqual([])
    expect(rules("return tools.read.length")).toEqual([])
  })
  it("unknown tools warn with did-you-mean and stay in place", () => {
    const n = normalize("return await tools.github.list_isues({})", { tools })
    expect(n.code).toBe("return await tools.github.list_isues({})")
    expect(n.receipt.warnings[0]!.message).toMatch(/Did you mean tools\.github\.list_issues/)
    expect(n.receipt.warnings[0]!.loc).toMatchObject({ line: 1, column: 13 })
  })
  it("a bare call of a catalog tool becomes a tool call; bound names do not", () => {
    expect(code("return await bash({ command: 'ls' })")).toBe("return await tools.bash({ command: 'ls' });")
    expect(rules("const bash = (x) => x\nreturn bash(1)")).toEqual([])
  })
  it("without a tree nothing is resolved", () => {
    expect(normalize("return await tools.github_list_issues({})").receipt.changes).toEqual([])
  })
})

describe("globals (docs/dialects.md#foreign-globals) and preludes", () => {
  it("warns about unsupported globals and leaves the code in place", () => {
    const n = normalize("const t = WebAssembly\nreturn fetch('x')", { tools })
    expect(n.code).toBe("const t = WebAssembly\nreturn fetch('x')")
    expect(n.receipt.warnings.map((w) => w.message.split(" ")[0])).toEqual(["WebAssembly", "fetch"])
  })
  it("a bound name or a catalog tool never warns", () => {
    expect(normalize("const fetch = (x) => x\nreturn fetch(1)").receipt.warnings).toEqual([])
    expect(normalize("return await fetch({ q: 1 })", { tools: [["fetch"]] }).receipt.warnings).toEqual([])
  })
  it("includes Pi's prelude when the program uses its helpers", () => {
    const n = normalize("text(ALL_TOOLS.length)", { tools })
    expect(n.receipt.preludes).toEqual(["pi"])
    expect(Object.keys(n.compile.globals ?? {}).sort()).toEqual(["ALL_TOOLS", "text"])
    expect(normalize("return 1").compile.globals).toEqual({})
  })
})

describe("opencode 2.x global search", () => {
  it("becomes tools.$codemode.search, a string argument becomes { query }", () => {
    expect(code("return await search('issues')")).toBe("return await tools.$codemode.search({\n  query: 'issues'\n});")
  })
  it("is a bare tool call when the catalog has a tool named search", () => {
    expect(normalize("return await search({ q: 1 })", { tools: [["search"]] }).code).toBe(
      "return await tools.search({ q: 1 });",
    )
  })
})

describe("detection (docs/dialects.md#priority)", () => {
  const detected = (input: unknown, t = tools) => normalize(input, { tools: t }).receipt.dialect
  it("priority order with evidence", () => {
    expect(detected("return await tools.$codemode.search({})")).toBe("opencode")
    expect(detected("return await tools.github.list_issues({})")).toBe("opencode")
    expect(detected("const h = await searchTools('x')\ntext(h)")).toBe("pi")
    expect(detected('// @options: {"timeout_ms": 5}\nreturn 1')).toBe("pi")
    expect(detected("return await tools.read({})")).toBeUndefined()
  })
  it("a hint seeds the guess, code signals win", () => {
    expect(normalize("return await tools.read({})", { hint: "pi" }).receipt.dialect).toBe("pi")
    expect(normalize("return await tools.$codemode.search({})", { hint: "pi" }).receipt.dialect).toBe("opencode")
  })
})
