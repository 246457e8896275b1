// The model-facing instructions (@opencode-ai/codemode 1.18 "Discovery"): structured markdown with the workflow at the top and the
// budgeted catalog at the bottom — `## Workflow`, `## Rules`, `## Language`, `## Available tools`. Example calls use
// `<namespace>.<tool>`/`<field>` placeholders only, never a real or invented tool name. Search is advertised only
// when the inlined list is partial (it stays callable either way).
import { catalogEntry, type ToolDescription } from "./catalog.js"
import { searchSignature } from "./search-schema.js"

export interface CatalogView {
  /** Namespaces in alphabetical order, each with its tools in path order. */
  readonly namespaces: ReadonlyArray<{ readonly name: string; readonly tools: ReadonlyArray<ToolDescription> }>
  readonly shown: ReadonlySet<ToolDescription>
  readonly total: number
}

const intro = [
  "Write a short JavaScript program - the body of an async function, so top-level `await` and `return` work - that calls the tools below through the `tools` object. It runs in a confined interpreter, not a general-purpose JavaScript runtime.",
  "Use tool paths exactly as they are shown here or returned by search; do not guess, rename or normalize them.",
]

const workflow = (complete: boolean): Array<string> =>
  complete
    ? [
        "1. Pick the tool you need from `## Available tools`: every tool is listed there with its exact call signature.",
        "2. Call it at exactly the path shown, bracket notation and quotes included: `const result = await tools.<namespace>.<tool>({ <field>: value })`.",
        "3. Return only the fields you need (`return { <field>: result.<field> }`), not large raw payloads.",
      ]
    : [
        '1. If the tool you need is not listed under `## Available tools`, find it first and return the matches: `return await tools.$codemode.search({ query: "<intent + key nouns>" })`.',
        "2. In the next program, call a returned `path` exactly as written, following its signature: `const result = await tools.<namespace>.<tool>({ <field>: value })`.",
        "3. Return only the fields you need (`return { <field>: result.<field> }`), not large raw payloads.",
      ]

const rules = (complete: boolean): Array<string> => [
  complete
    ? "- `tools` holds only the tools listed below and the runtime's own `tools.$codemode` helpers; the surrounding agent's tools are not available inside the program."
    : "- `tools` holds only the tools listed below or found with `tools.$codemode.search`, and the runtime's own `tools.$codemode` helpers; the surrounding agent's tools are not available inside the program.",
  "- Filter, aggregate and transform collections in code; do not return them raw or call one tool per item across separate programs.",
  '- A result typed `Promise<unknown>` may be an object, an array, text or another primitive: check its shape at runtime (`typeof result === "object" && result !== null && !Array.isArray(result)`) before reading fields.',
  "- Start independent calls together and await them at once: `await Promise.all(items.map((item) => tools.<namespace>.<tool>({ <field>: item })))`.",
  "- `Object.keys(tools)` lists the namespaces and `Object.keys(tools.<namespace>)` the tools of one; `for...in` works on both.",
  ...(complete
    ? []
    : [
        '- Browse one namespace with an empty query: `await tools.$codemode.search({ query: "", namespace: "<namespace>" })`.',
        "- When a search page has `next`, get the next page by spreading it into the same request: `await tools.$codemode.search({ ...request, ...page.next })`.",
      ]),
]

const language = [
  "A restricted JavaScript orchestration language: plain data, functions and closures, control flow, destructuring, `try`/`catch`, `await` and `Promise.all`/`allSettled`/`race`, and common Array, String, Number, Object, Math and JSON operations, with Date, RegExp, Map, Set, URL and URLSearchParams.",
  "Unavailable: modules and `import`, `eval`, classes, generators, timers, `fetch` and any network, filesystem or process access, host globals, `new Promise`, and prototype access. Every external operation goes through a tool.",
  "Results and tool inputs are plain JSON-like data: Dates and URLs become strings, Map, Set and RegExp become `{}`.",
]

/** A code fence longer than any backtick run in `body`, so schema text cannot close it (CommonMark fences). */
const fenceFor = (body: string): string => {
  let longest = 0
  for (const run of body.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return "`".repeat(Math.max(3, longest + 1))
}

const countLabel = (total: number, shown: number): string => {
  const count = `${total} tool${total === 1 ? "" : "s"}`
  return shown === total ? count : shown === 0 ? `${count}, none shown` : `${count}, ${shown} shown`
}

/** Renders the instructions for a catalog view. */
export const renderInstructions = (view: CatalogView): string => {
  const shownCount = view.shown.size
  const complete = shownCount === view.total
  const lines: Array<string> = [...intro]
  if (view.total > 0) {
    lines.push("", "## Workflow", "", ...workflow(complete), "", "## Rules", "", ...rules(complete))
  }
  lines.push("", "## Language", "", ...language, "")
  if (view.total === 0) {
    lines.push("## Available tools (COMPLETE list - no tools)", "", "No tools are available.")
    return lines.join("\n")
  }
  lines.push(
    complete
      ? "## Available tools (COMPLETE list - every tool is shown below with its exact signature)"
      : `## Available tools (PARTIAL - ${shownCount} of ${view.total} shown; find the rest with \`tools.$codemode.search\`)`,
  )
  for (const namespace of view.namespaces) {
    const inlined = namespace.tools.filter((tool) => view.shown.has(tool))
    lines.push("", `### ${namespace.name} (${countLabel(namespace.tools.length, inlined.length)})`)
    if (inlined.length > 0) {
      const body = inlined.map(catalogEntry).join("\n\n")
      const fence = fenceFor(body)
      lines.push("", `${fence}ts`, body, fence)
    }
  }
  if (!complete) {
    lines.push(
      "",
      "`tools.$codemode.search` (always available) returns each match's `path`, description and complete signature, ready to call:",
      "",
      "```ts",
      searchSignature,
      "```",
    )
  }
  return lines.join("\n")
}
