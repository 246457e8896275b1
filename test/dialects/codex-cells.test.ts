import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import type { RunResult } from "../../src/runtime/run.js"
import { codexTruncate } from "../../src/runtime/truncate.js"

/**
 * Codex cells in detail (dialects/codex/README.md): `@exec` `max_output_tokens` truncation in Codex's own form. Expected texts are the ones Codex's published tests assert
 * (codex-rs/utils/output-truncation/src/truncate_tests.rs, codex-rs/core/tests/suite/code_mode.rs).
 */
const runtime = CodeMode.make({
  tools: {
    echo: Tool.make({
      description: "Answers its input",
      input: { type: "object" },
      run: (input: unknown) => Effect.succeed(input),
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
