import { randomUUID } from "node:crypto"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { diagnostic, type Diagnostic } from "../../diagnostic.js"
import { make } from "../../compose.js"
import type { Runtime, Session } from "../../runtime/types.js"
import { DEFAULT_IDLE_TIMEOUT_MS } from "../../runtime/session.js"
import { registerSession, sessionKey } from "../../runtime/session-sync.js"
import { memory, type Store } from "../../store/store.js"
import { newServer, registerExecute } from "../server.js"
import { treeOf } from "../tools.js"
import type { GatewayOptions, ServerBinding } from "./options.js"
import { Caller, deferredApproval, elicitApproval } from "./approval.js"
import { registerCloudflareShape, SearchOnly, searchOnly, shapeDocumentOf } from "./cloudflare-shape.js"
import { resumeHandler } from "./resume.js"
import { INVOKE, passthroughCatalog, passthroughTools, type PassthroughCatalog } from "./passthrough.js"
import { Upstream } from "./upstream.js"

export type { GatewayOptions, ServerBinding } from "./options.js"

const VERSION = "0.1.0"

/** The server's instructions in the MCP handshake, per `--mode`. */
const INSTRUCTIONS = {
  code: "Code mode: call the execute tool with a program that calls tools.* (its description lists them).",
  passthrough: "Find a tool with search ({ query }), then call it with invoke ({ tool, input }), one call at a time.",
  both:
    "Call execute with a program that calls tools.* to combine calls in one step; or find a tool with search " +
    "({ query }) and call it with invoke ({ tool, input }), one call at a time.",
} as const
/** How long `tools/list` waits for upstreams still starting; they are announced with list_changed when they join. */
const LIST_WAIT_MS = 20_000
/**
 * How long `execute` waits for upstreams still starting, before its own deadline starts: short, so the two together
 * stay under the client's request timeout; a call into one still down then says so (`downUpstream`).
 */
export const EXECUTE_WAIT_MS = 5_000

/**
 * The code-mode gateway: upstream MCP servers (each under `tools.NAME`) plus local tools behind one runtime, served
 * as `execute` on any number of SDK servers (one per stdio connection or HTTP session). When an upstream's tools
 * change (it started, restarted with other tools, or sent `notifications/tools/list_changed`) the runtime is rebuilt
 * and every connected client is sent `notifications/tools/list_changed` for `execute`'s new description.
 */
export class Gateway {
  readonly upstreams: ReadonlyArray<Upstream>
  private current: Runtime<any>
  /** The tool tree each runtime was built from, and the current one's passthrough catalog, made on first use. */
  private readonly trees = new WeakMap<Runtime<any>, Record<string, unknown>>()
  private catalog: { readonly runtime: Runtime<any>; readonly catalog: PassthroughCatalog } | undefined
  private readonly servers = new Set<Server>()
  private pending: ReturnType<typeof setTimeout> | undefined
  private readonly log: (line: string) => void
  /** The store sessions keep their state in; every runtime the gateway builds uses it, so a rebuild keeps them. */
  readonly store: Store
  /** Whether `store` is shared with other processes (`--store`), so an unknown session may live there. */
  readonly sharedStore: boolean
  /** Each MCP session's runtime session, on the runtime it was opened on. */
  private readonly sessions = new Map<string, { readonly runtime: Runtime<any>; readonly session: Session<any> }>()
  private shuttingDown = false

  constructor(private readonly options: GatewayOptions) {
    this.log = options.log ?? (() => {})
    this.store = options.store ?? memory()
    this.sharedStore = options.store !== undefined
    for (const spec of options.upstreams)
      if (options.local !== undefined && Object.hasOwn(options.local, spec.name))
        throw new Error(`the server name "${spec.name}" is already a namespace of the local tools`)
    this.upstreams = options.upstreams.map(
      (spec) => new Upstream(spec, { log: this.log, changed: () => this.changed() }),
    )
    this.current = this.build()
  }

  /**
   * Connects every upstream (concurrently); one that cannot start is logged and retried, never fatal. Serving can
   * begin before this settles: `tools/list` and `execute` wait for it (a client's handshake does not).
   */
  start(): Promise<void> {
    this.started ??= Promise.all(this.upstreams.map((u) => u.start())).then(() => this.rebuild())
    return this.started
  }
  private started: Promise<void> | undefined

  /** `start()`, or `ms` milliseconds, whichever comes first (an upstream still starting then joins later). */
  private ready(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
    return Promise.race([this.start(), waited]).finally(() => clearTimeout(timer))
  }

  get runtime(): Runtime<any> {
    return this.current
  }

  private build(): Runtime<any> {
    const tools: Record<string, unknown> = { ...this.options.local }
    for (const upstream of this.upstreams)
      if (upstream.listed.length > 0)
        tools[upstream.name] = treeOf(upstream.listed, (n, a, s, t) => upstream.call(n, a, s, t), upstream.name)
    const patterns = this.options.approve ?? []
    const gate =
      patterns.length === 0 ? undefined : this.options.defer ? deferredApproval(patterns) : elicitApproval(patterns)
    // The Cloudflare shape's `search` programs may call no tool (cloudflare-shape.ts).
    const approve = this.options.shape === "cloudflare" ? { approve: searchOnly(gate) } : gate ? { approve: gate } : {}
    const isolation = this.options.isolation ?? "process"
    const typecheck = this.options.typecheck !== undefined ? { typecheck: this.options.typecheck } : {}
    const options = {
      tools,
      isolation,
      store: this.store,
      ...(this.options.resumeKey === undefined ? {} : { resumeKey: this.options.resumeKey }),
      ...(this.options.limits ? { limits: this.options.limits } : {}),
      ...approve,
      ...typecheck,
    }
    const built = (runtime: Runtime<any>) => (this.trees.set(runtime, tools), runtime)
    if (this.options.validateInputs === false) return built(make(options))
    try {
      return built(make({ ...options, validateInputs: true }))
    } catch (e) {
      // A schema ajv cannot compile must not take the catalog down: serve it unvalidated, and say so.
      if (!(e instanceof TypeError)) throw e
      this.log(`input validation is off for this catalog: ${e.message}`)
      return built(make(options))
    }
  }

  private rebuild() {
    if (this.pending !== undefined) clearTimeout(this.pending)
    this.pending = undefined
    try {
      this.current = this.build()
    } catch (e) {
      this.log(`catalog not updated: ${(e as Error).message}`)
    }
  }

  /** Coalesces bursts of changes (several upstreams starting) into one rebuild and one notification. */
  private changed() {
    if (this.pending !== undefined) return
    this.pending = setTimeout(() => {
      this.rebuild()
      for (const server of this.servers) void server.sendToolListChanged().catch(() => {})
    }, 20)
  }

  /** `execute`'s description: the instructions (and catalog) in the chosen dialect, and any upstream that is down. */
  async description(): Promise<string> {
    await this.ready(LIST_WAIT_MS)
    const dialect = this.options.dialect
    const text = this.current.instructions(dialect === undefined ? undefined : { dialect })
    return `${text}${this.downText()}`
  }

  /**
   * The upstreams with no tools because they are down, as a closing paragraph of a description ("" when none), each
   * named as its namespace is written (`tools.fs` in execute's, `fs` in search's and invoke's).
   */
  private downText(prefix = "tools."): string {
    const down = this.upstreams.filter((u) => !u.up && u.listed.length === 0)
    if (down.length === 0) return ""
    const why = (u: Upstream) => `${prefix}${u.name} (${u.lastError ?? "still starting"})`
    return `\n\nNot available yet (starting or being restarted): ${down.map(why).join(", ")}.`
  }

  /** The passthrough catalog of the current runtime (`search`, `invoke`). */
  private passthroughCatalog(): PassthroughCatalog {
    if (this.catalog?.runtime !== this.current)
      this.catalog = {
        runtime: this.current,
        catalog: passthroughCatalog((this.trees.get(this.current) ?? {}) as never),
      }
    return this.catalog.catalog
  }

  /** `--mode both`: a program that did not parse (empty, a shell line, prose) is also pointed to `invoke`. */
  private pointToInvoke(error: Diagnostic): Diagnostic {
    if (this.options.mode !== "both" || error.kind !== "ParseError") return error
    const invoke = `or, for one tool call, use ${INVOKE} with { "tool": "<name from search>", "input": { … } }`
    return { ...error, suggestions: [...(error.suggestions ?? []), invoke] }
  }

  /**
   * An `UnknownTool` under the namespace of an upstream that has no tools because it is down (never started, or
   * still starting) becomes a `ToolFailure` naming the upstream and its last error: the tool may well exist.
   */
  private downUpstream(error: Diagnostic): Diagnostic {
    if (error.kind !== "UnknownTool") return error
    const path = /^Unknown tool(?: namespace)? '([^']*)'/.exec(error.message)?.[1]
    const upstream = path && this.upstreams.find((u) => u.name === path.split(".")[0] && u.listed.length === 0)
    if (!upstream) return error
    const why = upstream.lastError ?? "still starting"
    return diagnostic(
      "ToolFailure",
      `tools.${path}: the upstream ${upstream.name} is not available (${why}); it is being restarted, try again later.`,
      error.location === undefined ? undefined : { location: error.location },
    )
  }

  /**
   * The runtime session of an MCP session, on the current runtime: after a rebuild (the catalog changed) or an idle
   * expiry a new one is opened under the same id, and its state continues through the store.
   */
  sessionFor(id: string): Session<any> {
    const known = this.sessions.get(id)
    if (known !== undefined && known.runtime === this.current && !known.session.closed) return known.session
    const idle = this.options.sessionIdleMs === undefined ? {} : { idleTimeoutMs: this.options.sessionIdleMs }
    const session = this.current.session({ id, ...idle })
    this.sessions.set(id, { runtime: this.current, session })
    return session
  }

  /** A new MCP session: with a shared store, it is recorded there at once, so every gateway process knows it. */
  async sessionStarted(id: string): Promise<void> {
    if (this.sharedStore) await registerSession(this.store, id, this.options.sessionIdleMs ?? DEFAULT_IDLE_TIMEOUT_MS)
  }

  /** Whether the store holds state of session `id` (a session another gateway process on the same store serves). */
  async knows(id: string): Promise<boolean> {
    return this.sharedStore && (await this.store.get(sessionKey(id))) !== undefined
  }

  /** Ends an MCP session: its state is dropped here and from the store (a DELETE, a closed stdio, an expiry). */
  async endSession(id: string): Promise<void> {
    const known = this.sessions.get(id)
    this.sessions.delete(id)
    if (known !== undefined) await known.session.close()
    else await this.store.delete(sessionKey(id))
  }

  /**
   * The gateway is stopping: connections that close from now on leave their sessions' state in a shared store, for
   * the other gateway processes to go on serving.
   */
  beginShutdown(): void {
    this.shuttingDown = true
  }

  /** A new SDK server for one client connection, serving `execute` over the current runtime in its session. */
  createServer(binding: ServerBinding = {}): Server {
    // Over HTTP the transport names the session on each request; stdio has one session per connection.
    const own = binding.sessionId ?? randomUUID()
    const used = new Set<string>()
    const mode = this.options.mode ?? "code"
    const server = newServer("codemode", VERSION, INSTRUCTIONS[mode])
    const dialect = this.options.dialect
    // One program (a run or a resume) in this connection's session, with its caller and an HTTP client.
    const inSession = (
      sessionId: string | undefined,
      program: (session: Session<any>) => Effect.Effect<any, never, any>,
    ) => {
      const id = sessionId ?? own
      used.add(id)
      return program(this.sessionFor(id)).pipe(
        Effect.provideService(Caller, { server }),
        Effect.provide(FetchHttpClient.layer),
      ) as Effect.Effect<any, never, never>
    }
    const wait = () => this.ready(Math.min(EXECUTE_WAIT_MS, (this.options.limits?.timeoutMs ?? LIST_WAIT_MS) / 4))
    const key = this.options.defer ? this.options.resumeKey : undefined
    if (this.options.shape === "cloudflare")
      registerCloudflareShape(server, {
        document: async () => (await wait(), shapeDocumentOf(this.options.local ?? {})),
        run: async (code, search, call) => {
          await wait()
          const run = inSession(call.sessionId, (s) =>
            s.run({ code }, { ...call.observe, hint: "cloudflare" }).pipe(Effect.provideService(SearchOnly, search)),
          )
          return Effect.runPromise(run, { signal: call.signal })
        },
      })
    else
      registerExecute(server, {
        description: () => this.description(),
        run: async (args, call) => {
          await wait()
          const run = inSession(call.sessionId, (s) =>
            s.run(args, { ...call.observe, ...(dialect && { hint: dialect }) }),
          )
          const result = await Effect.runPromise(run, { signal: call.signal })
          return result.ok ? result : { ...result, error: this.pointToInvoke(this.downUpstream(result.error)) }
        },
        execute: mode !== "passthrough",
        tools:
          mode === "code"
            ? []
            : passthroughTools({
                beside: mode === "both",
                down: () => this.downText(""),
                catalog: async (purpose) => {
                  await (purpose === "list" ? this.ready(LIST_WAIT_MS) : wait())
                  return this.passthroughCatalog()
                },
                run: async (program, call) => {
                  await wait()
                  const run = inSession(call.sessionId, (s) => s.run(program, call.observe))
                  const result = await Effect.runPromise(run, { signal: call.signal })
                  return result.ok ? result : { ...result, error: this.downUpstream(result.error) }
                },
              }),
        ...(key === undefined
          ? {}
          : {
              resume: resumeHandler(this.store, key, (token, decision, call) =>
                Effect.andThen(
                  Effect.promise(wait),
                  inSession(call.sessionId, (s) => s.resume(token, decision)),
                ),
              ),
            }),
      })
    this.servers.add(server)
    server.onclose = () => {
      this.servers.delete(server)
      if (binding.roaming) return
      for (const id of used)
        if (this.shuttingDown && this.sharedStore) this.sessions.delete(id)
        else
          void this.endSession(id).catch((e) => this.log(`session ${id}: state not removed: ${(e as Error).message}`))
    }
    return server
  }

  async close(): Promise<void> {
    this.shuttingDown = true
    if (this.pending !== undefined) clearTimeout(this.pending)
    await Promise.all([...this.servers].map((s) => s.close().catch(() => {})))
    await Promise.all(this.upstreams.map((u) => u.close()))
    if (this.options.store !== undefined) await this.store.close()
  }
}
