/** `OpenAPI.fromSpec` (@opencode-ai/codemode 1.18 "OpenAPI tools"): synchronous, one tool per supported operation, the rest skipped. */
import type * as Tool from "../tool/Tool.js"
import { deref, isObject, Unsupported, type Json } from "./document.js"
import { assignPaths, toolPath } from "./naming.js"
import { compileOperation } from "./operation.js"
import { SchemaContext } from "./schema.js"
import { checkBaseUrl } from "./servers.js"
import type { Options, Result, Skipped } from "./types.js"

/** The eight OAS 3.0/3.1 operation keys of a Path Item, in the order the spec lists them. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

export const fromSpec = <R = never>(options: Options<R>): Result<R> => {
  if (!isObject(options)) throw new TypeError("OpenAPI.fromSpec expects an options object")
  const spec = options.spec
  if (!isObject(spec) || typeof spec["openapi"] !== "string" || !/^3\.\d+/.test(spec["openapi"]))
    throw new TypeError("OpenAPI.fromSpec: spec must be a parsed OpenAPI 3.x document")
  if (options.auth !== undefined && (!isObject(options.auth) || typeof options.auth.resolve !== "function"))
    throw new TypeError("OpenAPI.fromSpec: auth.resolve must be a function")
  const base = checkBaseUrl(options.baseUrl)
  const ctx = new SchemaContext(spec)
  const skipped: Array<Skipped> = []
  const built: Array<{ path: Array<string>; tool: Tool.Definition<any> }> = []
  const paths = isObject(spec["paths"]) ? spec["paths"] : {}
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith("x-")) continue // Paths Object extensions are not paths
    let item: Json
    try {
      item = deref(spec, rawItem, "path item")
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e
      skipped.push({ method: "*", path, reason: e.message })
      continue
    }
    for (const method of METHODS) {
      const operation = item[method]
      if (operation === undefined) continue
      const operationId =
        isObject(operation) && typeof operation["operationId"] === "string" ? operation["operationId"] : undefined
      if ("invalid" in base) {
        skipped.push({ method: method.toUpperCase(), path, reason: base.invalid })
        continue
      }
      try {
        const tool = compileOperation(ctx, { method, path, item, operation }, base.url, options.auth)
        built.push({ path: toolPath(operationId, method, path), tool })
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e
        skipped.push({ method: method.toUpperCase(), path, reason: e.message })
      }
    }
  }
  const tools: Record<string, unknown> = {}
  assignPaths(built.map((b) => b.path)).forEach((segments, i) => {
    let node = tools
    // Own properties only: `toString`, `hasOwnProperty`, … are inherited by plain objects and must not be reused.
    for (const segment of segments.slice(0, -1)) {
      if (!Object.hasOwn(node, segment)) node[segment] = {}
      node = node[segment] as Record<string, unknown>
    }
    node[segments[segments.length - 1]!] = built[i]!.tool
  })
  return { tools: tools as Tool.Tree<any>, skipped }
}
