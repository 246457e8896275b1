/**
 * Server selection (OAS 3 "Server Object"): operation servers, else path-item servers, else document servers; an
 * explicit `baseUrl` overrides all of them. The first server of the winning level is used with its variables'
 * defaults. A relative server URL would be resolved against the document's own URL, which fromSpec never sees.
 */
import { isObject, unsupported, type Json } from "./document.js"

const absolute = (url: string): boolean => /^https?:\/\//i.test(url)

/**
 * Checks a server URL: absolute http(s), and without a query string or fragment, which a request path appended to it
 * would land inside (`…/api?tenant=one/test`). Returns the URL without trailing slashes, or why it is refused.
 */
const checkServerUrl = (url: string): { ok: true; url: string } | { ok: false; reason: string } => {
  if (!absolute(url) || !URL.canParse(url))
    return { ok: false, reason: `server URL '${url}' is not an absolute HTTP(S) URL; pass baseUrl` }
  const parsed = new URL(url)
  if (parsed.search !== "" || parsed.hash !== "" || /[?#]/.test(url))
    return { ok: false, reason: `server URL '${url}' contains an unsupported query string or fragment` }
  return { ok: true, url: url.replace(/\/+$/, "") }
}

/**
 * Validates the host's `baseUrl`. A string that is no usable base URL skips every operation with the reason (the 1.18
 * contract's behaviour: the host sees it in `skipped`); anything but a string is a programming error and throws.
 */
export const checkBaseUrl = (baseUrl: unknown): { readonly url: string | undefined } | { readonly invalid: string } => {
  if (baseUrl === undefined) return { url: undefined }
  if (typeof baseUrl !== "string")
    throw new TypeError("OpenAPI.fromSpec: baseUrl must be a string (an absolute http(s) URL)")
  const checked = checkServerUrl(baseUrl)
  return checked.ok
    ? { url: checked.url }
    : { invalid: checked.reason.replace(/^server URL/, "baseUrl").replace(/; pass baseUrl$/, "") }
}

const expand = (server: Json): string => {
  const url = server["url"]
  if (typeof url !== "string") return unsupported("server has no url")
  const variables = isObject(server["variables"]) ? server["variables"] : {}
  return url.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const variable = variables[name]
    if (!isObject(variable)) return unsupported(`server variable '${name}' is not declared`)
    const value = variable["default"]
    if (typeof value !== "string") return unsupported(`server variable '${name}' has no string default`)
    return value
  })
}

export const selectServer = (
  baseUrl: string | undefined,
  levels: ReadonlyArray<unknown>, // operation, path item, document `servers`
): string => {
  if (baseUrl !== undefined) return baseUrl
  const servers = levels.find((l) => Array.isArray(l) && l.length > 0) as Array<unknown> | undefined
  if (servers === undefined) return unsupported("no server URL in the document; pass baseUrl")
  const first = servers[0]
  if (!isObject(first)) return unsupported("server entry is not an object")
  const checked = checkServerUrl(expand(first))
  return checked.ok ? checked.url : unsupported(checked.reason)
}
