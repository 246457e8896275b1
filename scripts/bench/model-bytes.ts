// Model-facing bytes per code-mode step on the corpus's cases: what the model reads back from one run in the compact
// form (docs/model-output.md), the whole Result with its receipt (the adapter's former output), and a Cloudflare-shaped
// `{ result, logs }` / `{ error, logs }` object for the same run. Sizes, not times: deterministic for a given corpus.
import { CodeMode } from "../../src/index.js"
import { dialects } from "../../src/Frontend.js"
import { forModel, modelText } from "../../src/runtime/model-output.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { buildTree } from "../../src/corpus/fixture.js"
import * as Effect from "effect/Effect"
import type { Row } from "./measure.js"
import type { Section } from "./section.js"

const utf8 = (s: string): number => Buffer.byteLength(s, "utf8")

export interface StepBytes {
  readonly id: string
  readonly ok: boolean
  /** Compact text the model reads. */
  readonly compact: number
  /** The value as JSON plus the logs, newline-joined: the floor any shape pays. */
  readonly payload: number
  /** Bytes of the `note:` line, 0 when none. */
  readonly notes: number
  /** The whole Result with its receipt as JSON. */
  readonly full: number
  /** `{ result, logs }` or `{ error, logs }` as JSON, as Cloudflare's code tool returns a run. */
  readonly cloudflare: number
}

/** Runs every case of `root` once (fixture tools, frontend on) and measures what its step returns to the model. */
export const measureSteps = async (root: string, timeoutMs = 2_000): Promise<ReadonlyArray<StepBytes>> => {
  const corpus = loadCorpus(root)
  const steps: StepBytes[] = []
  for (const c of corpus.cases) {
    const tree = buildTree(c.toolsets.map((name) => corpus.toolsets.get(name)!))
    if ("conflict" in tree) continue
    const runtime = CodeMode.make({ tools: tree.tools as never, limits: { timeoutMs } })
    const result = await Effect.runPromise(
      runtime.run(c.input, c.hint === undefined ? undefined : { hint: c.hint as never }) as Effect.Effect<
        CodeMode.RunResult,
        never,
        never
      >,
    )
    const output = forModel(result)
    const text = modelText(output)
    const logs = result.logs ?? []
    const head = result.ok
      ? (JSON.stringify(result.value) ?? "undefined")
      : `${result.error.kind}: ${result.error.message}`
    const notes = output.notes === undefined ? 0 : utf8(`note: ${output.notes.join("; ")}`)
    steps.push({
      id: c.id,
      ok: result.ok,
      compact: utf8(text),
      // What the program itself sent: its Codex notify messages (as modelText labels them), its value and its logs.
      payload: utf8([...(result.notifications ?? []).map((n) => `notify: ${n}`), head, ...logs].join("\n")),
      notes,
      full: utf8(JSON.stringify(result)),
      cloudflare: utf8(
        JSON.stringify(result.ok ? { result: result.value, logs } : { error: result.error.message, logs }),
      ),
    })
  }
  return steps
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!
}

/** One line per outcome (successful and failed steps): median bytes of each shape, and the largest note line. */
export const modelBytesTable = (steps: ReadonlyArray<StepBytes>): string => {
  const lines = [
    "| steps | n | compact (ours) | value + logs | Cloudflare-shaped | full Result + receipt | largest note line |",
    "| --- | --: | --: | --: | --: | --: | --: |",
  ]
  for (const [label, ok] of [
    ["successful", true],
    ["failed", false],
  ] as const) {
    const group = steps.filter((s) => s.ok === ok)
    const m = (f: (s: StepBytes) => number) => `${median(group.map(f))} B`
    lines.push(
      `| ${label} | ${group.length} | ${m((s) => s.compact)} | ${m((s) => s.payload)} | ${m((s) => s.cloudflare)} | ${m((s) => s.full)} | ${Math.max(0, ...group.map((s) => s.notes))} B |`,
    )
  }
  return lines.join("\n")
}

/** A token estimate for a text: about four bytes a token for English and code (the figure tokenizers publish). */
const tokens = (n: number): number => Math.round(n / 4)
const both = (n: number): string => `${n} B (~${tokens(n)} tok)`

/** The instructions and catalog each dialect's tool description carries, for the corpus's largest toolset. */
const instructionBytes = (root: string): string => {
  const corpus = loadCorpus(root)
  const largest = [...corpus.toolsets.values()].sort((a, b) => b.tools.length - a.tools.length)[0]!
  const tree = buildTree([largest])
  if ("conflict" in tree) return ""
  const runtime = CodeMode.make({ tools: tree.tools as never })
  const each = dialects.map((d) => `${d.id} ${both(utf8(runtime.instructions({ dialect: d.id })))}`)
  return `${largest.name} (${largest.tools.length} tools): ${each.join("; ")}`
}

/** `npm run bench` rows B0–B2: model-facing bytes, medians over the bundled corpus (sizes, not times). */
export const modelBytesSection: Section = {
  ids: ["B0", "B1", "B2"],
  what: "model-facing bytes per step on the corpus: instructions (B0), a successful (B1) and a failed (B2) result",
  inputs: ["corpus", "compact | value+logs | Cloudflare-shaped | full Result"],
  run: async () => {
    const steps = await measureSteps("corpus")
    const row = (id: string, label: string, ok: boolean): Row => {
      const group = steps.filter((s) => s.ok === ok)
      const m = (f: (s: StepBytes) => number) => both(median(group.map(f)))
      return {
        id,
        label,
        ours: undefined,
        quickjs: undefined,
        v8: undefined,
        note: `${group.length} steps, medians: compact ${m((s) => s.compact)}; value+logs ${m((s) => s.payload)}; Cloudflare-shaped ${m((s) => s.cloudflare)}; full Result ${m((s) => s.full)}`,
      }
    }
    return [
      {
        id: "B0",
        label: "instructions + catalog per dialect",
        ours: undefined,
        quickjs: undefined,
        v8: undefined,
        note: instructionBytes("corpus"),
      },
      row("B1", "successful step, bytes the model reads", true),
      row("B2", "failed step, bytes the model reads", false),
    ]
  },
}
