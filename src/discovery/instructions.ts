// The model-facing instructions (@opencode-ai/codemode 1.18 "Discovery"): structured markdown with the workflow at the top and the
// budgeted catalog at the bottom — `## Workflow`, `## Rules`, `## Language`, `## Available tools`. Example calls use
// `<namespace>.<tool>`/`input` placeholders only, never a real or invented tool name. Search is advertised only
// when the inlined list is partial (it stays callable either way). The short sentences a host or its tests may
// look for ("No tools are currently available.", the PARTIAL/COMPLETE headings, the per-namespace counts, the
// `  - <signature> // <description>` entries) keep the 1.18 contract's wording; the rest is this project's text.
import { catalogEntry, type ToolDescription } from "./catalog.js"
import { searchSignatureBrief } from "./search-schema.js"

export interface CatalogView {
  /** Namespaces in alphabetical order, each with its number of tools and its inlined tools in path order. */
  readonly namespaces: ReadonlyArray<{
    readonly name: string
    readonly count: number
    readonly inlined: ReadonlyArray<ToolDescription>
  }>
  /** How many tools are inlined in all. */
  readonly shown: number
  readonly total: number
}

const intro = (total: number, complete: boolean): Array<string> =>
  total === 0
    ? [
        "This is a restricted JavaScript language for calling tools, not a general-purpose runtime: a program is the body of an async function, so top-level `await` and `return` work.",
      ]
    : [
        `This is a restricted JavaScript language for calling tools, not a general-purpose runtime: a program is the body of an async function, so top-level \`await\` and \`return\` work, and it reaches the Code Mode tools ${complete ? "listed" : "listed or searchable"} below through \`tools\`; surrounding agent tools are not available inside it.`,
        "Do not infer or normalize tool names: use each path exactly as its signature below or a search result writes it.",
      ]

const workflow = (complete: boolean): Array<string> =>
  complete
    ? [
        "1. Pick a tool from the list under `## Available tools`; each entry is its exact call signature.",
        "2. Call it as that signature writes it: `const result = await tools.<namespace>.<tool>(input)`; bracket notation and quotes are part of the path.",
        "3. Return only the fields you need from structured results, and avoid returning large raw payloads.",
      ]
    : [
        '1. If needed, discover tools: `return await tools.$codemode.search({ query: "<intent + key nouns>" })`.',
        "2. In the next execution, copy a returned path exactly and call it as its signature says: `const result = await tools.<namespace>.<tool>(input)`; bracket notation and quotes are part of the path.",
        "3. Return only the fields you need from structured results, and avoid returning large raw payloads.",
      ]

const rules = (complete: boolean): Array<string> => [
  complete
    ? "- Only Code Mode tools listed here and internal runtime tools are available; surrounding agent tools are not available inside the program."
    : "- Only Code Mode tools listed here or returned by `tools.$codemode.search` and internal runtime tools are available; surrounding agent tools are not available inside the program.",
  "- Filter, aggregate and transform collections in code; do not return them raw or call one tool per item across separate programs.",
  "- A result typed `Promise<unknown>` may be structured data or text: check that it is a non-null object and not an array before reading fields, and otherwise use the text or primitive as it is.",
  "- Start independent calls together and await them at once: `await Promise.all(items.map((item) => tools.<namespace>.<tool>(item)))`.",
  "- `Object.keys(tools)` lists the namespaces and `Object.keys(tools.<namespace>)` the tools of one; `for...in` works on both.",
  ...(complete
    ? []
    : [
        '- Browse one namespace: `await tools.$codemode.search({ query: "", namespace: "<name>" })`.',
        "- When a page has `next`, repeat the same search with `offset: next.offset` for the following page.",
      ]),
]

const language = [
  "Plain data, functions and closures, classes, control flow, destructuring, `try`/`catch`, `await` with the Promise combinators, `new Promise` and `setTimeout`, and common Array, String, Number, Object, Math and JSON operations. Built-ins include Date, RegExp, Map, Set, URL, URLSearchParams, and URI encoding helpers.",
  "Modules/imports, `eval`, generators, fetch and any network, filesystem or process access, and `__proto__` are unavailable. Use Code Mode tools for external operations. Prefer `await` with `try`/`catch` to promise chaining (`.then`/`.catch` work but read less clearly).",
  "Dates and URLs serialize to strings at data boundaries; Map/Set/RegExp/URLSearchParams serialize to `{}`.",
]

const countLabel = (total: number, shown: number): string => {
  const count = `${total} tool${total === 1 ? "" : "s"}`
  return shown === total ? count : shown === 0 ? `${count}, none shown` : `${count}, ${shown} shown`
}

/** Renders the instructions for a catalog view. */
export const renderInstructions = (view: CatalogView): string => {
  const shownCount = view.shown
  const complete = shownCount === view.total
  const lines: Array<string> = intro(view.total, complete)
  if (view.total > 0) {
    lines.push("", "## Workflow", "", ...workflow(complete), "", "## Rules", "", ...rules(complete))
  }
  lines.push("", "## Language", "", ...language, "")
  if (view.total === 0) {
    lines.push("## Available tools", "", "No tools are currently available.")
    return lines.join("\n")
  }
  lines.push(
    complete
      ? "## Available tools (COMPLETE list - every tool is shown below with its exact signature)"
      : `## Available tools (PARTIAL - ${shownCount} of ${view.total} shown; find the rest with tools.$codemode.search)`,
    "",
  )
  // One list: a line per namespace with its count, then one indented entry per inlined tool.
  for (const namespace of view.namespaces) {
    lines.push(`- ${namespace.name} (${countLabel(namespace.count, namespace.inlined.length)})`)
    for (const tool of namespace.inlined) lines.push(catalogEntry(tool))
  }
  if (!complete) lines.push("", "Search returns complete callable signatures:", `- ${searchSignatureBrief}`)
  return lines.join("\n")
}
