import type { CatalogEntry, Prelude, ToolPath } from "../../src/frontend/dialect.js"
import type { NativeGlobal } from "../../src/interpreter/api.js"
import { canonicalText, rawName } from "../shared/names.js"
import { spell } from "./naming.js"

/**
 * One tool's interface text as UTCP shows it (docs/dialects.md#utcp): description, TypeScript signature, and the
 * closing `Access as: manual.tool(args)` line. The exact upstream layout is unverified; this keeps its parts.
 */
export const interfaceText = (path: ToolPath, description = "", signature = ""): string => {
  const access = `${spell(path)[0]}(args)`
  const doc = description.trim() === "" ? "" : ` * ${description.trim().replace(/\s+/g, " ")}\n`
  const sig = signature.trim() === "" ? "" : `${signature.trim()}\n`
  return `/**\n * Tool: ${rawName(path)}\n${doc} * Access as: ${access}\n */\n${sig}`
}

/** A manual's interfaces inside the `namespace <manual> { … }` declaration UTCP renders around them. */
const inNamespace = (manual: string | undefined, text: string): string =>
  manual === undefined
    ? text
    : `namespace ${manual} {\n${text
        .split("\n")
        .map((l) => (l === "" ? l : `  ${l}`))
        .join("\n")}}\n`

const manualOf = (path: ToolPath): string | undefined => {
  const spelled = spell(path)[0]!
  return spelled.includes(".") ? spelled.slice(0, spelled.indexOf(".")) : undefined
}

/** Every interface, grouped by manual in `namespace <manual> { … }` blocks (programs test for those). */
export const interfacesText = (tools: ReadonlyArray<ToolPath>, text: (path: ToolPath) => string): string => {
  const groups = new Map<string | undefined, string[]>()
  for (const path of tools) {
    const manual = manualOf(path)
    const group = groups.get(manual)
    if (group === undefined) groups.set(manual, [text(path)])
    else group.push(text(path))
  }
  return [...groups].map(([manual, texts]) => inNamespace(manual, texts.join("\n"))).join("\n")
}

interface SearchPage {
  readonly items: ReadonlyArray<{ readonly path: string; readonly description: string; readonly signature: string }>
}

/**
 * UTCP compat: `__interfaces` (every interface as one string) and `__getToolInterface("manual.tool")` (by original
 * name; `null` when unknown). `__availableTools` is documented upstream but undefined there, so it is not provided.
 */
const globals = (all_: ReadonlyArray<ToolPath>, catalog?: ReadonlyArray<CatalogEntry>) => {
  // The runtime's own search is not a UTCP tool.
  const tools = all_.filter((p) => p[0] !== "$codemode")
  // Looked up once per tool: a Map, so a catalog of n tools costs n lookups, not n² comparisons.
  const byPath = new Map<string, CatalogEntry>()
  for (const c of catalog ?? []) if (!byPath.has(canonicalText(c.path))) byPath.set(canonicalText(c.path), c)
  const entry = (path: ToolPath) => byPath.get(canonicalText(path))
  const all = interfacesText(tools, (p) => interfaceText(p, entry(p)?.description, entry(p)?.signature))
  const byName = new Map(tools.map((p) => [rawName(p), p] as const))
  const result: Record<string, NativeGlobal> = {
    __interfaces: { kind: "value", value: all },
    __getToolInterface: {
      kind: "function",
      call: async ([name], ctx) => {
        const path = typeof name === "string" ? byName.get(name) : undefined
        if (path === undefined) return null
        const known = entry(path)
        if (known?.signature)
          return inNamespace(manualOf(path), interfaceText(path, known.description, known.signature))
        const page = (await ctx.callTool(["$codemode", "search"], {
          query: canonicalText(path),
          limit: 1,
        })) as SearchPage
        const item = page.items[0]
        return inNamespace(manualOf(path), interfaceText(path, item?.description, item?.signature))
      },
    },
  }
  return result
}

export const prelude: Prelude = { globals }
