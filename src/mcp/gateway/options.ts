import type { DialectId } from "../../frontend/dialect.js"
import type { ExecutionLimits } from "../../runtime/limits.js"
import type { Store } from "../../store/store.js"
import type { UpstreamSpec } from "./config.js"
import type { GatewayMode } from "./passthrough.js"

export interface GatewayOptions {
  readonly upstreams: ReadonlyArray<UpstreamSpec>
  /** Local tools (`--tools`, `--openapi`), by namespace. */
  readonly local?: { readonly [namespace: string]: unknown } | undefined
  readonly dialect?: DialectId | undefined
  /**
   * `"cloudflare"` (`--shape cloudflare`): serve Cloudflare's two OpenAPI tools, `search` and `execute`, over the
   * local OpenAPI tools instead of the one `execute` (cloudflare-shape.ts, docs/openapi.md#cloudflare-shape).
   */
  readonly shape?: "cloudflare" | undefined
  /**
   * What is served (`--mode`, docs/mcp.md "Passthrough"): `execute` (`"code"`, the default), `search` and `invoke`
   * (`"passthrough"`), or all three (`"both"`).
   */
  readonly mode?: GatewayMode | undefined
  readonly limits?: ExecutionLimits | undefined
  /**
   * Where programs run (`CodeMode.make`'s `isolation`). Default `"process"`: a gateway runs model output, so a
   * runaway or memory-hungry program is killed in its own process, never the gateway's (SECURITY.md "Isolation").
   */
  readonly isolation?: "none" | "worker" | "process" | undefined
  /** Tools whose calls need the client's approval (`--approve`): dotted paths, namespaces or `*`. */
  readonly approve?: ReadonlyArray<string> | undefined
  /**
   * With `approve`: hold covered calls for a decision made out of band (`--defer`, docs/resume.md "MCP gateway")
   * instead of asking by elicitation, and serve the `resume` tool.
   */
  readonly defer?: boolean | undefined
  /** The key resume tokens are signed with; `codemode approvals` needs the same one. */
  readonly resumeKey?: Uint8Array | undefined
  /** Validate JSON-Schema inputs (MCP and OpenAPI tools) before calling; default true. */
  readonly validateInputs?: boolean | undefined
  /** Type-check each program against the tools' types before it runs (`CodeMode.make`'s `typecheck`). */
  readonly typecheck?: "off" | "warn" | "refuse" | undefined
  /** Operator log lines (stderr in the CLI). */
  readonly log?: ((line: string) => void) | undefined
  /**
   * Where MCP sessions keep their state (`--store`): shared by gateway processes behind one proxy, so any of them
   * serves a session (docs/sessions.md). Absent: an in-process memory store.
   */
  readonly store?: Store | undefined
  /** A session idle this long has its state dropped (default: the runtime's, 30 minutes). */
  readonly sessionIdleMs?: number | undefined
}

/** How `createServer` binds a connection to its session. */
export interface ServerBinding {
  /** The MCP session the connection serves (stdio: a fresh id per connection; HTTP: its `mcp-session-id`). */
  readonly sessionId?: string | undefined
  /**
   * A connection that serves one request of a session another gateway process started (roaming.ts): closing it
   * does not end the session.
   */
  readonly roaming?: boolean | undefined
}
