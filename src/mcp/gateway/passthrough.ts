import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { diagnostic, type Diagnostic } from "../../diagnostic.js"
import { describeTool, type ToolRecord } from "../../discovery/catalog.js"
import { defaultCatalogBudget, discoveryOf, type Discovery } from "../../discovery/index.js"
import { SearchInputError } from "../../discovery/search.js"
import { listTools } from "../../discovery/tools.js"
import { modelText, type ModelOutput } from "../../runtime/model-output.js"
import type { RunResult } from "../../runtime/run.js"
import type { Tree } from "../../tool/Tool.js"
import { RESULT_META_KEY, toCallResult, type ServedTool, type ToolCallContext } from "../server.js"
import { INVOKE_USAGE, readInvoke, toolPath, type InvokeRequest } from "./invoke-input.js"

/** What the gateway serves (`--mode`): `execute` (code), `search` and `invoke` (passthrough), or all three (both). */
export type GatewayMode = "code" | "passthrough" | "both"
export const GATEWAY_MODES: ReadonlyArray<GatewayMode> = ["code", "passthrough", "both"]

export const SEARCH = "search"
export const INVOKE = "invoke"

/** Results per search page unless asked, and at most. */
const SEARCH_LIMIT = 5
const MAX_SEARCH_LIMIT = 20
/** Bytes of one search answer's JSON; results past it move to the next page, and the answer says so. */
export const MAX_SEARCH_BYTES = 16_384
/** Namespaces named in the descriptions; the rest are counted. */
const NAMESPACES_SHOWN = 40

/** The catalog a passthrough tool reads: one per runtime the gateway builds (the same tree). */
export interface PassthroughCatalog {
  readonly discovery: Discovery
  readonly byPath: ReadonlyMap<string, ToolRecord>
  /** `- fs (14 tools)` lines, bounded. */
  readonly namespaces: string
}

export const passthroughCatalog = (tree: Tree<any>): PassthroughCatalog => {
  const records = listTools(tree).map(describeTool)
  const counts = new Map<string, number>()
  for (const r of records) counts.set(r.namespace, (counts.get(r.namespace) ?? 0) + 1)
  const names = [...counts.keys()].sort()
  const shown = names
    .slice(0, NAMESPACES_SHOWN)
    .map((n) => `${n} (${counts.get(n)} tool${counts.get(n) === 1 ? "" : "s"})`)
  const more = names.length - shown.length
  return {
    discovery: discoveryOf(records, defaultCatalogBudget),
    byPath: new Map(records.map((r) => [r.path, r] as const)),
    namespaces:
      names.length === 0
        ? "No tools are available yet."
        : `${records.length} tools in: ${shown.join(", ")}${more > 0 ? `, and ${more} more namespaces` : ""}.`,
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** A failed passthrough call, shaped as `execute`'s failures are: `{ ok: false, error }` and its text. */
const refusal = (error: Diagnostic): CallToolResult => {
  const output: ModelOutput = {
    ok: false,
    error: {
      kind: error.kind,
      message: error.message,
      ...(error.suggestions ? { fix: error.suggestions.join("; ") } : {}),
    },
  }
  return {
    isError: true,
    content: [{ type: "text", text: modelText(output) }],
    structuredContent: output as unknown as Record<string, unknown>,
  }
}

const SEARCH_KEYS = ["query", "namespace", "limit", "offset"]

/** `search`: discovery's ranked search (the one `tools.$codemode.search` runs), each hit with its input schema. */
export const searchPage = (catalog: PassthroughCatalog, args: Record<string, unknown>): CallToolResult => {
  const unknown = Object.keys(args).filter((k) => !SEARCH_KEYS.includes(k))
  if (unknown.length > 0)
    return refusal(
      diagnostic(
        "InvalidToolInput",
        `search takes { query, namespace?, limit?, offset? }; it has no field ${unknown.map((k) => `"${k}"`).join(", ")}.`,
        { suggestions: ['{ "query": "words for what the tool does" }'] },
      ),
    )
  const limit = args["limit"] ?? SEARCH_LIMIT
  if (typeof limit === "number" && limit > MAX_SEARCH_LIMIT)
    return refusal(diagnostic("InvalidToolInput", `search: limit is at most ${MAX_SEARCH_LIMIT}, got ${limit}.`))
  let page: ReturnType<Discovery["search"]>
  try {
    page = catalog.discovery.search({ ...args, limit })
  } catch (e) {
    if (e instanceof SearchInputError) return refusal(diagnostic("InvalidToolInput", e.message))
    throw e
  }
  const offset = typeof args["offset"] === "number" ? args["offset"] : 0
  const items: Array<{ tool: string; description: string; input: unknown }> = []
  let size = 0
  for (const hit of page.items) {
    const record = catalog.byPath.get(toolPath(hit.path))
    const item = { tool: record?.path ?? hit.path, description: hit.description, input: record?.input ?? {} }
    const bytes = Buffer.byteLength(JSON.stringify(item), "utf8") + 1
    // The first hit always goes out whole; later ones wait for the next page once the answer is full.
    if (items.length > 0 && size + bytes > MAX_SEARCH_BYTES) break
    items.push(item)
    size += bytes
  }
  const cut = page.items.length - items.length
  const remaining = page.remaining + cut
  const value = {
    items,
    remaining,
    next: remaining > 0 ? { offset: offset + items.length } : null,
    ...(cut > 0
      ? {
          note: `${cut} more result${cut === 1 ? "" : "s"} did not fit in ${MAX_SEARCH_BYTES} bytes: ask with next.offset`,
        }
      : {}),
  }
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value }
}

/** Near matches for a name no tool has: discovery's search over its words, best first. */
export const nearMatches = (catalog: PassthroughCatalog, name: string, count = 3): Array<string> => {
  const words = name.replace(/[^A-Za-z0-9]+/g, " ").trim()
  if (words === "") return []
  return catalog.discovery
    .search({ query: words.slice(0, 200), limit: count })
    .items.map((i) => catalog.byPath.get(toolPath(i.path))?.path ?? i.path)
}

/** A Result the model reads without the gateway's own wrapping: no location in the program it wrote for the call. */
const asInvoked = (result: RunResult, catalog: PassthroughCatalog, tool: string): RunResult => {
  if (result.ok) return result
  let error: Diagnostic = result.error
  if (error.location !== undefined) {
    const { location: _, ...rest } = error
    error = rest
  }
  if (error.kind === "UnknownTool") {
    const near = error.suggestions?.length ? error.suggestions.map(toolPath) : nearMatches(catalog, tool)
    error = {
      ...error,
      message: `Unknown tool '${tool}'.${near.length ? ` Near matches: ${near.join(", ")}.` : ""} Find tools with search.`,
      ...(near.length
        ? { suggestions: near.map((n) => `{ "tool": "${n.replace(/^tools\./, "")}", "input": { … } }`) }
        : {}),
    }
  }
  return { ...result, error }
}

/** The receipt the model's notes come from: without the gateway's own wrapping of the call as a JSON program. */
const unwrapped = (result: RunResult): RunResult => ({
  ...result,
  receipt: {
    ...result.receipt,
    changes: result.receipt.changes.filter(
      (c) => c.stage !== "json-program" && !(c.stage === "envelope" && c.rule === "array"),
    ),
  },
})

/** An invoke's answer: the lenient reads of its arguments first among the notes; the full receipt in `_meta`. */
const answer = (result: RunResult, request: InvokeRequest): CallToolResult => {
  const shown = toCallResult(unwrapped(result))
  const meta = shown._meta?.[RESULT_META_KEY] as Record<string, unknown> | undefined
  if (meta !== undefined) {
    meta["receipt"] = result.receipt
    meta["invoked"] = { tool: request.tool, notes: request.notes }
  }
  if (request.notes.length === 0) return shown
  const output = shown.structuredContent as unknown as ModelOutput
  const next: ModelOutput = { ...output, notes: [...request.notes, ...(output.notes ?? [])] }
  return {
    ...shown,
    content: [{ type: "text", text: modelText(next) }],
    structuredContent: next as unknown as Record<string, unknown>,
  }
}

export interface PassthroughSource {
  /**
   * The current catalog (the runtime's), once the upstreams still starting have joined or the wait ended: the wait of
   * `tools/list` for a description, the shorter one of `execute` for a call.
   */
  readonly catalog: (purpose: "list" | "call") => Promise<PassthroughCatalog>
  /** Runs one program in the caller's session, as `execute` would (approval, validation, limits, tracing). */
  readonly run: (program: unknown, call: ToolCallContext) => Promise<RunResult>
  /** Upstreams that are down, for the descriptions (empty when all are up). */
  readonly down: () => string
  /** Whether `execute` is served too (`--mode both`): the descriptions say when to use which. */
  readonly beside: boolean
}

const SEARCH_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", description: "Words for what the tool does, or its name; empty lists every tool" },
    namespace: { type: "string", description: "Only tools of this namespace (an upstream server's name)" },
    limit: { type: "integer", minimum: 1, maximum: MAX_SEARCH_LIMIT, default: SEARCH_LIMIT },
    offset: { type: "integer", minimum: 0, default: 0, description: "Skip this many results (next.offset)" },
  },
} as const

const INVOKE_SCHEMA = {
  type: "object",
  properties: {
    tool: { type: "string", description: "The tool's name as search lists it, e.g. fs.read_text_file" },
    input: { type: "object", description: "The tool's arguments, matching its input schema" },
  },
  required: ["tool"],
} as const

/**
 * `search` and `invoke` (`codemode mcp --mode passthrough|both`): for models and clients that cannot write a program.
 * An invoke is one in-program call made for the model (a one-step JSON program in its session), so it passes the
 * same input validation, approval gate, limits, session, tracing and receipt as a call inside `execute`.
 */
export const passthroughTools = (source: PassthroughSource): ReadonlyArray<ServedTool> => [
  {
    name: SEARCH,
    title: "Find tools",
    usage: "{ query }",
    description: async () =>
      "Find the tools you can call with invoke: words matched against tool names, descriptions and input fields, " +
      `best first, at most ${MAX_SEARCH_LIMIT} a page (default ${SEARCH_LIMIT}). Each result has the tool's name ` +
      "for invoke, its description and its input JSON Schema. An empty query lists every tool, a page at a time. " +
      `${(await source.catalog("list")).namespaces}${source.down()}`,
    inputSchema: SEARCH_SCHEMA as unknown as ServedTool["inputSchema"],
    call: async (args) => searchPage(await source.catalog("call"), args),
  },
  {
    name: INVOKE,
    title: "Call one tool",
    usage: "{ tool, input }",
    description: async () =>
      'Call one tool: { "tool": "<name from search>", "input": { …its arguments… } }. The input is checked against ' +
      "the tool's input schema before the call (a wrong field is named by its path); the answer is the tool's " +
      "result as JSON. " +
      (source.beside ? "To combine several calls, loops or conditions in one step, use execute instead. " : "") +
      `${(await source.catalog("list")).namespaces}${source.down()}`,
    inputSchema: INVOKE_SCHEMA as unknown as ServedTool["inputSchema"],
    call: async (args, call) => {
      const request = readInvoke(isRecord(args) ? args : {})
      if ("error" in request)
        return refusal(diagnostic("InvalidToolInput", request.error, { suggestions: [INVOKE_USAGE] }))
      const catalog = await source.catalog("call")
      const result = await source.run([{ tool: request.tool, input: request.input }], call)
      return answer(asInvoked(result, catalog, request.tool), request)
    },
  },
]
