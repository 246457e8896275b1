import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js"
import type { Gateway } from "./gateway.js"

const MAX_BODY_BYTES = 4 * 1024 * 1024

const reply = (res: ServerResponse, status: number, code: number, message: string) => {
  if (res.headersSent) return void res.end()
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }))
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`request body over ${MAX_BODY_BYTES} bytes`))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

export interface HttpHandle {
  /** The endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  readonly url: string
  readonly close: () => Promise<void>
}

/**
 * Serves the gateway over Streamable HTTP at `/mcp`: one SDK server and transport per session (created by an
 * `initialize` POST, found again by the `mcp-session-id` header, ended by DELETE or on close).
 */
export const serveHttp = async (gateway: Gateway, port: number, host: string): Promise<HttpHandle> => {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname
    if (path !== "/mcp") return reply(res, 404, -32000, "Not found: the MCP endpoint is /mcp")
    try {
      let body: unknown
      if (req.method === "POST") {
        try {
          body = JSON.parse(await readBody(req))
        } catch (e) {
          return reply(res, 400, -32700, `Parse error: ${(e as Error).message}`)
        }
      }
      const id = req.headers["mcp-session-id"]
      if (typeof id === "string") {
        const transport = sessions.get(id)
        if (transport === undefined) return reply(res, 404, -32001, "Session not found")
        return await transport.handleRequest(req, res, body)
      }
      if (req.method !== "POST" || !isInitializeRequest(body))
        return reply(res, 400, -32000, "Bad Request: no mcp-session-id, and not an initialize request")
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      })
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
      }
      await gateway.createServer().connect(transport)
      await transport.handleRequest(req, res, body)
    } catch (e) {
      reply(res, 500, -32603, `Internal error: ${(e as Error).message}`)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address
  return {
    url: `http://${shown}:${address.port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => {})))
      server.closeAllConnections?.()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
