/**
 * Cloudflare's OpenAPI code-mode shape (`openApiMcpServer` in @cloudflare/codemode, and cloudflare/mcp built like
 * it): a `search` program reads the document as a global `spec` or `await codemode.spec()`, an `execute` program
 * calls `codemode.request({ method, path, query, body })` (cloudflare/mcp: `cloudflare.request`). Here both exist
 * when the catalog holds `OpenAPI.fromSpec` tools: `spec` is the document with its `$ref`s resolved, frozen, and
 * `request` is routed to the operation's own tool, so it is admitted, validated, authorized and redacted as any
 * call (docs/openapi.md#cloudflare-shape). `<namespace>.request` is the same for the tools of one namespace.
 */
import type { CatalogEntry, RewriteRule, ToolPath } from "../../src/frontend/dialect.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { memberChain, type AnyNode } from "../shared/ast.js"
import type { NativeGlobal } from "../../src/interpreter/api.js"
import { resolvedDocument } from "../../src/openapi/resolved-document.js"
import { routeRequest, type RoutedOperation } from "../../src/openapi/route-request.js"

/** The receipt's warning where a program calls `request` (docs/openapi.md#cloudflare-shape "Where it differs"). */
export const REQUEST_DIFFERS =
  "request is routed to the OpenAPI document's operations: a request the document does not describe fails " +
  "before anything is sent, and the answer is the response body (Cloudflare hands any request to its host)"

/** The operations of the catalog, and the one document they come from when there is exactly one. */
const operationsOf = (catalog: ReadonlyArray<CatalogEntry> | undefined): Array<RoutedOperation> =>
  (catalog ?? []).flatMap((e) => (e.http === undefined ? [] : [{ tool: e.path, operation: e.http }]))

/** Whether the catalog holds OpenAPI operations, so `codemode.spec`/`codemode.request` are served (rewrites.ts). */
export const servesOpenApi = (catalog: ReadonlyArray<CatalogEntry> | undefined): boolean =>
  (catalog ?? []).some((e) => e.http !== undefined)

/**
 * The namespaces whose `<ns>.request(…)` is served: the first segment of OpenAPI tools, unless a tool of that
 * namespace is itself named `request` (the document's own operation wins).
 */
export const requestNamespaces = (
  tools: ReadonlyArray<ToolPath>,
  catalog: ReadonlyArray<CatalogEntry> | undefined,
): Set<string> => {
  const taken = new Set(tools.filter((p) => p.length === 2 && p[1] === "request").map((p) => p[0]!))
  return new Set(
    operationsOf(catalog)
      .filter((r) => r.tool.length > 1 && !taken.has(r.tool[0]!))
      .map((r) => r.tool[0]!),
  )
}

const request = (operations: ReadonlyArray<RoutedOperation>): NativeGlobal => ({
  kind: "function",
  call: async ([options], ctx) => {
    const routed = routeRequest(operations, options)
    if (!routed.ok) return ctx.throwError("Error", routed.message)
    return ctx.callTool(routed.tool, routed.input)
  },
})

export interface OpenApiGlobals {
  /** Members of `codemode`: `spec()` and `request()`. */
  readonly codemode: Record<string, NativeGlobal>
  /** `request` for each namespace of OpenAPI tools. */
  readonly namespaces: Map<string, NativeGlobal>
  /** The global `spec`, when the catalog's operations come from one document. */
  readonly spec?: NativeGlobal | undefined
}

export const openApiGlobals = (
  tools: ReadonlyArray<ToolPath>,
  catalog: ReadonlyArray<CatalogEntry> | undefined,
): OpenApiGlobals | undefined => {
  const operations = operationsOf(catalog)
  if (operations.length === 0) return undefined
  const documents = [...new Set(operations.map((r) => r.operation.document))]
  const namespaces = new Map<string, NativeGlobal>()
  for (const ns of requestNamespaces(tools, catalog))
    namespaces.set(ns, request(operations.filter((r) => r.tool[0] === ns)))
  const codemode: Record<string, NativeGlobal> = { request: request(operations) }
  if (documents.length !== 1) return { codemode, namespaces }
  const document = documents[0]
  codemode.spec = { kind: "function", call: async () => resolvedDocument(document) }
  return { codemode, namespaces, spec: { kind: "value", value: resolvedDocument(document), frozen: true } }
}

/** Adds the shape's members to the prelude's `codemode` and provider namespaces; a tool of the same name keeps it. */
export const withOpenApi = (
  openapi: OpenApiGlobals,
  codemode: Record<string, NativeGlobal>,
  providers: Map<string, Record<string, NativeGlobal>>,
): void => {
  for (const [name, g] of Object.entries(openapi.codemode)) codemode[name] ??= g
  for (const [ns, g] of openapi.namespaces) {
    const members = providers.get(ns) ?? {}
    members.request ??= g
    providers.set(ns, members)
  }
}

/**
 * `codemode.request(…)` / `<ns>.request(…)` served by the prelude stay as written; the receipt says once how they
 * differ from Cloudflare's (a warning, never a model note).
 */
export const openApiRequest: RewriteRule = {
  id: "cloudflare-openapi-request",
  needs: ({ names }) => names.has("request"),
  run: (program, ctx) => {
    if (!servesOpenApi(ctx.catalog)) return
    const roots = new Set(["codemode", ...requestNamespaces(ctx.tools, ctx.catalog)])
    let told = false
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (told || node.type !== "CallExpression" || node.callee.type !== "MemberExpression") return
        const chain = memberChain(node.callee)
        if (chain?.length !== 2 || chain[1] !== "request" || !roots.has(chain[0]!)) return
        if (ctx.isBound(chain[0]!, node, visit.ancestors)) return
        told = true
        ctx.warn(REQUEST_DIFFERS, node)
      },
    })
  },
}
