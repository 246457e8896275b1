import { allowedHosts, allowedOrigins, exposureError } from "../../mcp/gateway/access.js"
import type { HttpOptions } from "../../mcp/gateway/http.js"
import { UsageError } from "../io.js"

/** The flags of `codemode mcp --http` (docs/mcp.md "Serving over HTTP"). */
export const HTTP_OPTIONS = {
  http: { type: "string" },
  host: { type: "string" },
  "allow-origin": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
  "auth-token": { type: "string" },
  "insecure-no-auth": { type: "boolean" },
  "max-body": { type: "string" },
  "max-sessions": { type: "string" },
  "max-in-flight": { type: "string" },
  "session-idle": { type: "string" },
} as const

/** The environment variable read for the token when `--auth-token` is not given (a flag shows in `ps`). */
export const TOKEN_VARIABLE = "CODEMODE_AUTH_TOKEN"

interface HttpValues {
  readonly http?: string | undefined
  readonly host?: string | undefined
  readonly "allow-origin"?: ReadonlyArray<string> | undefined
  readonly "allow-host"?: ReadonlyArray<string> | undefined
  readonly "auth-token"?: string | undefined
  readonly "insecure-no-auth"?: boolean | undefined
  readonly "max-body"?: string | undefined
  readonly "max-sessions"?: string | undefined
  readonly "max-in-flight"?: string | undefined
  readonly "session-idle"?: string | undefined
}

const count = (flag: string, text: string | undefined, min: number): number | undefined => {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${flag} must be an integer ≥ ${min}, got "${text}"`)
  return n
}

const ONLY_WITH_HTTP = Object.keys(HTTP_OPTIONS).filter((k) => k !== "http")

/** `--http` and the flags that shape it, checked; undefined when serving over stdio. */
export const httpFlags = (
  values: HttpValues,
  env: { readonly [name: string]: string | undefined },
): Omit<HttpOptions, "log"> | undefined => {
  if (values.http === undefined) {
    const stray = ONLY_WITH_HTTP.find((k) => values[k as keyof HttpValues] !== undefined)
    if (stray !== undefined) throw new UsageError(`--${stray} needs --http`)
    return undefined
  }
  const port = Number(values.http)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--http must be a port number (0-65535), got "${values.http}"`)
  const host = values.host ?? "127.0.0.1"
  const given = values["auth-token"] ?? env[TOKEN_VARIABLE]
  if (given !== undefined && given.trim() === "")
    throw new UsageError(`the token (--auth-token or ${TOKEN_VARIABLE}) is empty`)
  const token = given?.trim()
  const exposed = exposureError(host, token, values["insecure-no-auth"] === true)
  if (exposed !== undefined) throw new UsageError(exposed)
  let origins: Array<string>
  try {
    origins = allowedOrigins(values["allow-origin"] ?? [])
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const idleMs = count("session-idle", values["session-idle"], 1)
  const maxSessions = count("max-sessions", values["max-sessions"], 1)
  const maxInFlight = count("max-in-flight", values["max-in-flight"], 1)
  return {
    port,
    host,
    access: { hosts: allowedHosts(host, values["allow-host"] ?? []), origins, token },
    maxBodyBytes: count("max-body", values["max-body"], 1024),
    caps: {
      ...(idleMs === undefined ? {} : { idleMs }),
      ...(maxSessions === undefined ? {} : { maxSessions }),
      ...(maxInFlight === undefined ? {} : { maxInFlight }),
    },
  }
}
