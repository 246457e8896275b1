/** A real HTTP server on 127.0.0.1 that records what arrives on the wire and answers per path. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

export interface TestServer {
  readonly origin: string
  readonly received: Array<Received>
  /** Whether the last `/big` response was cut off by the client before the server finished writing it. */
  readonly bigAborted: () => boolean
  /** Resolves when a `/slow` request (never answered) has been dropped by the client. */
  readonly slowDropped: () => Promise<void>
  readonly close: () => Promise<void>
}

const MiB = 1024 * 1024

const json = (res: ServerResponse, status: number, value: unknown, type = "application/json") => {
  res.writeHead(status, { "content-type": type })
  res.end(JSON.stringify(value))
}

export const startServer = async (): Promise<TestServer> => {
  const received: Array<Received> = []
  let aborted = false
  let dropped: () => void = () => {}
  const droppedOnce = new Promise<void>((resolve) => (dropped = resolve))
  const server: Server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const r = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      }
      received.push(r)
      const path = new URL(req.url!, "http://x").pathname.replace(/^\/(doc|base|path-level|op-level)\//, "/")
      if (path === "/text") return res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("hello text")
      if (path === "/empty") return res.writeHead(204).end()
      if (path.startsWith("/missing")) return json(res, 404, { error: "no such thing", echo: r.headers, url: r.url })
      if (path === "/huge-error") return res.writeHead(500, { "content-type": "text/plain" }).end("x".repeat(200_000))
      if (path === "/badjson") return res.writeHead(200, { "content-type": "application/json" }).end("{oops")
      if (path === "/octets") return res.writeHead(200, { "content-type": "application/octet-stream" }).end("\x00\x01")
      if (path === "/auth/text-echo")
        return res.writeHead(200, { "content-type": "text/plain" }).end(`auth=${r.headers["authorization"]}`)
      if (path === "/declared-huge") {
        res.writeHead(200, { "content-type": "application/json", "content-length": String(60 * MiB) })
        res.write("[")
        return void setTimeout(() => res.destroy(), 200)
      }
      if (path === "/moved") return res.writeHead(302, { location: "/doc/text" }).end()
      if (path === "/slow") return void res.on("close", () => dropped())
      if (path === "/big") {
        aborted = false
        res.writeHead(200, { "content-type": "application/json" })
        const chunk = Buffer.alloc(MiB, 0x20)
        let sent = 0
        const pump = () => {
          while (sent < 60) {
            sent++
            if (!res.write(chunk)) return void res.once("drain", pump)
          }
          res.end()
        }
        res.on("close", () => (aborted = !res.writableFinished))
        return pump()
      }
      // Everything else echoes the request, including credentials, so redaction is exercised on every call.
      return json(res, 200, r, path.endsWith("/vnd") ? "application/vnd.test+json" : "application/json")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    bigAborted: () => aborted,
    slowDropped: () => droppedOnce,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
