import { createHash, randomUUID, timingSafeEqual } from "node:crypto"
import type { Server as HttpServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { OAuthTokenVerifier } from "@modelcontextprotocol/sdk/server/auth/provider.js"
import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js"
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js"
import { hostHeaderValidation } from "@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js"
import express, { type NextFunction, type Request, type Response } from "express"
import { originAllowed, type AccessRules } from "./access.js"
import type { Gateway } from "./gateway.js"
import { roam } from "./roaming.js"
import { DEFAULT_CAPS, SessionTable, type SessionCaps } from "./http-sessions.js"

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024

export interface HttpOptions {
  readonly port: number
  readonly host: string
  readonly access: AccessRules
  /** The largest POST body read; a larger one is answered 413 before it is parsed. */
  readonly maxBodyBytes?: number | undefined
  readonly caps?: Partial<SessionCaps> | undefined
  readonly log?: ((line: string) => void) | undefined
}

export interface HttpHandle {
  /** The endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  readonly url: string
  readonly close: () => Promise<void>
}

/** The id of a single JSON-RPC request body, so an error answers that request; `null` otherwise. */
const idOf = (body: unknown): string | number | null => {
  const id = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as { id?: unknown }).id : null
  return typeof id === "string" || typeof id === "number" ? id : null
}

/** Whether a POST body holds a JSON-RPC request (a method and an id), alone or in a batch. */
const carriesRequest = (body: unknown): boolean =>
  Array.isArray(body)
    ? body.some(carriesRequest)
    : typeof body === "object" && body !== null && "method" in body && "id" in body

const reply = (res: Response, status: number, code: number, message: string, id: string | number | null = null) => {
  if (res.headersSent) return void res.end()
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id })
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest()

/**
 * The SDK's bearer-auth middleware asks a verifier for each token. Tokens are compared as SHA-256 digests with
 * `timingSafeEqual`, so the time taken says nothing about how much of a guess matched, nor about the token's length.
 */
export const tokenVerifier = (token: string): OAuthTokenVerifier => {
  const expected = digest(token)
  return {
    verifyAccessToken: async (given) => {
      if (!timingSafeEqual(digest(given), expected)) throw new InvalidTokenError("Invalid token")
      return { token: given, clientId: "codemode", scopes: [], expiresAt: Number.POSITIVE_INFINITY }
    },
  }
}

/** What a browser on an allowed origin needs to call the endpoint and read its session header (CORS). */
const cors = (req: Request, res: Response, next: NextFunction) => {
  const origin = req.headers.origin
  if (origin === undefined) return next()
  res.vary("Origin")
  res.setHeader("Access-Control-Allow-Origin", origin)
  res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate")
  if (req.method !== "OPTIONS") return next()
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE")
  res.setHeader(
    "Access-Control-Allow-Headers",
    "Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
  )
  res.status(204).end()
}

/**
 * Serves the gateway over Streamable HTTP at `/mcp`: one SDK server and transport per session (created by an
 * `initialize` POST, found again by the `mcp-session-id` header, ended by DELETE, expiry or close). Every request
 * passes, in order: `Host` (the SDK's DNS-rebinding middleware), `Origin`, the bearer token (the SDK's middleware),
 * the body cap, then the session caps; each refusal is a JSON-RPC error with its HTTP status.
 */
export const serveHttp = async (gateway: Gateway, options: HttpOptions): Promise<HttpHandle> => {
  const log = options.log ?? (() => {})
  const caps: SessionCaps = { ...DEFAULT_CAPS, ...options.caps }
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const sessions = new SessionTable(caps, log)
  const { access } = options

  const app = express()
  app.disable("x-powered-by")
  if (!access.hosts.includes("*")) app.use(hostHeaderValidation([...access.hosts]))
  app.use((req, res, next) => {
    if (originAllowed(req.headers.origin, access)) return next()
    reply(res, 403, -32000, `Forbidden: Origin ${req.headers.origin} is not allowed (the gateway's --allow-origin)`)
  })
  app.use(cors)
  if (access.token !== undefined) app.use(requireBearerAuth({ verifier: tokenVerifier(access.token) }))
  app.all("/mcp", express.json({ limit: maxBody }), async (req: Request, res: Response) => {
    const body: unknown = req.body
    const id = req.headers["mcp-session-id"]
    if (typeof id === "string") {
      const transport = sessions.transport(id)
      if (transport === undefined && (await roam(gateway, id, { req, res }, body))) return
      if (transport === undefined)
        return reply(
          res,
          404,
          -32001,
          "Session not found (ended or expired): start a new one with initialize",
          idOf(body),
        )
      // Only requests count: a notification or the client's answer to the server (an approval's elicitation result)
      // is what lets a request in flight finish, so it is never refused.
      if (req.method !== "POST" || !carriesRequest(body)) sessions.touch(id)
      else if (!sessions.admit(id, res))
        return reply(
          res,
          429,
          -32000,
          `Too many requests in flight for this session (${caps.maxInFlight}, --max-in-flight): retry when one ends`,
          idOf(body),
        )
      return await transport.handleRequest(req, res, body)
    }
    if (req.method !== "POST" || !isInitializeRequest(body))
      return reply(res, 400, -32000, "Bad Request: no mcp-session-id, and not an initialize request", idOf(body))
    const place = sessions.reserve()
    if (place === undefined)
      return reply(
        res,
        429,
        -32000,
        `Too many sessions (${caps.maxSessions} open, --max-sessions): end one with DELETE or wait for one to expire`,
        idOf(body),
      )
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: async (sid) => {
        sessions.add(sid, transport)
        await gateway.sessionStarted(sid)
      },
      maxRequestBodySize: maxBody,
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.remove(transport.sessionId)
    }
    try {
      await gateway.createServer().connect(transport)
      await transport.handleRequest(req, res, body)
    } finally {
      place.done()
      if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await transport.close()
    }
  })
  app.use((_req: Request, res: Response) => reply(res, 404, -32000, "Not found: the MCP endpoint is /mcp"))
  // Errors of the body parser (size, JSON syntax) and anything thrown above, as JSON-RPC errors.
  app.use((error: Error & { type?: string; status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === "entity.too.large")
      return reply(res, 413, -32000, `Request body over ${maxBody} bytes (the gateway's --max-body)`)
    if (error.type === "entity.parse.failed") return reply(res, 400, -32700, `Parse error: ${error.message}`)
    if (error.status !== undefined && error.status >= 400 && error.status < 500)
      return reply(res, error.status, -32600, `Invalid Request: ${error.message}`)
    log(`internal error serving a request: ${error.message}`)
    reply(res, 500, -32603, `Internal error: ${error.message}`)
  })

  const server: HttpServer = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port, options.host, (error?: Error) =>
      error === undefined ? resolve(listening) : reject(error),
    )
    listening.once("error", reject)
  })
  const address = server.address() as AddressInfo
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address
  return {
    url: `http://${shown}:${address.port}/mcp`,
    close: async () => {
      await sessions.closeAll()
      server.closeAllConnections?.()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
