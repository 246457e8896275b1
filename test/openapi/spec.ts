/** The test server's own OpenAPI document: every supported parameter style, body and response kind, auth scheme. */

const ok = (schema: unknown = { type: "object" }) => ({
  "200": { description: "ok", content: { "application/json": { schema } } },
})
const param = (name: string, location: string, extra: Record<string, unknown> = {}) => ({
  name,
  in: location,
  schema: { type: "string" },
  ...extra,
})

export const makeSpec = (origin: string) => {
  const port = new URL(origin).port
  return {
    openapi: "3.0.3",
    info: { title: "wire", version: "1" },
    servers: [
      { url: "http://127.0.0.1:{port}/{base}", variables: { port: { default: port }, base: { default: "doc" } } },
    ],
    components: {
      securitySchemes: {
        Bearer: { type: "http", scheme: "bearer" },
        Basic: { type: "http", scheme: "basic" },
        HeaderKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        QueryKey: { type: "apiKey", in: "query", name: "api_key" },
        CookieKey: { type: "apiKey", in: "cookie", name: "session" },
        OAuth: { type: "oauth2", flows: {} },
        OAuthB: { type: "openIdConnect", openIdConnectUrl: "https://id.example/.well-known/openid-configuration" },
      },
      schemas: {
        User: {
          type: "object",
          required: ["name"],
          properties: {
            id: { type: "integer", readOnly: true },
            name: { type: "string", description: "display name" },
            age: { type: "integer" },
          },
        },
        Node: {
          type: "object",
          properties: {
            value: { type: "string" },
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
          },
        },
      },
      parameters: { Trace: { name: "X-Trace", in: "header", schema: { type: "string" } } },
    },
    paths: {
      "/users/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        get: {
          operationId: "v2.users.get",
          summary: "Get a user",
          parameters: [
            param("tags", "query", { schema: { type: "array", items: { type: "string" } } }),
            { $ref: "#/components/parameters/Trace" },
          ],
          responses: ok({ $ref: "#/components/schemas/User" }),
        },
        put: {
          operationId: "v2.users.replace",
          parameters: [param("id", "query")],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
          responses: ok(),
        },
      },
      "/search": {
        get: {
          parameters: [
            param("ids", "query", { explode: false, schema: { type: "array", items: { type: "integer" } } }),
            param("point", "query", {
              schema: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } } },
            }),
            param("flat", "query", {
              explode: false,
              schema: { type: "object", properties: { a: { type: "string" } } },
            }),
            param("filter", "query", {
              style: "deepObject",
              explode: true,
              schema: { type: "object", properties: { status: { type: "string" }, min: { type: "integer" } } },
            }),
            param("q", "query"),
          ],
          responses: ok(),
        },
      },
      "/items/{list}/{obj}/{objx}": {
        get: {
          operationId: "items.get",
          parameters: [
            param("list", "path", { required: true, schema: { type: "array", items: { type: "string" } } }),
            param("obj", "path", { required: true, schema: { type: "object" } }),
            param("objx", "path", { required: true, explode: true, schema: { type: "object" } }),
            param("X-List", "header", { schema: { type: "array", items: { type: "integer" } } }),
            param("X-Obj", "header", { explode: true, schema: { type: "object" } }),
          ],
          responses: ok(),
        },
      },
      "/users": {
        post: {
          operationId: "v2.users.create",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
          responses: {
            "201": {
              description: "created",
              content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
            },
          },
        },
      },
      "/bulk": {
        post: {
          operationId: "bulk.create",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "array", items: { type: "string" } } } },
          },
          responses: ok(),
        },
        patch: {
          operationId: "bulk.tag",
          requestBody: {
            content: { "application/json": { schema: { type: "object", additionalProperties: { type: "string" } } } },
          },
          responses: ok(),
        },
      },
      "/vnd": {
        post: {
          operationId: "vnd.optional",
          requestBody: {
            content: {
              "application/vnd.test+json": { schema: { type: "object", properties: { note: { type: "string" } } } },
            },
          },
          responses: {
            "200": { description: "ok", content: { "application/vnd.test+json": { schema: { type: "object" } } } },
          },
        },
      },
      "/text": {
        get: { operationId: "kinds.text", responses: { "200": { description: "t", content: { "text/plain": {} } } } },
      },
      "/empty": { delete: { operationId: "kinds.empty", responses: { "204": { description: "none" } } } },
      "/missing": { get: { operationId: "errors.missing", responses: ok() } },
      "/huge-error": { get: { operationId: "errors.huge", responses: ok() } },
      "/badjson": { get: { operationId: "errors.badJson", responses: ok() } },
      "/octets": { get: { operationId: "errors.octets", responses: ok() } },
      "/declared-huge": { get: { operationId: "errors.declaredHuge", responses: ok() } },
      "/auth/text-echo": {
        get: {
          operationId: "auth.textEcho",
          security: [{ Bearer: [] }],
          responses: { "2XX": { description: "t", content: { "text/plain": {} } } },
        },
      },
      "/moved": {
        get: { operationId: "kinds.moved", responses: { "200": { description: "t", content: { "text/plain": {} } } } },
      },
      "/slow": { get: { operationId: "errors.slow", responses: ok() } },
      "/big": { get: { operationId: "errors.big", responses: ok() } },
      "/tree": { get: { operationId: "kinds.tree", responses: ok({ $ref: "#/components/schemas/Node" }) } },
      "/where": {
        servers: [{ url: `${origin}/path-level` }],
        get: { operationId: "servers.path", responses: ok() },
        post: { operationId: "servers.op", servers: [{ url: `${origin}/op-level` }], responses: ok() },
      },
      "/doc-level": { get: { operationId: "servers.doc", responses: ok() } },
      "/auth/bearer": { get: { operationId: "auth.bearer", security: [{ Bearer: [] }], responses: ok() } },
      "/auth/basic": { get: { operationId: "auth.basic", security: [{ Basic: [] }], responses: ok() } },
      "/auth/header": {
        get: {
          operationId: "auth.header",
          security: [{ HeaderKey: [] }],
          parameters: [param("X-Api-Key", "header")],
          responses: ok(),
        },
      },
      "/auth/query": { get: { operationId: "auth.query", security: [{ QueryKey: [] }], responses: ok() } },
      "/auth/and": { get: { operationId: "auth.and", security: [{ Bearer: [], QueryKey: [] }], responses: ok() } },
      "/auth/or": {
        get: {
          operationId: "auth.or",
          security: [{ CookieKey: [] }, { OAuth: ["read", "write"] }, { HeaderKey: [] }],
          responses: ok(),
        },
      },
      "/auth/two-flows": {
        get: { operationId: "auth.twoFlows", security: [{ OAuth: ["a"], OAuthB: ["a"] }], responses: ok() },
      },
      "/auth/optional": { get: { operationId: "auth.optional", security: [{}, { Bearer: [] }], responses: ok() } },
      "/missing/auth": {
        get: { operationId: "auth.echoError", security: [{ Bearer: [] }, { QueryKey: [] }], responses: ok() },
      },
    },
  }
}
