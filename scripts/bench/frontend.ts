// Frontend rows of `npm run bench` (brief: median warm `Frontend.normalize` of a typical ~30-line program per
// dialect, target < 0.5 ms; and the frontend's share of W6). `npm run bench:frontend` prints the same programs alone.
import { normalize } from "../../src/Frontend.js"
import { timed, timing, type Row, type Timing } from "./measure.js"
import { W6 } from "./workloads.js"

export const tools: ReadonlyArray<ReadonlyArray<string>> = [
  ["read"],
  ["bash"],
  ["write"],
  ["github", "list_issues"],
  ["github", "get_issue"],
  ["github", "create_comment"],
  ["context7", "resolve-library-id"],
  ["mcp__dev-radius__search"],
  ["orders", "lookup"],
  ["weather", "get_current"],
  ["getWeather"],
  ["web-search"],
]

/** The same 25-line core, plus each dialect's framing and constructs: about 30 lines each. */
const core = (call: (path: string, arg: string) => string) => {
  // Inside the `map` callback the call is a plain expression (an `await` there would be a syntax error).
  const inner = (path: string, arg: string) => call(path, arg).replace(/^await /, "")
  return [
    `const issues = ${call("github.list_issues", '{ repo: "acme/app", state: "open" }')}`,
    "const open = issues.filter((i) => !i.closed)",
    "const byLabel = {}",
    "for (const issue of open) {",
    "  for (const label of issue.labels ?? []) {",
    "    byLabel[label] = (byLabel[label] ?? 0) + 1",
    "  }",
    "}",
    "const top = Object.entries(byLabel)",
    "  .sort((a, b) => b[1] - a[1])",
    "  .slice(0, 5)",
    "  .map(([label, n]) => `${label}: ${n}`)",
    `const details = await Promise.all(open.slice(0, 3).map((i) => ${inner("github.get_issue", "{ id: i.id }")}))`,
    "const titles = details.map((d) => d.title.trim())",
    `const file = ${call("read", '{ path: "CHANGELOG.md" }')}`,
    'const lines = String(file).split("\\n").filter((l) => l.startsWith("- "))',
    "let score = 0",
    "for (let i = 0; i < lines.length; i++) {",
    '  if (lines[i].includes("fix")) score += 2',
    "  else score += 1",
    "}",
    "const summary = { open: open.length, top, titles, score }",
    'console.log("summary", JSON.stringify(summary))',
  ].join("\n")
}

export const programs: Record<string, unknown> = {
  opencode: { code: `${core((p, a) => `await tools.${p}(${a})`)}\nreturn summary` },
  pi: {
    code: `// @options: {"timeout_ms": 20000}\nconst hits = searchTools("issues", { limit: 3 })\n${core((p, a) => `tools.${p.replace(".", "_")}(${a})`)}\ntext(hits.length)\nreturn summary`,
  },
  cloudflare: {
    code: `async () => {\n${core((p, a) => `await codemode.${p.replace(".", "_")}(${a})`)}\nreturn summary\n}`,
  },
  vercel: {
    js: `const repo: string = "acme/app"\n${core((p, a) => `await tools["${p}"](${a})`)}\nreturn summary as unknown`,
  },
  tanstack: { typescriptCode: `${core((p, a) => `await external_${p.replace(".", "_")}(${a})`)}\nreturn summary` },
  deepseek: {
    code: `${core((p, a) => `await tools["${p}"](${a})`)}\nreturn summary`,
    description: "summarize open issues",
  },
  codex: `// @exec: {"max_output_tokens": 2000}\n${core((p, a) => `await tools.${p.replace(".", "_")}(${a})`)}\ntext(JSON.stringify(summary))`,
  utcp: { code: `${core((p, a) => `${p}(${a})`)}\nreturn summary`, timeout: 30000, max_output_size: 200000 },
}

/** Median warm normalize time (ms) of one input (few samples: a normalize call takes milliseconds today). */
export const normalizeTiming = async (input: unknown): Promise<Timing> => {
  const options = { tools, limits: { timeoutMs: 60_000 } }
  return timing(() => void normalize(input, options), 101, 20)
}

const percent = (part: number, whole: number | undefined): string =>
  whole === undefined ? "—" : `${((100 * part) / (part + whole)).toFixed(0)}%`

/**
 * One row per dialect (`ours` = median warm normalize; the anchors have no frontend), then W6 through the frontend
 * as an opencode input: its share of a W6 execution that goes through `normalize` first, cold and warm (from the
 * W6c/W6w rows already measured).
 */
export const frontendRows = async (measured: ReadonlyArray<Row>): Promise<ReadonlyArray<Row>> => {
  const rows: Array<Row> = []
  for (const [dialect, input] of Object.entries(programs)) {
    const first = normalize(input, { tools, limits: { timeoutMs: 60_000 } })
    rows.push({
      id: "F",
      label: `normalize, ${dialect} (~30 lines, warm)`,
      ...timed(await normalizeTiming(input), undefined, undefined),
      note: first.ok ? `detected ${first.receipt.dialect ?? "-"}, ${first.receipt.changes.length} changes` : "not ok",
    })
  }
  const w6Timing = await normalizeTiming({ code: W6 })
  const w6 = w6Timing.p50
  const cold = measured.find((r) => r.id === "W6c")?.ours
  const warm = measured.find((r) => r.id === "W6w")?.ours
  rows.push({
    id: "F6",
    label: "normalize W6 (opencode input, warm)",
    ...timed(w6Timing, undefined, undefined),
    note: `frontend share of normalize + W6: ${percent(w6, cold)} cold, ${percent(w6, warm)} warm`,
  })
  return rows
}
