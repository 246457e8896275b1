import type { NativeContext } from "../../src/interpreter/api.js"
import { canonicalText, parseCanonicalText } from "../../dialects/shared/names.js"

export interface FakeTool {
  readonly path: ReadonlyArray<string>
  readonly description: string
  readonly signature: string
  readonly run?: (input: unknown) => unknown
}

/**
 * A NativeContext over a fixed tool list, whose `$codemode.search` follows the canonical contract closely enough
 * for the compat preludes: substring match on path/description in list order, a path query returns that tool alone.
 */
export const fakeNative = (tools: ReadonlyArray<FakeTool>) => {
  const lines: string[] = []
  const calls: Array<{ path: string; input: unknown }> = []
  const store = new Map<string, unknown>()
  const search = (input: { query?: string; namespace?: string; limit?: number }) => {
    const q = (input.query ?? "").toLowerCase()
    const exact = parseCanonicalText(q === "" ? "-" : (input.query ?? ""))
    let hits = tools.filter((t) => (input.namespace === undefined ? true : t.path[0] === input.namespace))
    if (exact) hits = hits.filter((t) => canonicalText(t.path) === canonicalText(exact))
    else if (q !== "") hits = hits.filter((t) => `${t.path.join(".")} ${t.description}`.toLowerCase().includes(q))
    const limit = input.limit ?? 10
    const items = hits
      .slice(0, limit)
      .map((t) => ({ path: canonicalText(t.path), description: t.description, signature: t.signature }))
    return { items, remaining: Math.max(0, hits.length - limit), next: hits.length > limit ? { offset: limit } : null }
  }
  const ctx: NativeContext = {
    callTool: async (path, input) => {
      calls.push({ path: path.join("."), input })
      if (path[0] === "$codemode" && path[1] === "search") return search(input as never)
      const tool = tools.find((t) => t.path.join("\u0000") === path.join("\u0000"))
      if (!tool?.run) throw new Error(`no tool ${path.join(".")}`)
      return tool.run(input)
    },
    output: (line) => void lines.push(line),
    notify: () => undefined,
    exit: () => {
      throw new Error("exit")
    },
    throwError: (name, message) => {
      const e = new Error(message)
      e.name = name
      throw e
    },
    store,
  }
  return { ctx, lines, calls, store, paths: tools.map((t) => t.path) }
}
