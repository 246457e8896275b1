import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const code = (input: unknown) => normalize(input).code
const rules = (input: unknown) =>
  normalize(input)
    .receipt.changes.filter((c) => c.stage === "envelope")
    .map((c) => c.rule)

// docs/dialects.md#envelope, rule by rule.
describe("envelope", () => {
  it("1. a bare string is the code", () => {
    expect(code("return 1")).toBe("return 1")
    expect(rules("return 1")).toEqual([])
  })
  it("2. an array is a JSON program; an empty one is an error", () => {
    expect(code([{ tool: "read", args: { path: "a" } }])).toContain("await tools.read(")
    const empty = normalize([])
    expect(empty.ok).toBe(false)
    expect(empty.diagnostics[0]!.message).toMatch(/empty/)
  })
  it("3. a non-object is an error listing the accepted shapes", () => {
    for (const bad of [42, null, true, undefined]) {
      const n = normalize(bad)
      expect(n.ok).toBe(false)
      expect(n.diagnostics[0]!.kind).toBe("ParseError")
      expect(n.diagnostics[0]!.message).toMatch(/"code"/)
    }
  })
  it("4. code: string, nested object, array; other types continue", () => {
    expect(code({ code: "return 2" })).toBe("return 2")
    expect(code({ code: { language: "js", content: "return 3" } })).toBe("return 3")
    expect(rules({ code: { language: "js", content: "return 3" } })).toEqual(["nested-code"])
    expect(code({ code: [{ tool: "read", args: {} }] })).toContain("tools.read({})")
    expect(code({ code: 42, script: "return 4" })).toBe("return 4")
  })
  it("5. a whole tool-call object is a one-step program (not the script)", () => {
    expect(code({ tool: "bash", input: "ls" })).toContain('tools.bash({\n  command: "ls"\n})')
    expect(code({ type: "tool_use", name: "read", input: { path: "a" } })).toContain("tools.read(")
  })
  it("5. one call in another vendor's shape is a one-step program, as it is inside a list", () => {
    // An OpenAI tool_calls item and a Gemini part (vercel/ai provider fixtures), sent alone instead of in a list.
    const openai = { id: "c1", type: "function", function: { name: "weather", arguments: '{"location": "Paris"}' } }
    const gemini = { functionCall: { name: "weather", args: { location: "Paris" } } }
    for (const one of [openai, gemini]) {
      expect(code(one)).toBe(code([one]))
      expect(code(one)).toContain('tools.weather({\n  location: "Paris"\n})')
      expect(rules(one)).toContain("foreign-call")
    }
  })
  it("6. code aliases in order, objects nested", () => {
    expect(code({ script: "return 5" })).toBe("return 5")
    expect(code({ input: "return 6" })).toBe("return 6")
    expect(code({ typescriptCode: "return 7" })).toBe("return 7")
    expect(code({ source: { text: "return 8" } })).toBe("return 8")
    expect(rules({ script: "return 5" })).toEqual(["alias:script"])
    // Amazon Nova's code interpreter, as a recorded Bedrock response sends it
    expect(code({ snippet: "1234 * 5678" })).toBe("1234 * 5678")
    expect(rules({ snippet: "1234 * 5678" })).toEqual(["alias:snippet"])
  })
  it("7. program aliases (arrays)", () => {
    expect(code({ steps: [{ tool: "read", args: { path: "x" } }] })).toContain("tools.read(")
  })
  it("an array under a code alias is a JSON program, not a call to a tool named after the alias", () => {
    for (const alias of ["program", "input"]) {
      const n = normalize({ [alias]: [{ tool: "read", args: { path: "x" } }] })
      expect(n.code).toContain("tools.read(")
      expect(n.code).not.toContain(`tools.${alias}`)
      expect(rules({ [alias]: [{ tool: "read", args: {} }] })).toEqual([`program:${alias}`])
    }
  })
  it("8. single-key shorthand", () => {
    expect(code({ read: { path: "p" } })).toContain("tools.read(")
  })
  it("9. otherwise an error naming the fields", () => {
    const n = normalize({ foo: 1, bar: "x" })
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]!.message).toContain('"foo", "bar"')
  })
  it("JSON strings of envelopes are unwrapped; a JS block is not", () => {
    expect(code('{"code": "return 9"}')).toBe("return 9")
    expect(code("{ const a = 1 }")).toBe("{ const a = 1 }")
  })
  it("extra fields are reported, option fields become clamped options", () => {
    const n = normalize({ code: "return 1", description: "label", timeout: 30 }, { limits: { timeoutMs: 60_000 } })
    expect(n.options.timeoutMs).toBe(30_000) // 30 read as seconds (docs/dialects.md#pitfalls)
    expect(n.receipt.warnings.some((w) => /seconds/.test(w.message))).toBe(true)
    expect(n.receipt.changes.map((c) => c.note)).toEqual(expect.arrayContaining(["description", "timeout"]))
    const utcp = normalize(
      { code: "return 1", timeout: 5000, max_output_size: 1000 },
      { limits: { timeoutMs: 60_000 } },
    )
    expect(utcp.options).toEqual({ timeoutMs: 5000, maxOutputBytes: 1000 })
  })
  it("envelope options never raise the host ceiling", () => {
    const n = normalize({ code: "return 1", timeout_ms: 900_000 }, { limits: { timeoutMs: 10_000 } })
    expect(n.options.timeoutMs).toBe(10_000)
  })
  it("dialect code fields are aliases and evidence", () => {
    const n = normalize({ js: "return tools.x()" })
    expect(n.receipt.evidence.some((e) => e.signal === "envelope:js")).toBe(true)
  })
})
