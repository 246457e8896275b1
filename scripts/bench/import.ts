// Rows IM1-IM2 (issue 33): `codemode corpus import` and the report on what it wrote, per 1,000 imported cases.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { importTranscripts } from "../../src/corpus/import/import.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { runLoaded } from "../../src/corpus/runner.js"
import { median, type Row } from "./measure.js"
import type { Section } from "./section.js"

const SESSIONS = 50
const CELLS = 20

/** One rollout: a session, a model, and `CELLS` code-mode cells with their outputs and a shell call between them. */
const rollout = (s: number): string => {
  const item = (payload: unknown) =>
    JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "response_item", payload })
  const lines = [
    JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "session_meta", payload: { id: `s${s}` } }),
    JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "turn_context", payload: { model: "gpt-5-codex" } }),
  ]
  for (let i = 0; i < CELLS; i++) {
    const id = `c${s}-${i}`
    const input = `const xs = [${i}, ${i + 1}, ${i + 2}];\ntext(JSON.stringify(xs.map((x) => x * 2)));\n`
    const printed = JSON.stringify([2 * i, 2 * i + 2, 2 * i + 4])
    lines.push(
      item({ type: "custom_tool_call", call_id: id, name: "exec", input }),
      item({
        type: "custom_tool_call_output",
        call_id: id,
        output: [
          { type: "input_text", text: "Script completed\nWall time 0.0 seconds\nOutput:\n" },
          { type: "input_text", text: printed },
        ],
      }),
      item({ type: "function_call", call_id: `f${id}`, name: "exec_command", arguments: '{"cmd":"ls"}' }),
    )
  }
  return `${lines.join("\n")}\n`
}

export const importSection: Section = {
  ids: ["IM1", "IM2"],
  what:
    "corpus import: reading, selecting, redacting and writing 1,000 Codex code-mode cells (50 rollouts of 20 cells); " +
    "the report with its replay column on those 1,000 cases. ms per 1,000 cases",
  env: "BENCH_IMPORT",
  inputs: [rollout(0)],
  run: async (_rows, want) => {
    const dir = mkdtempSync(join(tmpdir(), "bench-import-"))
    try {
      const sources = join(dir, "sessions")
      mkdirSync(sources)
      for (let s = 0; s < SESSIONS; s++) writeFileSync(join(sources, `rollout-${s}.jsonl`), rollout(s))
      const out = join(dir, "corpus")
      const rows: Row[] = []
      const imported = () => {
        rmSync(out, { recursive: true, force: true })
        const summary = importTranscripts([sources], out)
        if (summary.kept !== SESSIONS * CELLS) throw new Error(`kept ${summary.kept} cases`)
      }
      if (want("IM1"))
        rows.push({
          id: "IM1",
          label: "corpus import of 1,000 Codex cells (50 rollouts)",
          ours: await median(imported, 7),
          quickjs: undefined,
          v8: undefined,
        })
      if (want("IM2")) {
        imported()
        const corpus = loadCorpus(out)
        rows.push({
          id: "IM2",
          label: "corpus report of 1,000 imported cells, replay included",
          ours: await median(() => runLoaded(corpus, out, { attribute: false }), 3, 1),
          quickjs: undefined,
          v8: undefined,
        })
      }
      return rows
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
