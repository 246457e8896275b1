// Frontend speed (brief target: median warm `normalize` of a typical 30-line program < 0.5 ms per dialect). Prints
// figures only; no timed tests. Run: `npm run bench:frontend` (builds, then runs dist/scripts/bench-frontend.js).
import { performance } from "node:perf_hooks"
import { normalize } from "../src/Frontend.js"

const tools = [
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

const programs: Record<string, unknown> = {
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

console.log("dialect     detected    changes  median ms  (target < 0.5)")
for (const [dialect, input] of Object.entries(programs)) {
  const options = { tools, limits: { timeoutMs: 60_000 } }
  const first = normalize(input, options)
  for (let i = 0; i < 300; i++) normalize(input, options)
  const times: number[] = []
  for (let i = 0; i < 1000; i++) {
    const t = performance.now()
    normalize(input, options)
    times.push(performance.now() - t)
  }
  const d = first.diagnostics[0]
  const ok = first.ok ? "" : `  (diagnostic: ${d?.message} at ${d?.location?.line}:${d?.location?.column})`
  console.log(
    `${dialect.padEnd(12)}${String(first.receipt.dialect ?? "-").padEnd(12)}${String(first.receipt.changes.length).padStart(7)}  ${median(times).toFixed(3).padStart(9)}${ok}`,
  )
}
