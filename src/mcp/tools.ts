import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import * as Effect from "effect/Effect"
import * as Tool from "../tool/Tool.js"
import { isToolError, toolError } from "../tool/ToolError.js"
import { mapResult, type CallResult } from "./content.js"
import { ToolCallTrace } from "../runtime/observe.js"
import type { TraceContext } from "../runtime/tracing.js"

/** One entry of an upstream `tools/list` result (the fields the adapter reads). */
export interface ListedTool {
  readonly name: string
  readonly title?: string | undefined
  readonly description?: string | undefined
  readonly inputSchema?: unknown
  readonly outputSchema?: unknown
}

/**
 * Calls one upstream tool; `signal` aborts it (the run ended or the program stopped waiting). `trace` is the calling
 * tool call's W3C context while the run is traced, for the request's `_meta` (SEP-414: `traceparent`, `tracestate`).
 */
export type CallUpstream = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  trace?: TraceContext | undefined,
) => Promise<CallResult>

/** `params` of an upstream `tools/call`: the arguments, and the trace context in `_meta` when there is one. */
export const callParams = (name: string, args: Record<string, unknown>, trace: TraceContext | undefined) =>
  trace === undefined ? { name, arguments: args } : { name, arguments: args, _meta: { ...trace } }

export interface ToolsOptions {
  /** Per-call request timeout in ms (the SDK's default is 60 s); the run's own deadline always applies too. */
  readonly timeoutMs?: number | undefined
  /** Prefixes every failure message, e.g. the upstream's name (`"memory: …"`). */
  readonly label?: string | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!

/** One `Tool.make` definition for a listed upstream tool. */
export const toolOf = (listed: ListedTool, call: CallUpstream, label?: string): Tool.Definition => {
  const prefix = label === undefined ? "" : `${label}: `
  const input = isRecord(listed.inputSchema) ? listed.inputSchema : { type: "object" }
  const output = isRecord(listed.outputSchema) ? listed.outputSchema : undefined
  return Tool.make({
    description: listed.description ?? listed.title ?? "",
    input,
    ...(output === undefined ? {} : { output }),
    run: (args: unknown) => {
      if (args !== undefined && !isRecord(args))
        return Effect.fail(toolError(`${prefix}${listed.name} expects one object argument`))
      return Effect.flatMap(Effect.service(ToolCallTrace), (trace) =>
        Effect.tryPromise({
          try: (signal) => call(listed.name, (args ?? {}) as Record<string, unknown>, signal, trace),
          catch: (e) => (isToolError(e) ? e : toolError(`${prefix}${listed.name} failed: ${errorText(e)}`, e)),
        }),
      ).pipe(
        Effect.flatMap((result) => {
          const mapped = mapResult(result, listed.name)
          return "ok" in mapped ? Effect.succeed(mapped.value) : Effect.fail(toolError(`${prefix}${mapped.message}`))
        }),
      )
    },
  })
}

/**
 * Places upstream tools in a subtree by name. A dotted MCP name (`github.create_issue`) nests like any dotted tool
 * key; a name that would collide with another tool or namespace is kept flat with its dots replaced by `_`, so every
 * listed tool stays callable.
 */
export const treeOf = (listed: ReadonlyArray<ListedTool>, call: CallUpstream, label?: string): Tool.Tree => {
  const tree: Record<string, any> = {}
  const taken = new Set<string>()
  const prefixes = new Set<string>()
  for (const entry of listed) {
    let segments = entry.name.split(".")
    // Names a program cannot reach (`constructor`, …) would make the whole tree invalid: they get a trailing `_`.
    if (segments.some((s) => BLOCKED.has(s))) segments = [`${entry.name.replaceAll(".", "_")}_`]
    const clash = (segs: ReadonlyArray<string>) =>
      segs.some((s) => s === "") ||
      taken.has(segs.join(".")) ||
      prefixes.has(segs.join(".")) ||
      segs.slice(0, -1).some((_, i) => taken.has(segs.slice(0, i + 1).join(".")))
    if (clash(segments)) segments = [entry.name.replaceAll(".", "_")]
    if (clash(segments)) continue // the same name listed twice: the first one wins
    taken.add(segments.join("."))
    segments.slice(0, -1).forEach((_, i) => prefixes.add(segments.slice(0, i + 1).join(".")))
    let node = tree
    for (const segment of segments.slice(0, -1)) {
      if (!Object.hasOwn(node, segment)) node[segment] = {}
      node = node[segment]
    }
    node[segments[segments.length - 1]!] = toolOf(entry, call, label)
  }
  return tree as Tool.Tree
}

const BLOCKED = new Set(["__proto__", "constructor", "prototype"])

/** Every page of a client's `tools/list`. */
export const listAll = async (client: Client, options?: { signal?: AbortSignal; timeout?: number }) => {
  const all: Array<ListedTool> = []
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, options)
    all.push(...(page.tools as ReadonlyArray<ListedTool>))
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return all
}

/**
 * `Mcp.tools(client)`: lists a connected SDK client's tools (all pages) as a tool subtree, like `OpenAPI.fromSpec`.
 * Each tool's input and output JSON Schemas become its signature; a call returns the upstream result by the rule of
 * `mapResult`, and an upstream error, a protocol error or a closed connection fails the call with a `ToolError`.
 */
export const tools = (client: Client, options?: ToolsOptions): Effect.Effect<Tool.Tree, Error> =>
  Effect.tryPromise({
    try: () => listAll(client),
    catch: (e) => (e instanceof Error ? e : new Error(String(e))),
  }).pipe(
    Effect.map((listed) =>
      treeOf(
        listed,
        (name, args, signal, trace) =>
          client.callTool(
            callParams(name, args, trace),
            undefined,
            options?.timeoutMs === undefined ? { signal } : { signal, timeout: options.timeoutMs },
          ) as Promise<CallResult>,
        options?.label,
      ),
    ),
  )
