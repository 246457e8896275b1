/**
 * Call-time credential resolution through the host's `auth.resolve` (@opencode-ai/codemode 1.18 "OpenAPI tools": auth is never
 * model-visible). The credentials live only in the request being built and in the `secrets` list used to redact
 * anything the server echoes back.
 */
import * as Effect from "effect/Effect"
import { toolError, type ToolError } from "../tool/ToolError.js"
import { slot, type SchemePlan, type SecurityPlan } from "./security.js"
import type { Auth, AuthRequest, Credential, OperationRef } from "./types.js"

export interface Applied {
  readonly headers: Record<string, string>
  readonly query: Array<string>
  /** Credential strings (and their encodings) to redact from anything returned to the program. */
  readonly secrets: Array<string>
}

const empty = (): Applied => ({ headers: {}, query: [], secrets: [] })

const wellFormed = (c: unknown): c is Credential => {
  if (typeof c !== "object" || c === null) return false
  const v = c as Record<string, unknown>
  if (v["type"] === "bearer") return typeof v["token"] === "string"
  if (v["type"] === "basic") return typeof v["username"] === "string" && typeof v["password"] === "string"
  if (v["type"] === "apiKey") return typeof v["value"] === "string"
  return false
}

/**
 * Puts one credential into its slot: "mismatch" when its type does not fit the scheme; "taken" when another scheme of
 * the same requirement already wrote that header or query parameter (several bearer schemes given one token share the
 * Authorization header). Either fails the call closed.
 */
const apply = (out: Applied, scheme: SchemePlan, c: Credential): "ok" | "mismatch" | "taken" => {
  if (scheme.kind === "bearer" && c.type === "bearer") {
    const previous = out.headers["authorization"]
    if (previous !== undefined && previous !== `Bearer ${c.token}`) return "taken"
    out.headers["authorization"] = `Bearer ${c.token}`
    out.secrets.push(c.token)
    return "ok"
  }
  if (scheme.kind === "basic" && c.type === "basic") {
    if (out.headers["authorization"] !== undefined) return "taken"
    const encoded = Buffer.from(`${c.username}:${c.password}`, "utf8").toString("base64")
    out.headers["authorization"] = `Basic ${encoded}`
    out.secrets.push(c.password, encoded)
    return "ok"
  }
  if (scheme.kind === "apiKey" && c.type === "apiKey") {
    if (scheme.in === "header") {
      const header = scheme.param.toLowerCase()
      if (out.headers[header] !== undefined) return "taken"
      out.headers[header] = c.value
    } else {
      const key = `${encodeURIComponent(scheme.param)}=`
      if (out.query.some((q) => q.startsWith(key))) return "taken"
      out.query.push(`${key}${encodeURIComponent(c.value)}`)
    }
    out.secrets.push(c.value, encodeURIComponent(c.value))
    return "ok"
  }
  return "mismatch"
}

const where = (scheme: SchemePlan): string => {
  const [carrier, name] = slot(scheme).split(/:(.*)/s)
  return `${carrier} '${name}'`
}

/** Calls the host's resolver; a synchronous throw or a non-Effect answer is a failure too (fails closed). */
const ask = <R>(auth: Auth<R>, request: AuthRequest): Effect.Effect<unknown, unknown, R> =>
  Effect.suspend(() => {
    try {
      const answer: unknown = auth.resolve(request)
      return Effect.isEffect(answer)
        ? (answer as Effect.Effect<unknown, unknown, R>)
        : Effect.fail(new TypeError("auth.resolve must return an Effect"))
    } catch (cause) {
      return Effect.fail(cause)
    }
  })

export const authorize = <R>(
  plan: SecurityPlan,
  auth: Auth<R> | undefined,
  operation: OperationRef,
): Effect.Effect<Applied, ToolError, R> =>
  Effect.gen(function* () {
    if (auth === undefined) return empty()
    for (const alternative of plan.alternatives) {
      const out = empty()
      let satisfied = true
      for (const scheme of alternative) {
        const credential = yield* ask(auth, { name: scheme.name, scopes: scheme.scopes, operation }).pipe(
          Effect.mapError((cause) => toolError("authentication failed for this operation", cause)),
        )
        if (credential === undefined) {
          satisfied = false
          break
        }
        const applied = wellFormed(credential) ? apply(out, scheme, credential) : "mismatch"
        if (applied === "mismatch")
          return yield* Effect.fail(
            toolError("the host's credentials for this operation do not fit its security schemes"),
          )
        if (applied === "taken") {
          const others = alternative.filter((s) => s !== scheme && slot(s) === slot(scheme)).map((s) => `'${s.name}'`)
          return yield* Effect.fail(
            toolError(
              `authentication resolves multiple credentials for ${where(scheme)} (schemes ${[...others, `'${scheme.name}'`].join(" and ")} of one security requirement); nothing was sent`,
            ),
          )
        }
      }
      if (satisfied) return out
    }
    return yield* Effect.fail(toolError("no credentials are available for this operation"))
  })
