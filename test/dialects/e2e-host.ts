import { Effect } from "effect"
import { CodeMode, Tool, toolError } from "../../src/index.js"
import { diagnostic } from "../../src/diagnostic.js"
import type { CatalogEntry, ToolPath } from "../../src/frontend/dialect.js"
import { normalizeWith } from "../../src/frontend/normalize.js"
import { HostFailure, type Host } from "../../src/interpreter/host.js"
import { compile } from "../../src/interpreter/index.js"
import { canonicalText, parseCanonicalText } from "../../dialects/shared/names.js"
import { full } from "./registry.js"

/** A failure the tool reports (the `toolError` channel): catchable, its message model-visible. */
class Refusal extends Error {}

const TEMPS: Record<string, number> = { Paris: 18, Oslo: 5, London: 12, Tokyo: 25 }
const ISSUES = [
  { id: 1, title: "Bug A", state: "open" },
  { id: 2, title: "Bug B", state: "closed" },
  { id: 3, title: "Feature", state: "open" },
]

type Fn = (input: any) => unknown
interface Entry {
  readonly path: ToolPath
  readonly description: string
  readonly run: Fn
}

/** A small fixture tool tree exercising nested, kebab, reserved-word, digit-leading and positional tools. */
export const ENTRIES: ReadonlyArray<Entry> = [
  {
    path: ["weather", "get_current"],
    description: "Current weather for a city",
    run: ({ city }) => ({ city, temp: TEMPS[city] ?? 0 }),
  },
  {
    path: ["weather", "forecast"],
    description: "Forecast temperatures",
    run: ({ city, days }) => ({ city, days: Array.from({ length: days }, (_, i) => (TEMPS[city] ?? 0) + i) }),
  },
  { path: ["github", "list_issues"], description: "List issues of a repository", run: () => ISSUES },
  {
    path: ["github", "list_pull_requests"],
    description: "List pull requests of a repository",
    run: () => [{ number: 7, title: "Fix" }],
  },
  {
    path: ["orders", "lookup"],
    description: "Look up an order by id",
    run: ({ id }) => {
      if (id > 100) throw new Refusal("order not found")
      return { id, status: "shipped", total: id * 10 }
    },
  },
  { path: ["web-search"], description: "Search the web", run: ({ q }) => ({ hits: [`${q} 1`, `${q} 2`] }) },
  { path: ["delete"], description: "Delete a record", run: ({ id }) => ({ deleted: id }) },
  { path: ["3d-render"], description: "Render a 3D scene", run: ({ scene }) => ({ png: `render:${scene}` }) },
  { path: ["dev-radius", "search"], description: "Search the dev radius index", run: ({ q }) => [{ name: `r-${q}` }] },
  {
    path: ["calc", "stats"],
    description: "Mean and sum of numbers",
    run: ({ values }: { values: number[] }) => ({
      sum: values.reduce((a, b) => a + b, 0),
      mean: values.reduce((a, b) => a + b, 0) / values.length,
    }),
  },
  {
    path: ["state", "readFile"],
    description: "Read a file (positional path)",
    run: (path: string) => `content of ${path}`,
  },
]

export const TOOLS: ReadonlyArray<ToolPath> = ENTRIES.map((e) => e.path)
export const CATALOG: ReadonlyArray<CatalogEntry> = ENTRIES.map((e) => ({
  path: e.path,
  description: e.description,
  signature: `${canonicalText(e.path)}(input: unknown): Promise<unknown>`,
}))

const key = (path: ReadonlyArray<string>) => path.join("\u0000")

/** Canonical `$codemode.search` closely enough for the preludes: substring match, a path query returns that tool. */
const search = (input: { query?: string; namespace?: string; limit?: number }) => {
  const q = (input.query ?? "").toLowerCase()
  const exact = q === "" ? undefined : parseCanonicalText(input.query ?? "")
  let hits = ENTRIES.filter((e) => input.namespace === undefined || e.path[0] === input.namespace)
  if (exact) hits = hits.filter((e) => key(e.path) === key(exact))
  else if (q !== "") hits = hits.filter((e) => `${e.path.join(".")} ${e.description}`.toLowerCase().includes(q))
  const limit = input.limit ?? 10
  const items = hits
    .slice(0, limit)
    .map((e) => ({ path: canonicalText(e.path), description: e.description, signature: `sig ${e.path.join(".")}` }))
  return { items, remaining: Math.max(0, hits.length - limit), next: null }
}

const host = (logs: string[], calls: string[]): Host => ({
  lookup: (path) => {
    if (ENTRIES.some((e) => key(e.path) === key(path))) return "tool"
    if (path.length === 2 && path[0] === "$codemode" && path[1] === "search") return "tool"
    return ENTRIES.some((e) => e.path.length > path.length && key(e.path.slice(0, path.length)) === key(path))
      ? "namespace"
      : undefined
  },
  keys: (path) =>
    [
      ...new Set(
        ENTRIES.filter((e) => e.path.length > path.length && key(e.path.slice(0, path.length)) === key(path)).map(
          (e) => e.path[path.length]!,
        ),
      ),
    ].sort(),
  callTool: async (path, input) => {
    calls.push(path.join("."))
    if (path[0] === "$codemode") return search(input as never)
    const entry = ENTRIES.find((e) => key(e.path) === key(path))
    if (!entry) throw new HostFailure(diagnostic("UnknownTool", `Unknown tool ${canonicalText(path)}`), true)
    try {
      return entry.run(input)
    } catch (e) {
      if (e instanceof Refusal) throw new HostFailure(diagnostic("ToolFailure", e.message), true)
      throw new HostFailure(diagnostic("ToolFailure", "Tool execution failed"), true)
    }
  },
  log: (line) => void logs.push(line),
  deadline: undefined,
  cancelled: () => false,
  random: () => 0.5,
})

export interface E2E {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: string
  readonly logs: string[]
  readonly calls: string[]
  readonly dialect: string | undefined
  readonly code: string
}

/** Raw tool-call arguments → frontend (full registry) → interpreter → result, against the fixture tree. */
export const runE2E = async (input: unknown): Promise<E2E> => {
  const n = normalizeWith(full, input, { tools: TOOLS, catalog: CATALOG })
  const logs: string[] = []
  const calls: string[] = []
  const base = { logs, calls, dialect: n.receipt.dialect, code: n.code }
  if (!n.ok || !n.program)
    return { ...base, ok: false, error: n.diagnostics.map((d) => `${d.kind}: ${d.message}`).join("; ") }
  const compiled = compile(n.program, n.source, n.compile)
  if (!compiled.ok) return { ...base, ok: false, error: `${compiled.diagnostic.kind}: ${compiled.diagnostic.message}` }
  const outcome = await compiled.program.run(host(logs, calls))
  return outcome.ok
    ? { ...base, ok: true, value: outcome.value }
    : { ...base, ok: false, error: `${outcome.diagnostic.kind}: ${outcome.diagnostic.message}` }
}

/** The fixture tree as `Tool.make` definitions, for `CodeMode.make({ tools }).run(input)`. */
const tree = (): Record<string, unknown> => {
  const root: Record<string, any> = {}
  for (const entry of ENTRIES) {
    let node = root
    for (const segment of entry.path.slice(0, -1)) node = node[segment] ??= {}
    node[entry.path[entry.path.length - 1]!] = Tool.make({
      description: entry.description,
      input: entry.path.join(".") === "state.readFile" ? { type: "string" } : {},
      run: (input) =>
        Effect.suspend(() => {
          try {
            return Effect.succeed(entry.run(input))
          } catch (e) {
            return Effect.fail(e instanceof Refusal ? toolError(e.message) : e)
          }
        }),
    })
  }
  return root
}

const runtime = CodeMode.make({ tools: tree() })

/** Raw tool-call arguments through the real `runtime.run` (frontend + runtime + interpreter). */
export const runRuntime = async (input: unknown): Promise<E2E> => {
  const result = await Effect.runPromise(runtime.run(input))
  const base = {
    logs: [...(result.logs ?? [])],
    calls: result.toolCalls.map((c) => c.name),
    dialect: result.receipt.dialect,
    code: result.receipt.code,
  }
  return result.ok
    ? { ...base, ok: true, value: result.value }
    : { ...base, ok: false, error: `${result.error.kind}: ${result.error.message}` }
}
