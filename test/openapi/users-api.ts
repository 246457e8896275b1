/**
 * A small users API for the Cloudflare-shape tests: its OpenAPI document (tags, `$ref`s, a reference cycle, flat and
 * whole bodies) and a real HTTP server on 127.0.0.1 implementing it, recording every request it receives.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export const usersDocument = (origin: string) => ({
  openapi: "3.1.0",
  info: { title: "Users", version: "1.0.0" },
  servers: [{ url: origin }],
  security: [{ bearer: [] }],
  paths: {
    "/users": {
      get: {
        operationId: "users.list",
        summary: "List users",
        tags: ["users"],
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer" } },
          { name: "team", in: "query", schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "users",
            content: {
              "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/User" } } },
            },
          },
        },
      },
      post: {
        operationId: "users.create",
        summary: "Create user",
        tags: ["users"],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewUser" } } },
        },
        responses: {
          "201": {
            description: "created",
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
        },
      },
    },
    "/users/me": {
      get: {
        operationId: "users.me",
        summary: "The caller",
        tags: ["users"],
        responses: {
          "200": {
            description: "me",
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
        },
      },
    },
    "/users/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "users.get",
        summary: "Get user by ID",
        tags: ["users"],
        responses: {
          "200": {
            description: "one",
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
        },
      },
      delete: {
        operationId: "users.remove",
        summary: "Delete user",
        tags: ["users", "admin"],
        responses: { "204": { description: "gone" } },
      },
    },
    "/teams/{team}/members": {
      get: {
        operationId: "teams.members",
        summary: "Members of a team",
        tags: ["teams"],
        parameters: [{ name: "team", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "members", content: { "application/json": { schema: { type: "array" } } } },
        },
      },
    },
  },
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    schemas: {
      NewUser: {
        type: "object",
        properties: { name: { type: "string" }, team: { type: "string" } },
        required: ["name"],
      },
      User: {
        type: "object",
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          manager: { $ref: "#/components/schemas/User" },
        },
      },
    },
  },
})

export interface Received {
  readonly method: string
  readonly url: string
  readonly body: string
  readonly authorization: string | undefined
}

export interface UsersServer {
  readonly origin: string
  readonly received: Array<Received>
  readonly close: () => Promise<void>
}

/** Answers every request with what it understood, so a test sees both the wire and the value returned. */
export const startUsersServer = async (): Promise<UsersServer> => {
  const received: Array<Received> = []
  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      received.push({ method: req.method!, url: req.url!, body, authorization: req.headers.authorization })
      const url = new URL(req.url!, "http://127.0.0.1")
      const send = (status: number, value?: unknown) => {
        res.writeHead(status, value === undefined ? {} : { "content-type": "application/json" })
        res.end(value === undefined ? undefined : JSON.stringify(value))
      }
      if (req.method === "GET" && url.pathname === "/users")
        return send(
          200,
          [
            { id: "u1", name: "Ada", team: url.searchParams.get("team") },
            { id: "u2", name: "Lin", team: url.searchParams.get("team") },
          ].slice(0, Number(url.searchParams.get("limit") ?? 2)),
        )
      if (req.method === "POST" && url.pathname === "/users") return send(201, { id: "u3", ...JSON.parse(body) })
      if (req.method === "GET" && url.pathname === "/users/me")
        return send(200, { id: "me", seen: req.headers.authorization })
      const one = /^\/users\/([^/]+)$/.exec(url.pathname)
      if (one && req.method === "GET") return send(200, { id: decodeURIComponent(one[1]!), name: "Ada" })
      if (one && req.method === "DELETE") return send(204)
      send(404, { error: "no such route" })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
