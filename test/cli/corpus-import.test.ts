import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * `codemode corpus import` end to end through the built executable: transcripts in, a corpus folder out, then
 * `codemode corpus <dir>` on it with the replay column. Runs after `npm run build`.
 */
const BIN = "dist/bin/codemode.js"
const SAMPLES = "test/fixtures/transcripts"
const MINE = [`${SAMPLES}/codex-rollout`, `${SAMPLES}/claude-code`]
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 })
const temp = () => mkdtempSync(join(tmpdir(), "corpus-import-"))
const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      )
    : []

type Report = {
  cases: Array<{
    id: string
    stage: string
    imported?: { format: string; model: string; replay?: { verdict: string } }
  }>
}
const verdicts = (report: Report, format: string) =>
  Object.fromEntries(
    report.cases
      .filter((c) => c.imported?.format === format)
      .map((c) => [c.id.replace(/^.*-L/, "L"), c.imported!.replay?.verdict ?? "none"]),
  )

describe.skipIf(!existsSync(BIN))("codemode corpus import (built executable)", () => {
  it("imports the sample transcripts, reports unreadable lines as file:line, and the report replays them", () => {
    const out = join(temp(), "corpus")
    const imported = run("corpus", "import", ...MINE, "--out", out)
    expect(imported.status).toBe(0)
    expect(imported.stdout).toContain("6 files read")
    expect(imported.stdout).toContain("claude-code (3 files, 10 calls, 3 kept)")
    expect(imported.stdout).toContain("codex-rollout (3 files, 10 calls, 4 kept)")
    expect(imported.stdout).toContain("code-tool calls kept: 7, 7 with the recorded result")
    expect(imported.stderr).toContain(
      `${SAMPLES}/codex-rollout/rollout-66666666-6666-4666-8666-666666666666.jsonl:3: not JSON`,
    )
    expect(imported.stderr).toContain(`${SAMPLES}/claude-code/edge_cases.jsonl:13: not a transcript record`)

    const json = run("corpus", out, "--json")
    expect(json.status).toBe(0)
    const report = JSON.parse(json.stdout) as Report
    // Codex: two pure cells give the recorded text; one calls exec_command (not recorded); one failed originally.
    expect(verdicts(report, "codex-rollout")).toEqual({
      L15: "same",
      L17: "same",
      L19: "not comparable",
      L21: "not comparable",
    })
    expect(verdicts(report, "claude-code")).toEqual({ L13: "same", L15: "not comparable", L17: "not comparable" })
    expect(report.cases.find((c) => c.id.endsWith("L15"))!.imported!.model).toMatch(/claude-3-sonnet|synthetic-model/)

    const table = run("corpus", out)
    expect(table.stdout).toContain(
      "replay: of your 4 Codex cells with a recorded result, 2 run here with the same answer (0 different, 2 not comparable)",
    )
    expect(table.stdout).toContain(
      "replay: of your 3 Claude Code calls with a recorded result, 1 run here with the same answer (0 different, 2 not comparable)",
    )
    // The two cells stopped by a tool call no transcript answers are counted, not listed among the failing cases.
    expect(table.stdout).toContain("imported cases that stopped at a tool call the transcript holds no answer for: 2")
    expect(table.stdout).not.toMatch(/\[execute\] \S+-L19 /)
    expect(table.stdout).toMatch(/\[execute\] \S+-L21 \(codex\): ExecutionFailure: Uncaught: boom/)
    expect(table.stdout).toMatch(/\nenvelope +cases/)
    expect(table.stdout).toMatch(/\nmodel +cases/)
  })

  it("calls a cell whose output differs from the recorded one different, and one reading the clock not comparable", () => {
    const dir = temp()
    const item = (payload: unknown) =>
      JSON.stringify({ timestamp: "2026-03-01T00:00:00Z", type: "response_item", payload })
    const cell = (id: string, input: string, printed: string) => [
      item({ type: "custom_tool_call", call_id: id, name: "exec", input }),
      item({
        type: "custom_tool_call_output",
        call_id: id,
        output: [
          { type: "input_text", text: "Script completed\nWall time 0.0 seconds\nOutput:\n" },
          { type: "input_text", text: printed },
        ],
      }),
    ]
    writeFileSync(
      join(dir, "rollout-x.jsonl"),
      [
        JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s" } }),
        ...cell("a", "text(String(1 + 1));", "3"),
        ...cell("b", "text(String(Date.now()));", "1767225600000"),
        ...cell("c", "text(JSON.stringify({ b: 2, a: [1] }));", '{"a":[1],"b":2}'),
      ].join("\n"),
    )
    const out = join(dir, "out")
    expect(run("corpus", "import", join(dir, "rollout-x.jsonl"), "--out", out).status).toBe(0)
    const report = JSON.parse(run("corpus", out, "--json").stdout) as Report
    expect(verdicts(report, "codex-rollout")).toEqual({ L2: "different", L4: "not comparable", L6: "same" })
    expect(run("corpus", out).stdout).toMatch(/\[different\] \S+-L2: the original returned "3"; here: "2"/)
  })

  it("--dry-run counts without writing anything", () => {
    const out = join(temp(), "never")
    const dry = run("corpus", "import", ...MINE, "--out", out, "--dry-run")
    expect(dry.status).toBe(0)
    expect(dry.stdout).toMatch(/^dry run, nothing written: 6 files read/)
    expect(dry.stdout).toContain("would write 7 cases")
    expect(walk(out)).toEqual([])
    expect(existsSync(out)).toBe(false)
  })

  it("answers --help and refuses a missing --out or an unknown format as usage errors", () => {
    const help = run("corpus", "import", "--help")
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: codemode corpus import/)
    expect(help.stdout).toContain("codex-rollout, claude-code")
    expect(run("corpus", "import", SAMPLES).stderr).toBe(
      "codemode corpus: corpus import needs --out <dir> (or --dry-run)\n",
    )
    const missing = run("corpus", "import", "no/such/transcripts", "--dry-run")
    expect(missing.status).toBe(1)
    expect(missing.stderr).toBe("no/such/transcripts: cannot read: ENOENT\n")
    const bad = run("corpus", "import", SAMPLES, "--format", "nope", "--dry-run")
    expect(bad.status).toBe(2)
    expect(bad.stderr).toMatch(/unknown format "nope" \(formats: codex-rollout, claude-code/)
  })
})
