import { isIP } from "node:net"

/** Who may reach the HTTP gateway: the rules checked on every request before it touches a session. */
export interface AccessRules {
  /** Hostnames accepted in `Host` (no port; IPv6 in brackets), or `["*"]` for any. */
  readonly hosts: ReadonlyArray<string>
  /** Origins accepted in `Origin` (`scheme://host[:port]`), or `["*"]` for any; a request without `Origin` passes. */
  readonly origins: ReadonlyArray<string>
  /** The bearer token every request must carry, when set. */
  readonly token: string | undefined
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]

/** Whether a listen address only accepts connections from this machine. */
export const isLoopback = (host: string): boolean =>
  host === "localhost" || host === "::1" || host === "[::1]" || (isIP(host) === 4 && host.startsWith("127."))

/** `Host` as the SDK's middleware compares it: the URL hostname, IPv6 in brackets. */
const hostname = (host: string): string => (isIP(host) === 6 ? `[${host}]` : host.toLowerCase())

/**
 * The hostnames a request may name: the loopback names always (a local client), the address bound to when it is a
 * specific one, and `--allow-host` names. A wildcard bind (0.0.0.0, ::) has no name of its own: the operator says
 * which names clients use.
 */
export const allowedHosts = (bound: string, extra: ReadonlyArray<string>): Array<string> => {
  if (extra.includes("*")) return ["*"]
  const own = bound === "0.0.0.0" || bound === "::" || isLoopback(bound) ? [] : [hostname(bound)]
  return [...new Set([...LOOPBACK_NAMES, ...own, ...extra.map(hostname)])]
}

/**
 * The origins a browser page may call from: `--allow-origin` values, normalized as `URL.origin` writes them
 * (`http://localhost:3000`), or `*`. The gateway serves no page of its own, so no origin is allowed by default.
 */
export const allowedOrigins = (extra: ReadonlyArray<string>): Array<string> =>
  extra.map((o) => {
    if (o === "*") return o
    let origin: string
    try {
      origin = new URL(o).origin
    } catch {
      throw new Error(`--allow-origin ${o}: not an origin (expected scheme://host[:port])`)
    }
    if (origin === "null") throw new Error(`--allow-origin ${o}: not an origin (expected scheme://host[:port])`)
    return origin
  })

/** Whether an `Origin` header passes: absent (not a browser, or same-origin GET), or listed. */
export const originAllowed = (origin: string | undefined, rules: AccessRules): boolean =>
  origin === undefined || rules.origins.includes("*") || rules.origins.includes(origin)

/**
 * Refuses to listen beyond this machine without a token, unless the operator said so by name: anyone who reaches the
 * port could otherwise run programs against every upstream (SECURITY.md "The HTTP gateway").
 */
export const exposureError = (host: string, token: string | undefined, insecure: boolean): string | undefined => {
  if (isLoopback(host) || token !== undefined || insecure) return undefined
  return (
    `--host ${host} accepts connections from other machines: set a token (--auth-token, or the ` +
    `CODEMODE_AUTH_TOKEN environment variable), or pass --insecure-no-auth to serve without one`
  )
}
