import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import type { Gateway } from "./gateway.js"

/** The parts of an HTTP exchange `roam` reads and answers (express's request and response satisfy them). */
interface Exchange {
  readonly req: { readonly method: string } & Parameters<StreamableHTTPServerTransport["handleRequest"]>[0]
  readonly res: Parameters<StreamableHTTPServerTransport["handleRequest"]>[1]
}

/**
 * A request for an MCP session this process does not hold, whose state a shared store (`--store`) has: another
 * gateway process started it, then died or lost the route. Served here by a one-request transport bound to that
 * session, following the MCP TypeScript SDK's "persistent storage" pattern for multi-node deployments (any node that
 * shares the store serves the session; docs/sessions.md). `false` when the session is unknown here too (then 404).
 * A DELETE ends the session; the notification stream (GET) stays with the process that started it (405 here).
 */
export const roam = async (gateway: Gateway, id: string, { req, res }: Exchange, body: unknown): Promise<boolean> => {
  if (!(await gateway.knows(id))) return false
  if (req.method === "DELETE") {
    await gateway.endSession(id)
    res.writeHead(200).end()
    return true
  }
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "POST, DELETE" }).end()
    return true
  }
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  const server = gateway.createServer({ sessionId: id, roaming: true })
  await server.connect(transport)
  res.on("close", () => void server.close().catch(() => {}))
  await transport.handleRequest(req, res, body)
  return true
}
