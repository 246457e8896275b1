import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { normalize } from "../../src/Frontend.js"
import { executeParsed } from "../../src/runtime/make.js"

/**
 * End to end through the seam `runtime.run(input)` will use: `normalize` → `executeParsed(runtime, program, source,
 * compile, options)`. A raw Pi script with every repair at once.
 */
const runtime = CodeMode.make({
  tools: {
    github: {
      list_issues: Tool.make({
        description: "List the open issues of a repository",
        input: { type: "object" },
        run: (input: unknown) => Effect.succeed([{ repo: (input as { repo: string }).repo, n: 1 }, { n: 2 }]),
      }),
    },
    read: Tool.make({
      description: "Read a file",
      input: { type: "object" },
      run: () => Effect.succeed("file body"),
    }),
  },
  limits: { timeoutMs: 30_000 },
})
const catalog = runtime
  .describeTools()
  .map((t) => ({ path: t.segments, description: t.description, signature: t.signature }))

const run = (input: unknown) => {
  const n = normalize(input, { catalog, limits: { timeoutMs: 30_000 } })
  if (!n.ok) throw new Error(n.diagnostics.map((d) => d.message).join("; "))
  return Effect.runPromise(executeParsed(runtime, n.program!, n.source, n.compile, n.options)).then((result) => ({
    n,
    result,
  }))
}

describe("frontend → runtime", () => {
  it("a raw Pi script with a fence, @options, TypeScript and an un-awaited searchTools gives the right answer", async () => {
    const raw = [
      "Here is the script:",
      "",
      "```ts",
      '// @options: {"timeout_ms": 5000, "max_output_tokens": 500}',
      'const hits: Array<{ name: string }> = searchTools("issues", { limit: 1 })',
      "const name: string = hits[0].name",
      'const issues = await tools.github_list_issues({ repo: "a/b" })',
      "text(`${name}: ${issues.length}`)",
      "return issues.length as number",
      "```",
    ].join("\n")
    const { n, result } = await run({ code: raw })
    expect(result).toMatchObject({ ok: true, value: 2 })
    expect(result.logs).toEqual(["github_list_issues: 2"])
    expect(n.options).toEqual({ timeoutMs: 5000, maxOutputBytes: 2000 })
    // docs/dialects.md#priority: "TypeScript + tools." (vercel, priority 7) outranks Pi's signals (priority 9); the Pi evidence is kept and
    // Pi's prelude is chosen because only Pi offers `searchTools`/`text`.
    expect(n.receipt.dialect).toBe("vercel")
    expect(n.receipt.evidence.filter((e) => e.dialect === "pi").map((e) => e.signal)).toEqual(
      expect.arrayContaining(["pragma:@options", "searchTools"]),
    )
    expect(n.receipt.preludes).toEqual(["pi"])
    expect(n.receipt.changes.map((c) => `${c.stage}/${c.rule}`)).toEqual([
      "fences/prose+fence",
      "pragmas/options",
      "typescript/strip-types",
      "await/insert-await",
      "resolve/tool-path:dialect",
    ])
    // Each change points into the text the model sent.
    const awaitChange = n.receipt.changes.find((c) => c.stage === "await")!
    expect(raw.split("\n")[awaitChange.loc!.line - 1]!.slice(awaitChange.loc!.column)).toMatch(/^searchTools\(/)
  })

  it("a JSON tool-call list runs sequentially and returns every result", async () => {
    const { result } = await run([
      { tool: "read", args: { path: "a" } },
      { tool: "github.list_issues", args: { repo: "x" } },
    ])
    expect(result).toMatchObject({ ok: true, value: ["file body", [{ repo: "x", n: 1 }, { n: 2 }]] })
  })

  it("an un-awaited async IIFE (OpenCode) keeps its return value", async () => {
    const { result } = await run("(async () => {\n  const f = tools.read({})\n  return f.length\n})()")
    expect(result).toMatchObject({ ok: true, value: 9 })
  })

  it("an unsupported construct is reported at the model's position, through the fence", async () => {
    const n = normalize("```js\nconst a = 1\nfunction* gen() {}\n```", { catalog })
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]).toMatchObject({ kind: "UnsupportedSyntax", location: { line: 3, column: 0 } })
  })
})
