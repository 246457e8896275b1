import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import type { DialectId } from "../../frontend/dialect.js"
import type { ExecutionLimits } from "../../runtime/limits.js"
import type { UpstreamSpec } from "./config.js"
import type { GatewayMode } from "./passthrough.js"
import { Gateway } from "./gateway.js"
import { serveHttp, type HttpOptions } from "./http.js"
import { storeFromFlag } from "./store-flag.js"
import type { Store } from "../../store/store.js"

/** Where the gateway writes its operator log (the CLI passes its stderr). */
export interface GatewayIo {
  readonly err: (text: string) => void
}

/** How long a stdio client's session state is kept between two programs. */
const STDIO_SESSION_IDLE_MS = 24 * 3_600_000

export interface GatewayRun {
  readonly upstreams: ReadonlyArray<UpstreamSpec>
  readonly local: { readonly [namespace: string]: unknown }
  readonly dialect?: DialectId | undefined
  /** `--shape cloudflare`: serve Cloudflare's `search` and `execute` over the OpenAPI tools. */
  readonly shape?: "cloudflare" | undefined
  /** `--mode`: execute, search and invoke, or all three (docs/mcp.md "Passthrough"). */
  readonly mode?: GatewayMode | undefined
  readonly timeoutMs: number
  readonly maxMemoryBytes?: number | undefined
  readonly isolation?: "none" | "worker" | "process" | undefined
  /** `--per-tool` and `--max-repeats`: `limits.perTool` and `limits.maxRepeats`. */
  readonly quotas?: Pick<ExecutionLimits, "perTool" | "maxRepeats"> | undefined
  readonly approve?: ReadonlyArray<string> | undefined
  readonly validateInputs: boolean
  /** `--typecheck`: `CodeMode.make`'s `typecheck` (docs/typecheck.md). */
  readonly typecheck?: "off" | "warn" | "refuse" | undefined
  readonly http?: Omit<HttpOptions, "log"> | undefined
  /** `--store`: where MCP sessions keep their state (store-flag.ts); absent, in this process's memory. */
  readonly store?: string | undefined
  /** A store object to use when `store` is absent (`--defer` without `--store`: the resume directory's journals). */
  readonly storeObject?: Store | undefined
  /** `--defer`: hold covered calls for `codemode approvals`, and serve the `resume` tool. */
  readonly defer?: boolean | undefined
  readonly resumeKey?: Uint8Array | undefined
}

/** Resolves when the process is told to stop (SIGINT/SIGTERM) or `also` resolves. */
const stopped = (also?: Promise<void>): Promise<string> =>
  new Promise((resolve) => {
    const on = (signal: string) => () => resolve(signal)
    process.once("SIGINT", on("SIGINT"))
    process.once("SIGTERM", on("SIGTERM"))
    also?.then(() => resolve("the client disconnected"))
  })

/** `codemode mcp`: starts the upstreams, serves until the client leaves (stdio) or a signal (HTTP), then stops them. */
export const runGateway = async (run: GatewayRun, io: GatewayIo): Promise<number> => {
  const log = (line: string) => io.err(`codemode mcp: ${line}\n`)
  const gateway = new Gateway({
    upstreams: run.upstreams,
    local: run.local,
    dialect: run.dialect,
    ...(run.shape === undefined ? {} : { shape: run.shape }),
    ...(run.mode === undefined ? {} : { mode: run.mode }),
    limits: {
      timeoutMs: run.timeoutMs,
      ...(run.maxMemoryBytes === undefined ? {} : { maxMemoryBytes: run.maxMemoryBytes }),
      ...run.quotas,
    },
    isolation: run.isolation,
    approve: run.approve,
    validateInputs: run.validateInputs,
    typecheck: run.typecheck,
    log,
    ...(run.store !== undefined
      ? { store: storeFromFlag(run.store) }
      : run.storeObject !== undefined
        ? { store: run.storeObject }
        : {}),
    ...(run.defer ? { defer: true } : {}),
    ...(run.resumeKey === undefined ? {} : { resumeKey: run.resumeKey }),
    // A stdio connection is one client for as long as it stays: its state is kept while it is idle.
    ...(run.http === undefined ? { sessionIdleMs: STDIO_SESSION_IDLE_MS } : {}),
  })
  const starting = gateway.start().then(() => {
    // A pattern can only be checked once the upstreams listed their tools: one that matches nothing is reported.
    const names = gateway.runtime.catalog().map((t) => t.path)
    for (const p of run.approve ?? [])
      if (p !== "*" && !names.some((n) => n === p || n.startsWith(`${p}.`)))
        log(`--approve ${p} matches no tool yet (tools are checked again on every call)`)
  })
  const served =
    run.shape === "cloudflare"
      ? "search and execute (Cloudflare's OpenAPI shape)"
      : { code: "execute", passthrough: "search and invoke", both: "execute, search and invoke" }[run.mode ?? "code"]
  let why: string
  const http = run.http
  if (http !== undefined) {
    const handle = await serveHttp(gateway, { ...http, log }).catch(async (e) => {
      await gateway.close()
      throw new Error(`cannot listen on ${http.host}:${http.port}: ${(e as Error).message}`)
    })
    log(`serving ${served} over Streamable HTTP at ${handle.url}`)
    await starting
    why = await stopped()
    gateway.beginShutdown()
    await handle.close()
  } else {
    const transport = new StdioServerTransport()
    const server = gateway.createServer()
    const closed = new Promise<void>((resolve) => {
      process.stdin.once("end", () => resolve())
      process.stdin.once("close", () => resolve())
      const forget = server.onclose
      server.onclose = () => (forget?.(), resolve())
    })
    await server.connect(transport)
    log(`serving ${served} over stdio`)
    why = await stopped(closed)
  }
  log(`stopping (${why})`)
  await gateway.close()
  return 0
}
