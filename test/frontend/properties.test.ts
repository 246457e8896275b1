import * as acorn from "acorn"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const tools = [["read"], ["bash"], ["github", "list_issues"], ["mcp__dev-radius__search"]]
const options = { tools, limits: { timeoutMs: 60_000, maxOutputBytes: 100_000 } }

// Statements in canonical form, and the dialect shapes the frontend repairs.
const canonical = fc.constantFrom(
  'const a = await tools.read({ path: "x" })',
  "const b = await tools.github.list_issues({ repo: 'r' })",
  'const c = await tools["mcp__dev-radius__search"]({ q: 1 })',
  "const d = await Promise.all([tools.read({}), tools.bash({})])",
  "console.log(1, 'two')",
  "// a comment",
  "for (const x of [1, 2]) { console.log(x) }",
  "if (1 < 2) { console.log('yes') } else { console.log('no') }",
  "const e = [1, 2, 3].map((x) => x * 2).filter((x) => x > 2)",
)
const repaired = fc.constantFrom(
  'const f = tools.read({ path: "y" })',
  "const g = tools.github_list_issues({})",
  "const h = searchTools('q')",
  "text(ALL_TOOLS.length)",
  "const i = await tools.mcp__dev_radius__search({})",
  "const j = await bash({ command: 'ls' })",
)
const program = (stmts: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.uniqueArray(stmts, { minLength: 1, maxLength: 6 }), fc.constantFrom("return 1", "return null", ""))
    .map(([body, ret]) => [...body, ret].filter((s) => s !== "").join("\n"))
const wrapped = fc
  .tuple(
    program(fc.oneof(canonical, repaired)),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom("string", "code", "script"),
  )
  .map(([body, iife, fence, pragma, env]) => {
    let text = iife ? `(async () => {\n${body}\n})()` : body
    if (pragma) text = `// @options: {"timeout_ms": 5000}\n${text}`
    if (fence) text = "```js\n" + text + "\n```"
    return env === "string" ? text : { [env]: text }
  })

const names = (code: string): string[] => {
  const out: string[] = []
  for (const t of acorn.tokenizer(code, {
    ecmaVersion: "latest",
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
  })) {
    if (t.type.label === "name" || t.type.label === "string") out.push(String((t as { value?: unknown }).value))
  }
  return out
}
const programText = (input: unknown) => {
  const text = typeof input === "string" ? input : (Object.values(input as object)[0] as string)
  return text.replace(/^```js\n|\n```$/g, "")
}

describe("frontend properties", () => {
  it("is idempotent: normalize(normalize(x).code) changes nothing", () => {
    fc.assert(
      fc.property(wrapped, (input) => {
        const once = normalize(input, options)
        if (!once.ok) return
        const twice = normalize(once.code, options)
        expect(twice.code).toBe(once.code)
        // The pragma is reported again (it is still a host option), but no stage changes code.
        expect(twice.receipt.changes.filter((c) => c.stage !== "pragmas")).toEqual([])
      }),
      { numRuns: 150 },
    )
  })
  it("is deterministic", () => {
    fc.assert(
      fc.property(wrapped, (input) => {
        expect(JSON.stringify(normalize(input, options))).toBe(JSON.stringify(normalize(input, options)))
      }),
      { numRuns: 60 },
    )
  })
  it("passes canonical programs through byte-identical, with an empty receipt", () => {
    fc.assert(
      fc.property(program(canonical), (code) => {
        const n = normalize({ code }, options)
        expect(n.ok).toBe(true)
        expect(n.code).toBe(code)
        expect(n.receipt.changes).toEqual([])
      }),
      { numRuns: 150 },
    )
  })
  it("deletes no code: every name and string of the program survives", () => {
    fc.assert(
      fc.property(wrapped, (input) => {
        const n = normalize(input, options)
        if (!n.ok) return
        const after = new Set(names(n.code))
        // A resolved tool name is rewritten, not deleted: the receipt note names it.
        const renamed = n.receipt.changes.map((c) => c.note ?? "").join(" ")
        for (const name of names(programText(input))) {
          if (name !== "tools" && name !== "async" && !renamed.includes(name)) expect(after.has(name)).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })
  it("records every change: a different output always has receipt entries", () => {
    fc.assert(
      fc.property(wrapped, (input) => {
        const n = normalize(input, options)
        if (n.ok && n.code !== (typeof input === "string" ? input : Object.values(input)[0]))
          expect(n.receipt.changes.length).toBeGreaterThan(0)
      }),
      { numRuns: 150 },
    )
  })
  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const n = normalize(input, options)
        expect(n.ok || n.diagnostics.length > 0).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})

describe("bad input is a clear diagnostic, never a crash", () => {
  const fails = (input: unknown) => {
    const n = normalize(input, options)
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]!.message.length).toBeGreaterThan(5)
    return n.diagnostics[0]!
  }
  it("empty and blank programs", () => {
    expect(fails("").message).toBe("Code cannot be empty.")
    expect(fails({ code: "  \n " }).message).toBe("Code cannot be empty.")
  })
  it("binary garbage", () => {
    const garbage = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65536))
    expect(fails(garbage).kind).toBe("ParseError")
  })
  it("1 MB of text", () => {
    const big = `const s = "${"x".repeat(500_000)}"\n// ${"y".repeat(500_000)}\nreturn s.length`
    const n = normalize(big, options)
    expect(n.ok).toBe(true)
    expect(n.code).toBe(big)
    const bad = fails(big + "\nconst = 1")
    expect(bad.location).toEqual({ line: 4, column: 6 })
  })
  it("deeply nested JSON", () => {
    let nested: unknown = "return 1"
    for (let i = 0; i < 5000; i++) nested = { code: nested }
    fails(nested)
    const deep = normalize("[".repeat(100_000) + "]".repeat(100_000), options) // valid JS: any outcome but a throw
    expect(deep.ok || deep.diagnostics.length > 0).toBe(true)
    expect(normalize(JSON.stringify({ code: { content: { source: "return 2" } } }), options).code).toBe("return 2")
  })
  it("a program field of the wrong type", () => {
    expect(fails({ code: 42 }).message).toMatch(/The field "code" must hold the program as a string, not number/)
    fails({ code: null })
    fails({ code: {} })
    fails({ script: ["not", "calls", 1] })
  })
})
