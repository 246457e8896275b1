import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { toolError } from "../../tool/ToolError.js"
import type { CallResult } from "../content.js"
import { callParams, listAll, type ListedTool } from "../tools.js"
import type { TraceContext } from "../../runtime/tracing.js"
import type { UpstreamSpec } from "./config.js"

export interface UpstreamEvents {
  /** One line for the operator (stderr): starts, exits, restarts. */
  readonly log: (line: string) => void
  /** The upstream's tool list changed (first connect, a restart with other tools, `list_changed`). */
  readonly changed: () => void
}

/** Generous: `npx -y some-server` downloads the package on its first start. */
const CONNECT_TIMEOUT_MS = 120_000
const PING_TIMEOUT_MS = 3_000
const MAX_BACKOFF_MS = 30_000

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!

const sameTools = (a: ReadonlyArray<ListedTool>, b: ReadonlyArray<ListedTool>): boolean =>
  JSON.stringify(a) === JSON.stringify(b)

/**
 * One upstream MCP server with a supervised connection. A crash, an exit or a lost HTTP session is noticed through
 * the client's `onclose`; the upstream is then restarted with exponential backoff (250 ms … 30 s) while the gateway
 * keeps serving. A call in flight when it goes away fails with a `ToolError` naming the upstream; a call made while
 * it is down waits for the restart, bounded by the run's deadline (the call's abort signal). A call abandoned by its
 * run (deadline, cancellation) is followed by a ping: an upstream that does not answer is restarted.
 */
export class Upstream {
  /** The tools of the last successful listing (kept across restarts so programs keep resolving names). */
  listed: ReadonlyArray<ListedTool> = []
  /** Why the last connection attempt failed, while the upstream is down. */
  lastError: string | undefined
  private client: Client | undefined
  private connecting: Promise<Client> | undefined
  private retry: ReturnType<typeof setTimeout> | undefined
  private failures = 0
  private closed = false
  private restarts = 0
  private everConnected = false

  constructor(
    readonly spec: UpstreamSpec,
    private readonly events: UpstreamEvents,
  ) {}

  get name(): string {
    return this.spec.name
  }

  /** Whether a connection is open now. */
  get up(): boolean {
    return this.client !== undefined
  }

  /** How many times the connection was re-established after the first one. */
  get restartCount(): number {
    return this.restarts
  }

  /** The process id of a stdio upstream that is running. */
  pid: number | undefined

  /** The first connection attempt; resolves either way (a failure schedules a retry and is logged). */
  start(): Promise<void> {
    return this.connect().then(
      () => undefined,
      () => undefined,
    )
  }

  /** Connects now, or joins the connection attempt in progress. */
  connect(): Promise<Client> {
    if (this.client !== undefined) return Promise.resolve(this.client)
    if (this.closed) return Promise.reject(new Error(`upstream ${this.name} is shut down`))
    if (this.retry !== undefined) {
      clearTimeout(this.retry)
      this.retry = undefined
    }
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined
    })
    return this.connecting
  }

  private transport() {
    const spec = this.spec
    if (spec.kind === "http")
      return new StreamableHTTPClientTransport(
        new URL(spec.url),
        spec.headers ? { requestInit: { headers: { ...spec.headers } } } : undefined,
      )
    const transport = new StdioClientTransport({
      command: spec.command,
      args: [...spec.args],
      ...(spec.env ? { env: { ...spec.env } } : {}),
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      stderr: "pipe",
    })
    return transport
  }

  private async open(): Promise<Client> {
    const client = new Client({ name: "codemode-gateway", version: "0.1.0" })
    const transport = this.transport()
    let opened = false
    client.onclose = () => {
      if (!opened) return
      if (this.client === client) this.lost(`exited or disconnected`)
    }
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (this.client !== client) return
      try {
        this.update(await listAll(client, { timeout: CONNECT_TIMEOUT_MS }))
      } catch (e) {
        this.events.log(`upstream ${this.name}: refreshing its tool list failed: ${message(e)}`)
      }
    })
    if (transport instanceof StdioClientTransport)
      transport.stderr?.on("data", (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n"))
          if (line.trim() !== "") this.events.log(`[${this.name}] ${line}`)
      })
    try {
      await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS })
      if (transport instanceof StdioClientTransport) this.pid = transport.pid ?? undefined
      const listed = await listAll(client, { timeout: CONNECT_TIMEOUT_MS })
      if (this.closed) {
        await client.close().catch(() => {})
        throw new Error(`upstream ${this.name} is shut down`)
      }
      opened = true
      if (this.everConnected) this.restarts++
      this.everConnected = true
      this.client = client
      this.failures = 0
      this.lastError = undefined
      this.events.log(`upstream ${this.name}: connected, ${listed.length} tools`)
      this.update(listed)
      return client
    } catch (e) {
      await client.close().catch(() => {})
      if (this.closed) throw e
      this.lastError = message(e)
      this.failures++
      this.schedule()
      // Logged on the 1st, 2nd, 4th, 8th… failure in a row, so a server that stays down does not flood the log.
      if ((this.failures & (this.failures - 1)) === 0)
        this.events.log(`upstream ${this.name}: cannot start (attempt ${this.failures}): ${this.lastError}`)
      throw e
    }
  }

  private update(listed: ReadonlyArray<ListedTool>) {
    if (sameTools(listed, this.listed)) return
    this.listed = listed
    this.events.changed()
  }

  /** The connection is gone: forget it and restart. */
  private lost(why: string) {
    const client = this.client
    this.client = undefined
    this.pid = undefined
    this.lastError = why
    if (this.closed) return
    this.events.log(`upstream ${this.name}: ${why}; restarting`)
    void client?.close().catch(() => {})
    this.schedule(true)
  }

  private schedule(now = false) {
    if (this.closed || this.retry !== undefined) return
    const delay = now ? 0 : Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(this.failures - 1, 7))
    this.retry = setTimeout(() => {
      this.retry = undefined
      this.connect().catch(() => {})
    }, delay)
    this.retry.unref?.()
  }

  /** After an abandoned call: an upstream that does not answer a ping in time is restarted. */
  private check(client: Client) {
    client.ping({ timeout: PING_TIMEOUT_MS }).catch(() => {
      if (this.client === client) this.lost(`did not answer a ping after an abandoned call`)
    })
  }

  /** Calls one tool; the signal is the run's (deadline or cancellation). */
  async call(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    trace?: TraceContext | undefined,
  ): Promise<CallResult> {
    let client: Client
    try {
      client = this.client ?? (await abortable(this.connect(), signal))
    } catch (e) {
      if (signal.aborted) throw e
      throw toolError(`upstream ${this.name} is not available (${this.lastError ?? message(e)}); it is being restarted`)
    }
    try {
      return (await client.callTool(callParams(tool, args, trace), undefined, {
        signal,
        timeout: 2_147_483_647,
      })) as CallResult
    } catch (e) {
      if (signal.aborted) {
        this.check(client)
        throw e
      }
      if (this.client !== client || (e instanceof McpError && e.code === ErrorCode.ConnectionClosed))
        throw toolError(
          `upstream ${this.name} went away during the call to ${tool} (${message(e)}); it is being restarted`,
        )
      throw e
    }
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry !== undefined) clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    await client?.close().catch(() => {})
  }
}

/** Races a promise against an abort signal. */
const abortable = <A>(promise: Promise<A>, signal: AbortSignal): Promise<A> =>
  new Promise<A>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => reject(signal.reason)
    signal.addEventListener("abort", onAbort, { once: true })
    promise.then(
      (a) => (signal.removeEventListener("abort", onAbort), resolve(a)),
      (e) => (signal.removeEventListener("abort", onAbort), reject(e)),
    )
  })
