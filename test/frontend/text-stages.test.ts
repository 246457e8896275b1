import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const code = (input: unknown) => normalize(input).code

describe("fences (docs/dialects.md#fences)", () => {
  it("peels a leading fence layer by layer", () => {
    expect(code("```js\nreturn 1\n```")).toBe("return 1")
    expect(code("````md\n```js\nreturn 2\n```\n````")).toBe("return 2")
    expect(code("~~~typescript\nreturn 3\n~~~")).toBe("return 3")
  })
  it("drops trailing prose only when it looks like prose", () => {
    expect(code("```js\nreturn 1\n```\nThis returns one.")).toBe("return 1")
    const kept = normalize("```js\nreturn 1\n```\nreturn 2;")
    expect(kept.receipt.changes.filter((c) => c.stage === "fences")).toEqual([])
  })
  it("extracts prose + block + prose only when both sides are prose", () => {
    expect(code("Here you go:\n```js\nreturn 4\n```\nDone.")).toBe("return 4")
    const ambiguous = normalize("const a = 1\n```js\nreturn 4\n```")
    expect(ambiguous.receipt.changes.filter((c) => c.stage === "fences")).toEqual([])
  })
  it("takes the program out of a reply whose prose is not program-free, when the reply itself does not parse", () => {
    // A chat reply (corpus chat-dev-pr-authors): the prose after the block shows a JSON shape, so docs/dialects.md#fences calls it
    // ambiguous; the whole reply is not a program, the second block is.
    const reply =
      'It fetches the PRs.\n\n```json\n{ "a": 1 }\n```\n\n```javascript\nconst n = await tools.x.y({})\nreturn n\n```\n\nThe result looks like `{ "205": "..." }`.'
    const n = normalize(reply)
    expect(n.code).toBe("const n = await tools.x.y({})\nreturn n")
    expect(n.receipt.changes.filter((c) => c.stage === "fences").map((c) => c.rule)).toEqual(["block-in-text"])
    expect(n.receipt.warnings.map((w) => w.message)).toContain(
      "took the fenced program out of the surrounding text (block 2 of 2)",
    )
    // Text that parses as a program is never cut, whatever fences it holds.
    expect(normalize("const a = 1\n```js\nreturn 4\n```").receipt.changes.filter((c) => c.stage === "fences")).toEqual(
      [],
    )
  })
  it("an unterminated fence is removed with a warning; an empty block is an empty program", () => {
    const n = normalize("```js\nreturn 5")
    expect(n.code).toBe("return 5")
    expect(n.receipt.warnings.map((w) => w.message)).toContain("unterminated fence")
    const empty = normalize("```js\n```")
    expect(empty.ok).toBe(false)
    expect(empty.diagnostics[0]!.message).toBe("Code cannot be empty.")
  })
})

describe("pragmas (docs/dialects.md#pragmas)", () => {
  const opts = (text: string, limits = { timeoutMs: 120_000, maxOutputBytes: 1_000_000 }) =>
    normalize(text, { limits }).options
  it("Pi's exact line and other spellings", () => {
    expect(opts('// @options: {"max_output_tokens": 100, "timeout_ms": 5000}\nreturn 1')).toEqual({
      maxOutputBytes: 400,
      timeoutMs: 5000,
    })
    expect(opts("// @options {max_output_tokens: 10,}\nreturn 1")).toEqual({ maxOutputBytes: 40 })
    expect(opts("/* @Options= {'maxOutputTokens': '7'} */\nreturn 1")).toEqual({ maxOutputBytes: 28 })
    expect(opts("// @option timeout_ms=2500\nreturn 1")).toEqual({ timeoutMs: 2500 })
    expect(opts('<!-- @options: {"timeoutMs": 10} -->\nreturn 1')).toEqual({ timeoutMs: 10 })
    expect(opts('\n\n// just a comment\n// options: {"timeout_ms": 9}\nreturn 1')).toEqual({ timeoutMs: 9 })
  })
  it("a pragma may lower host limits, never raise them", () => {
    expect(opts('// @options: {"timeout_ms": 999999}\nreturn 1', { timeoutMs: 1000, maxOutputBytes: 10 })).toEqual({
      timeoutMs: 1000,
    })
    expect(opts('// @options: {"max_output_tokens": 100}\nreturn 1', { timeoutMs: 1000, maxOutputBytes: 10 })).toEqual({
      maxOutputBytes: 10,
    })
  })
  it("yield_time_ms is dropped with a warning, unknown keys warn", () => {
    const n = normalize('// @exec: {"yield_time_ms": 10000, "color": "red"}\nreturn 1')
    expect(n.options).toEqual({})
    expect(n.receipt.warnings.map((w) => w.message).join("\n")).toMatch(/early-yield[\s\S]*color/)
    expect(n.receipt.evidence.some((e) => e.signal === "pragma:@exec")).toBe(true)
  })
  it("scanning stops at the first code line; the pragma stays a comment", () => {
    expect(opts('return 1\n// @options: {"timeout_ms": 5}')).toEqual({})
    expect(code('// @options: {"timeout_ms": 5}\nreturn 1')).toBe('// @options: {"timeout_ms": 5}\nreturn 1')
  })
  it("a # pragma becomes a // comment", () => {
    const n = normalize('# @options: {"timeout_ms": 50}\nreturn 1')
    expect(n.code).toBe('// @options: {"timeout_ms": 50}\nreturn 1')
    expect(n.options).toEqual({ timeoutMs: 50 })
  })
  it("an unusable pragma is a warning", () => {
    const n = normalize("// @options: nonsense\nreturn 1")
    expect(n.ok).toBe(true)
    expect(n.receipt.warnings.map((w) => w.message)).toContain("pragma not understood: left as a comment")
  })
})

describe("json-program (docs/dialects.md#json-programs)", () => {
  it("compiles steps into awaited calls and returns every result", () => {
    expect(code([{ tool: "read", args: { path: "a" } }, "console.log(1)", { name: "bash", command: "ls" }])).toBe(
      'const _result0 = await tools.read({\n  path: "a"\n});\nconsole.log(1)\nconst _result1 = await tools.bash({\n  command: "ls"\n});\nreturn [_result0, _result1];',
    )
  })
  it("keys string arguments by the tool's name", () => {
    expect(code([{ tool: "read_file", args: "a.txt" }])).toContain('path: "a.txt"')
    expect(code([{ tool: "write", args: "line1\nline2" }])).toContain("content:")
    expect(code([{ tool: "run", args: '{"x": 1}' }])).toContain("x: 1")
    expect(code([{ tool: "run", args: "" }])).toContain("tools.run({})")
  })
  it("calls a tool whose arguments text is JSON null with no arguments, and says so", () => {
    // Cohere's reply for a parameterless tool (vercel/ai packages/cohere/src/__fixtures__/cohere-null-args.json).
    const n = normalize([{ id: "c1", type: "function", function: { name: "currentTime", arguments: "null" } }])
    expect(n.code).toBe("const _result0 = await tools.currentTime({});\nreturn _result0;")
    expect(n.receipt.changes.map((c) => c.rule)).toContain("null-arguments")
    expect(normalize([{ tool: "run", args: "" }]).receipt.changes.map((c) => c.rule)).not.toContain("null-arguments")
  })
  it("keeps every key and level of an argument: __proto__ stays an own key, deep data is not cut", () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "b": 2}') as Record<string, unknown>
    let deep: unknown = { leaf: 1 }
    for (let i = 0; i < 70; i++) deep = { d: deep }
    const run = (program: string) => new Function("tools", `return (async () => { ${program} })()`)
    const seen: Array<unknown> = []
    const tools = { echo: async (v: unknown) => (seen.push(v), v) }
    return Promise.all([
      run(code([{ tool: "echo", args: input }]))(tools),
      run(code([{ tool: "echo", args: deep }]))(tools),
    ]).then(() => {
      expect(Object.keys(seen[0] as object)).toEqual(["__proto__", "b"])
      expect(Object.getPrototypeOf(seen[0])).toBe(Object.prototype)
      expect(JSON.stringify(seen[0])).toBe(JSON.stringify(input))
      expect(JSON.stringify(seen[1])).toBe(JSON.stringify(deep))
    })
  })
  it("accepts a code string that parses as a JSON program, not `[1, 2]`", () => {
    expect(code('[{"tool": "read", "args": {"path": "a"}}]')).toContain("tools.read(")
    expect(code("[1, 2]")).toBe("[1, 2]")
  })
  it("dotted and non-identifier names become paths", () => {
    expect(code([{ tool: "github.list_issues", args: {} }])).toContain("tools.github.list_issues({})")
    expect(code([{ tool: "my-tool", args: {} }])).toContain('tools["my-tool"]({})')
  })
  it("bad steps are a diagnostic", () => {
    const n = normalize([{ nothing: 1, here: 2 }])
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]!.kind).toBe("ParseError")
  })
})

describe("typescript (docs/dialects.md#typescript)", () => {
  it("strips erasable TypeScript, keeping lines", () => {
    const n = normalize("interface A { a: string }\nconst x: number = 1\nreturn x as number")
    expect(n.code.split("\n")).toHaveLength(3)
    expect(n.code).toContain("const x = 1")
    expect(n.receipt.changes.map((c) => c.rule)).toContain("strip-types")
  })
  it("leaves JavaScript untouched", () => {
    expect(normalize("const a = 1 < 2\nreturn a").receipt.changes).toEqual([])
  })
})
