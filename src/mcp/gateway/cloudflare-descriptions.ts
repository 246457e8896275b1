/** The descriptions of the Cloudflare shape's `search` and `execute` tools (cloudflare-shape.ts), in our words. */

/** What the descriptions say about the served document. */
export interface ShapeDocument {
  readonly title: string | undefined
  /** Tag names, in document order (operation tags after the declared ones). */
  readonly tags: ReadonlyArray<string>
  /** Namespaces whose `<ns>.request` is served besides `codemode.request`. */
  readonly namespaces: ReadonlyArray<string>
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

/** The title and tags of an OpenAPI document, read defensively (it was accepted by `OpenAPI.fromSpec`). */
export const shapeDocument = (document: unknown, namespaces: ReadonlyArray<string>): ShapeDocument => {
  const doc = isObject(document) ? document : {}
  const info = isObject(doc["info"]) ? doc["info"] : {}
  const tags = new Set<string>()
  for (const t of Array.isArray(doc["tags"]) ? doc["tags"] : [])
    if (isObject(t) && typeof t["name"] === "string") tags.add(t["name"])
  for (const item of Object.values(isObject(doc["paths"]) ? doc["paths"] : {}))
    for (const op of Object.values(isObject(item) ? item : {}))
      if (isObject(op) && Array.isArray(op["tags"])) for (const t of op["tags"]) if (typeof t === "string") tags.add(t)
  return { title: typeof info["title"] === "string" ? info["title"] : undefined, tags: [...tags], namespaces }
}

const SPEC_TYPES = `interface Parameter { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: unknown; description?: string }
interface Operation {
  operationId?: string; summary?: string; description?: string; tags?: string[]; deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface PathItem { get?: Operation; put?: Operation; post?: Operation; delete?: Operation; patch?: Operation; head?: Operation; options?: Operation; parameters?: Parameter[] }
interface OpenApiSpec { openapi: string; info: { title: string; version: string; description?: string }; paths: Record<string, PathItem>; components?: Record<string, unknown>; tags?: Array<{ name: string; description?: string }> }`

export const cloudflareDescriptions = (doc: ShapeDocument) => {
  const api = doc.title === undefined ? "the API" : `the ${doc.title} API`
  const shown = doc.tags.slice(0, 30)
  const tags =
    shown.length === 0
      ? ""
      : `\nTags: ${shown.join(", ")}${doc.tags.length > shown.length ? `, … (${doc.tags.length} in all)` : ""}\n`
  const aliases = doc.namespaces.map((ns) => `${ns}.request`).join(", ")
  const search = `Look up endpoints of ${api} by running JavaScript over its OpenAPI document. The document is the global \`spec\` (\`await codemode.spec()\` gives the same): every local $ref is already replaced by its target, a reference back into itself reads { $circular: "<ref>" }. It is read-only, and no request to the API can be made from this tool.
${tags}
declare const spec: OpenApiSpec;
${SPEC_TYPES}

Send an async arrow function returning what you found, e.g. the operations of one tag:

async () => {
  const found = [];
  for (const [path, item] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(item))
      if (op.tags?.includes("TAG")) found.push({ method: method.toUpperCase(), path, summary: op.summary });
  return found;
}`
  const execute = `Call ${api} by running JavaScript. Find the endpoint with the search tool first. In your code:

interface RequestOptions {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;  // the concrete path: "/users/42", not "/users/{id}"
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;  // sent as JSON
}
declare const codemode: {
  request(options: RequestOptions): Promise<unknown>;
  spec(): Promise<OpenApiSpec>;
};${aliases === "" ? "" : `\n// ${aliases}(options) is the same as codemode.request(options).`}

The request must be one the document describes: its method and path name an operation, its query entries are that operation's query parameters, and its body the operation's request body. It resolves to the response body (parsed JSON, or text) and rejects with an Error for a request the document does not describe, an input its schema refuses, or a response that is not 2xx.

Send an async arrow function returning the result, e.g.

async () => {
  return await codemode.request({ method: "GET", path: "/your/endpoint", query: { limit: 10 } });
}`
  return {
    search,
    execute,
    searchCode: "A JavaScript async arrow function that reads spec and returns what it found",
    executeCode: "A JavaScript async arrow function that calls codemode.request and returns the result",
  }
}
