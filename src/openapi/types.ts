import type * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import type * as Tool from "../Tool.js"

/** The operation a credential is requested for; never contains credential material. */
export interface OperationRef {
  readonly method: string
  readonly path: string
  readonly operationId?: string | undefined
}

/**
 * One security scheme of one requirement, as the host is asked to satisfy it (@opencode-ai/codemode 1.18, "OpenAPI tools").
 * `name` is the key under `components.securitySchemes`; `scopes` are the requirement's scopes (OAuth2/OIDC) or
 * roles (other schemes) exactly as the document lists them.
 */
export interface AuthRequest {
  readonly name: string
  readonly scopes: ReadonlyArray<string>
  readonly operation: OperationRef
}

/**
 * A credential for one scheme. `bearer` satisfies `http`/`bearer`, `oauth2` and `openIdConnect` schemes (sent as
 * `Authorization: Bearer`); `basic` satisfies `http`/`basic`; `apiKey` satisfies header and query `apiKey` schemes.
 * A credential of the wrong type for its scheme fails the call closed (nothing is sent).
 */
export type Credential =
  | { readonly type: "bearer"; readonly token: string }
  | { readonly type: "basic"; readonly username: string; readonly password: string }
  | { readonly type: "apiKey"; readonly value: string }

/**
 * Host-side authentication. Called at tool-call time, once per scheme of the alternative being tried; the model never
 * sees the request or the answer. Return `undefined` when the host has no credential for that scheme.
 *
 * Semantics (OpenAPI 3 "Security Requirement Object"): the operation's `security` (or the document's) is a list of
 * alternatives (OR); each alternative is a map of schemes that must all be satisfied (AND). Alternatives are tried in
 * document order, credentialed ones before the empty (anonymous) one; the first fully satisfied alternative is used.
 * If none is satisfied the call fails with a ToolError and no request is sent. Alternatives that need a cookie
 * `apiKey`, `mutualTLS` or an unsupported `http` scheme are discarded when the tools are built; an operation left with
 * no alternative is skipped. Malformed security (unknown scheme names, bad shapes) skips the operation (fails closed).
 * A failure of `resolve` becomes a ToolError whose message does not include the failure; the failure stays the
 * private `cause`.
 *
 * Without `auth`, no credential is ever attached: requests are sent as they are (the host's HttpClient may add its own
 * authentication).
 */
export interface Auth<R = never> {
  readonly resolve: (request: AuthRequest) => Effect.Effect<Credential | undefined, unknown, R>
}

export interface Options<R = never> {
  /** A parsed OpenAPI 3.0 or 3.1 document (JSON value; no YAML). */
  readonly spec: unknown
  readonly auth?: Auth<R> | undefined
  /** Absolute http(s) URL that replaces every `servers` entry (operation, path and document level). */
  readonly baseUrl?: string | undefined
}

/** An operation that produced no tool, with the precise reason (the 1.18 contract's shape). */
export interface Skipped {
  /** Upper-case HTTP method, or `*` when the whole path item was unusable. */
  readonly method: string
  /** The path template as the document spells it. */
  readonly path: string
  readonly reason: string
}

export interface Result<R = never> {
  readonly tools: Tool.Tree<HttpClient.HttpClient | R>
  readonly skipped: ReadonlyArray<Skipped>
}
