import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { CodeMode, Tool } from "../../src/index.js"
import { Mcp } from "../../src/mcp/index.js"
import { forModel, modelText } from "../../src/runtime/model-output.js"
import type { RunResult } from "../../src/runtime/run.js"
import { codexTruncate } from "../../src/runtime/truncate.js"

/**
 * Codex cells in detail (dialects/codex/README.md): `@exec` `max_output_tokens` truncation in Codex's own form,
 * `notify`, `ALL_TOOLS` and `exit()`. Expected texts are the ones Codex's published tests assert
 * (codex-rs/utils/output-truncation/src/truncate_tests.rs, codex-rs/core/tests/suite/code_mode.rs).
 */
const interrupted: Array<string> = []
const runtime = CodeMode.make({
  tools: {
    echo: Tool.make({
      description: "Answers its input",
      input: { type: "object" },
      run: (input: unknown) => Effect.succeed(input),
    }),
    test_sync_tool: Tool.make({
      description: "Test tool that answers ok.",
      input: { type: "object" },
      run: () => Effect.succeed("ok"),
    }),
    never: Tool.make({
      description: "Never answers",
      input: { type: "object" },
      run: () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => void interrupted.push("never")))),
    }),
  },
  limits: { timeoutMs: 10_000 },
})

const cell = (code: string): Promise<RunResult> => Effect.runPromise(runtime.run(code, { hint: "codex" }))
const tokens = (n: number, body: string) => cell(`// @exec: {"max_output_tokens": ${n}}\n${body}`)

describe("codex max_output_tokens", () => {
  // formatted_truncate_text under TruncationPolicy::Tokens, as truncate_tests.rs asserts it.
  it.each([
    [1, "example output", "Total output lines: 1\n\nex…3 tokens truncated…ut"],
    [
      5,
      "this is an example of a long output that should be truncated",
      "Total output lines: 1\n\nthis is an…10 tokens truncated… truncated",
    ],
    [
      10,
      "this is an example of a long output that should be truncated\nalso some other line",
      "Total output lines: 2\n\nthis is an example o…11 tokens truncated…also some other line",
    ],
  ])("%i tokens of %j give Codex's text", (n, text, expected) => {
    expect(codexTruncate(text, n * 4)).toBe(expected)
  })

  it("text within the budget is left alone", () => {
    expect(codexTruncate("example output", 40)).toBeUndefined()
  })

  it("a cell's text items are joined, then cut into one item (merges_all_text_for_token_budget)", async () => {
    const r = await tokens(2, `text("abcdefgh")\ntext("ijklmnop")`)
    expect(r).toMatchObject({
      ok: true,
      truncated: true,
      logs: ["Total output lines: 2\n\nabcd…3 tokens truncated…mnop"],
    })
    // The answer is the one text item the model reads.
    expect(r.lastOutput).toBe("Total output lines: 2\n\nabcd…3 tokens truncated…mnop")
    expect(r.receipt.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^output over 8 bytes \(max_output_tokens × 4\) was cut in the middle as Codex cuts it/),
    )
  })

  it("a UTF-8 character is never split; the head and tail are counted in bytes", async () => {
    // 10 four-byte characters, a budget of 3 tokens (12 bytes): one character each side (6 bytes fit no second).
    const r = await tokens(3, `text("😀".repeat(10))`)
    expect(r.logs).toEqual(["Total output lines: 1\n\n😀…7 tokens truncated…😀"])
  })

  it("0 tokens leaves the header and the marker alone; an empty leading item adds no line break", async () => {
    const r = await tokens(0, `text("")\ntext("abc")`)
    expect(r.logs).toEqual(["Total output lines: 1\n\n…1 tokens truncated…"])
  })

  it("output within the budget is untouched and says nothing", async () => {
    const r = await tokens(100, `text("a")\ntext("b")`)
    expect(r).toMatchObject({ ok: true, logs: ["a", "b"] })
    expect(r.truncated).toBeUndefined()
    expect(r.receipt.warnings.map((w) => w.message).filter((m) => m.includes("Codex cuts"))).toEqual([])
  })
})

describe("codex notify", () => {
  // code_mode_notify_injects_additional_exec_tool_output_into_active_context (corpus vendor-codex-notify-then-tool).
  const program = '\nnotify("code_mode_notify_marker");\nawait tools.test_sync_tool({});\ntext("done");\n'

  it("is an item of its own: not one of the cell's texts, not its answer", async () => {
    const r = await cell(program)
    expect(r).toMatchObject({ ok: true, logs: ["done"], notifications: ["code_mode_notify_marker"] })
    expect(r.lastOutput).toBe("done")
    const alone = await cell(`text("x"); notify({ n: 1 })`)
    expect(alone).toMatchObject({ logs: ["x"], notifications: ['{"n":1}'], lastOutput: "x" })
  })

  it("blank text is refused as Codex refuses it, catchably", async () => {
    const r = await cell(`try { notify("  ") } catch (e) { text(e.name + ": " + e.message) }`)
    expect(r).toMatchObject({ ok: true, logs: ["TypeError: notify expects non-empty text"] })
    expect(r.notifications).toBeUndefined()
  })

  it("reaches the model apart from the text: a line of its own in text, an item of its own over MCP", async () => {
    const r = await cell(program)
    expect(modelText(forModel(r))).toBe("notify: code_mode_notify_marker\ndone")
    const [a, b] = InMemoryTransport.createLinkedPair()
    const server = Mcp.server(runtime, { dialect: "codex" })
    await server.connect(a)
    const client = new Client({ name: "codex-cells", version: "0" })
    await client.connect(b)
    // The SDK client checks structuredContent against the declared output schema.
    const result = await client.callTool({ name: "execute", arguments: { code: program } })
    expect(result.content).toEqual([
      { type: "text", text: "code_mode_notify_marker" },
      { type: "text", text: "done" },
    ])
    expect(result.structuredContent).toMatchObject({ ok: true, notifications: ["code_mode_notify_marker"] })
    await client.close()
  })
})

describe("codex exit()", () => {
  it("ends the cell successfully with its texts so far (code_mode_exit_stops_script_immediately)", async () => {
    const r = await cell('\ntext("before");\nexit();\ntext("after");\n')
    expect(r).toMatchObject({ ok: true, value: null, logs: ["before"] })
  })

  it("ends the cell from inside an awaited function, as the exit rejection ends Codex's module", async () => {
    const r = await cell(`async function f() { text("in"); exit(); text("not reached") }\nawait f()\ntext("after")`)
    expect(r).toMatchObject({ ok: true, logs: ["in"] })
  })

  it("inside try … catch ends the cell, where Codex's catch would receive it; the receipt says so", async () => {
    const r = await cell(`try { text("a"); exit(); } catch (e) { text("caught " + e) }\ntext("after")`)
    expect(r).toMatchObject({ ok: true, logs: ["a"] })
    const warned = (x: RunResult) => x.receipt.warnings.filter((w) => /^exit\(\) inside try/.test(w.message))
    expect(warned(r)).toHaveLength(1)
    expect(warned(r)[0]!.loc).toMatchObject({ line: 1, column: 17 })
    // No catch to receive it (finally only, the catch block itself, a function of its own): no warning.
    for (const code of [
      `try { exit() } finally { text("f") }`,
      `try { text("a") } catch (e) { exit() }`,
      `try { const f = () => exit() } catch (e) {}`,
    ])
      expect(warned(await cell(code))).toEqual([])
  })

  it("cancels a pending timer and a call in flight, each named in the receipt", async () => {
    interrupted.length = 0
    const r = await cell(
      `setTimeout(() => tools.never({}), 1)\nsetTimeout(() => text("late"), 60000)\n` +
        `await new Promise((r) => setTimeout(r, 30))\ntext("before")\nexit()`,
    )
    expect(r).toMatchObject({ ok: true, logs: ["before"] })
    const warnings = r.receipt.warnings.map((w) => w.message)
    expect(warnings.find((w) => w.includes("tools.never"))).toMatch(/^the program called exit\(\): .* was cancelled/)
    expect(warnings.find((w) => w.includes("60000 ms"))).toMatch(/^the program called exit\(\): .* was cancelled/)
    expect(interrupted).toEqual(["never"])
  })
})

describe("codex cells in a worker", () => {
  it("give the same notification and the same truncated text as in-process (dist/ entry point)", async () => {
    const worker = CodeMode.make({
      tools: {
        test_sync_tool: Tool.make({ description: "ok", input: { type: "object" }, run: () => Effect.succeed("ok") }),
      },
      isolation: "worker",
      limits: { timeoutMs: 10_000 },
    })
    const code =
      '// @exec: {"max_output_tokens": 2}\nnotify("m")\nawait tools.test_sync_tool({})\ntext("abcdefgh")\ntext("ijklmnop")'
    const r = await Effect.runPromise(worker.run(code, { hint: "codex" }))
    expect(r).toMatchObject({
      ok: true,
      notifications: ["m"],
      logs: ["Total output lines: 2\n\nabcd…3 tokens truncated…mnop"],
      truncated: true,
      lastOutput: "Total output lines: 2\n\nabcd…3 tokens truncated…mnop",
    })
  }, 30_000)
})

describe("codex ALL_TOOLS", () => {
  const hidden = CodeMode.make({
    tools: {
      codex_app: {
        hidden_dynamic_tool: Tool.make({
          description: "A hidden dynamic tool.",
          input: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
            additionalProperties: false,
          },
          run: () => Effect.succeed("hidden-ok"),
        }),
      },
      alpha: Tool.make({ description: "First.", input: { type: "object" }, run: () => Effect.succeed(1) }),
    },
  })

  // code_mode_can_call_hidden_dynamic_tools asserts the entry's name, the call's answer, and a description holding
  // the tool's own text, `declare const tools:` and `<name>(args:`; a nested tool is named as Codex names MCP tools.
  it("lists every tool with Codex's description: its text and its exec tool declaration", async () => {
    const code =
      'const tool = ALL_TOOLS.find(({ name }) => name === "mcp__codex_app__hidden_dynamic_tool");\n' +
      'const out = await tools.mcp__codex_app__hidden_dynamic_tool({ city: "Paris" });\n' +
      "text(JSON.stringify({ name: tool?.name ?? null, description: tool?.description ?? null, out }));"
    const r = await Effect.runPromise(hidden.run(code, { hint: "codex" }))
    const parsed = JSON.parse(r.logs![0]!)
    expect(parsed.name).toBe("mcp__codex_app__hidden_dynamic_tool")
    expect(parsed.out).toBe("hidden-ok")
    expect(parsed.description).toMatch(
      /^A hidden dynamic tool\.\n\nexec tool declaration:\n```ts\ndeclare const tools: \{ mcp__codex_app__hidden_dynamic_tool\(args: \{[^]*city: string[^]*\}\): Promise<unknown>; \};\n```$/,
    )
  })

  it("is sorted by name, as Codex sorts its tool definitions", async () => {
    const r = await Effect.runPromise(hidden.run("text(ALL_TOOLS.map((t) => t.name).join())", { hint: "codex" }))
    expect(r.logs).toEqual(["alpha,mcp__codex_app__hidden_dynamic_tool"])
  })
})

describe("codex deferred tools", () => {
  // Many tools and a small catalog budget: the instructions describe a few and defer the rest, as Codex defers
  // MCP/app tools (code_mode_only_guides_all_tools_search_and_calls_deferred_app_tools).
  const options = Array.from({ length: 40 }, (_, i) => [
    `calendar_timezone_option_${i}`,
    Tool.make({
      description: `Calendar timezone option ${i}.`,
      input: { type: "object", properties: { timezone: { type: "string" } } },
      run: (input: unknown) => Effect.succeed({ called: i, input }),
    }),
  ])
  const many = CodeMode.make({
    tools: { codex_apps: Object.fromEntries(options) as Record<string, (typeof options)[number][1]> },
    discovery: { catalogBudget: 200 },
  })

  it("leaves deferred tools out of the description, says how to find them, and ALL_TOOLS lists them all", async () => {
    const text = many.instructions({ dialect: "codex" })
    expect(text).toContain("filter `ALL_TOOLS` by `name` and `description`")
    expect(text).not.toContain("calendar_timezone_option_39")
    expect(text).toMatch(/(\d+) of the 40 tools are not described below/)
    const code =
      'const tool = ALL_TOOLS.find(({ name }) => name === "mcp__codex_apps__calendar_timezone_option_39");\n' +
      'const result = await tools[tool.name]({ timezone: "UTC" });\n' +
      "text(JSON.stringify([ALL_TOOLS.length, result.called]));"
    const r = await Effect.runPromise(many.run(code, { hint: "codex" }))
    expect(r).toMatchObject({ ok: true, logs: ["[40,39]"] })
  })

  it("describes every tool and says nothing of deferral when all fit", () => {
    const text = runtime.instructions({ dialect: "codex" })
    expect(text).not.toMatch(/tools are not described below/)
    expect(text).toContain("test_sync_tool")
  })
})
