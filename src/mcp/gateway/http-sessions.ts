import type { ServerResponse } from "node:http"
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"

/** The caps of the HTTP gateway's session table (`--max-sessions`, `--max-in-flight`, `--session-idle`). */
export interface SessionCaps {
  /** Sessions open at once, those being initialized included. */
  readonly maxSessions: number
  /** POST requests of one session being answered at once. */
  readonly maxInFlight: number
  /** A session with nothing in flight for this long is closed. */
  readonly idleMs: number
}

export const DEFAULT_CAPS: SessionCaps = { maxSessions: 64, maxInFlight: 16, idleMs: 15 * 60_000 }

interface Entry {
  readonly transport: StreamableHTTPServerTransport
  inFlight: number
  lastSeen: number
}

/**
 * The open MCP sessions of one HTTP gateway, by `mcp-session-id`, with their caps: a session is admitted while fewer
 * than `maxSessions` are open or opening, a request while its session has fewer than `maxInFlight` in flight, and a
 * session idle for `idleMs` is closed (its transport and SDK server, so its state goes with it).
 */
export class SessionTable {
  private readonly entries = new Map<string, Entry>()
  private opening = 0
  private readonly sweeper: ReturnType<typeof setInterval>

  constructor(
    readonly caps: SessionCaps,
    private readonly log: (line: string) => void,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(30_000, caps.idleMs / 4)))
    this.sweeper.unref()
  }

  get size(): number {
    return this.entries.size
  }

  has(id: string): boolean {
    return this.entries.has(id)
  }

  transport(id: string): StreamableHTTPServerTransport | undefined {
    return this.entries.get(id)?.transport
  }

  /** Holds a place for a session being initialized; false when the table is full. `done()` releases it. */
  reserve(): { readonly done: () => void } | undefined {
    if (this.entries.size + this.opening >= this.caps.maxSessions) return undefined
    this.opening++
    let released = false
    return { done: () => void (released || ((released = true), this.opening--)) }
  }

  add(id: string, transport: StreamableHTTPServerTransport): void {
    this.entries.set(id, { transport, inFlight: 0, lastSeen: Date.now() })
  }

  remove(id: string): void {
    this.entries.delete(id)
  }

  /** Counts a request against its session until its response ends; false (not counted) when the session is at its cap. */
  admit(id: string, res: ServerResponse): boolean {
    const entry = this.entries.get(id)
    if (entry === undefined) return true
    entry.lastSeen = Date.now()
    if (entry.inFlight >= this.caps.maxInFlight) return false
    entry.inFlight++
    res.once("close", () => {
      entry.inFlight--
      entry.lastSeen = Date.now()
    })
    return true
  }

  /** Marks a session used (a GET or DELETE, which are not counted in flight). */
  touch(id: string): void {
    const entry = this.entries.get(id)
    if (entry !== undefined) entry.lastSeen = Date.now()
  }

  private sweep(): void {
    const now = Date.now()
    for (const [id, entry] of this.entries)
      if (entry.inFlight === 0 && now - entry.lastSeen >= this.caps.idleMs) {
        this.entries.delete(id)
        this.log(`session ${id} expired after ${this.caps.idleMs} ms without a request`)
        void entry.transport.close().catch(() => {})
      }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper)
    const all = [...this.entries.values()]
    this.entries.clear()
    await Promise.all(all.map((e) => e.transport.close().catch(() => {})))
  }
}
