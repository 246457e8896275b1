/**
 * `codemode mcp --openapi FILE --shape cloudflare`: the two tools of Cloudflare's OpenAPI code-mode servers
 * (`openApiMcpServer` in @cloudflare/codemode, cloudflare/mcp). `search` runs a program over the document (`spec`,
 * `await codemode.spec()`) and may call no tool; `execute` runs one that calls `codemode.request({ method, path,
 * query, body })`, routed to the operation tools (docs/openapi.md#cloudflare-shape). Both take `{ code }` and answer
 * as Cloudflare does: the value as text (a string as is, anything else as indented JSON, cut at 24,000 characters
 * with Cloudflare's marker), a failure as `Error: …` with isError.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { forModel, modelText } from "../../runtime/model-output.js"
import type { RunResult } from "../../runtime/run.js"
import type { ToolApproval } from "../../runtime/types.js"
import { toCallResult, toolCallContext, type ExecuteSource } from "../server.js"
import { httpOperationOf } from "../../openapi/http-operation.js"
import { cloudflareDescriptions, shapeDocument, type ShapeDocument } from "./cloudflare-descriptions.js"

export const SEARCH = "search"
export const EXECUTE = "execute"

/** Set while a `search` program runs: its tool calls are denied (Cloudflare's search has no API access). */
export const SearchOnly = Context.Reference<boolean>("codemode-polyglot/mcp/SearchOnly", { defaultValue: () => false })

const SEARCH_ONLY_REASON = "the search tool only reads the spec: call the API from the execute tool"

/** The gateway's approval, with every call of a `search` program denied first. */
export const searchOnly =
  (inner: ToolApproval | undefined): ToolApproval =>
  (request) =>
    Effect.flatMap(Effect.service(SearchOnly), (search) =>
      search
        ? Effect.succeed({ allow: false as const, reason: SEARCH_ONLY_REASON })
        : (inner?.(request) ?? Effect.succeed({ allow: true as const })),
    )

/** Cloudflare's response budget: 6,000 tokens at 4 characters each. */
const MAX_CHARS = 24_000

/** The value as Cloudflare's tools return it: a string as is, else indented JSON; cut with their marker. */
export const cloudflareText = (value: unknown): string => {
  const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "undefined")
  if (text.length <= MAX_CHARS) return text
  const tokens = Math.ceil(text.length / 4).toLocaleString("en-US")
  return (
    `${text.slice(0, MAX_CHARS)}\n\n--- TRUNCATED ---\nResponse was ~${tokens} tokens (limit: 6,000). ` +
    "Use more specific queries to reduce response size."
  )
}

/**
 * A run as the shape's tool result: Cloudflare's text first; our logs and repair notes follow it (Cloudflare has
 * none to show), and the whole run stays in structuredContent and `_meta` as for `execute`.
 */
export const shapeResult = (result: RunResult): CallToolResult => {
  const output = forModel(result)
  const head = result.ok
    ? cloudflareText(result.value)
    : `Error: ${modelText({ ok: false, ...(output.error === undefined ? {} : { error: output.error }) })}`
  const rest = [
    ...(output.logs ?? []),
    ...(output.truncated ? ["(output truncated to the run's maxOutputBytes)"] : []),
    ...(output.notes === undefined ? [] : [`note: ${output.notes.join("; ")}`]),
  ]
  const text = rest.length === 0 ? head : `${head}\n\n${rest.join("\n")}`
  return { ...toCallResult(result), content: [{ type: "text", text }] }
}

const CODE_SCHEMA = (description: string) => ({
  type: "object" as const,
  properties: { code: { type: "string", description } },
  required: ["code"],
})

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] })

export interface ShapeSource {
  readonly document: () => ShapeDocument | Promise<ShapeDocument>
  /** Runs `code` as a Cloudflare program; `search` marks a program that may call no tool. */
  readonly run: (code: string, search: boolean, call: Parameters<ExecuteSource["run"]>[1]) => Promise<RunResult>
}

export const registerCloudflareShape = (server: Server, source: ShapeSource): void => {
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const text = cloudflareDescriptions(await source.document())
    return {
      tools: [
        { name: SEARCH, description: text.search, inputSchema: CODE_SCHEMA(text.searchCode) },
        { name: EXECUTE, description: text.execute, inputSchema: CODE_SCHEMA(text.executeCode) },
      ],
    }
  })
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name
    if (name !== SEARCH && name !== EXECUTE)
      return failure(`Error: Unknown tool "${name}": this server has "${SEARCH}" and "${EXECUTE}" ({ code }).`)
    const code = request.params.arguments?.["code"]
    if (typeof code !== "string") return failure(`Error: ${name} takes { code }: a JavaScript async arrow function.`)
    try {
      const call = toolCallContext(server, request, extra)
      return shapeResult(await source.run(code, name === SEARCH, call))
    } catch (e) {
      if (extra.signal.aborted) return failure("Error: The run was cancelled by the client.")
      return failure(`Error: The gateway could not run the program: ${e instanceof Error ? e.message : String(e)}`)
    }
  })
}

/** The served document and the namespaces holding its operations, found in the local tool tree. */
export const shapeDocumentOf = (local: { readonly [namespace: string]: unknown }): ShapeDocument => {
  let document: unknown
  const namespaces: Array<string> = []
  const visit = (node: unknown): boolean => {
    const http = httpOperationOf(node)
    if (http !== undefined) return ((document ??= http.document), true)
    if (typeof node !== "object" || node === null) return false
    let found = false
    for (const child of Object.values(node)) found = visit(child) || found
    return found
  }
  for (const [ns, tree] of Object.entries(local)) if (visit(tree)) namespaces.push(ns)
  return shapeDocument(document, namespaces)
}
