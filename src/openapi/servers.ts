/**
 * Server selection (OAS 3 "Server Object"): operation servers, else path-item servers, else document servers; an
 * explicit `baseUrl` overrides all of them. The first server of the winning level is used with its variables'
 * defaults. A relative server URL would be resolved against the document's own URL, which fromSpec never sees.
 */
import { isObject, unsupported, type Json } from "./document.js"

const absolute = (url: string): boolean => /^https?:\/\//i.test(url)

/** Validates the host's `baseUrl` (a host error, so it throws instead of skipping). */
export const checkBaseUrl = (baseUrl: unknown): string | undefined => {
  if (baseUrl === undefined) return undefined
  if (typeof baseUrl !== "string" || !absolute(baseUrl) || !URL.canParse(baseUrl))
    throw new TypeError("OpenAPI.fromSpec: baseUrl must be an absolute http(s) URL")
  return baseUrl.replace(/\/+$/, "")
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
  const url = expand(first)
  if (!absolute(url) || !URL.canParse(url))
    return unsupported(`server URL '${url}' is not an absolute http(s) URL; pass baseUrl`)
  return url.replace(/\/+$/, "")
}
