// Renders corpus/toolsets/*.json as each code-mode system lists tools to its model
// (docs/dialects.md#tool-names naming, docs/dialects.md#discovery-helpers discovery). Output: catalogs/<system>/<catalog>.md, where <catalog>
// is a task's `catalog` field in corpus/tasks.json. Regenerate: node corpus/prompts/render-catalogs.mjs
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const toolset = (name) => JSON.parse(readFileSync(join(root, "toolsets", `${name}.json`), "utf8"))
const tasks = JSON.parse(readFileSync(join(root, "tasks.json"), "utf8"))
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

// ---- JSON Schema -> TypeScript text
const lit = (v) => JSON.stringify(v)
function tsType(s, ind = "", doc = false, all = false) {
  if (!s || typeof s !== "object") return "unknown"
  if (s.enum) return s.enum.map(lit).join(" | ")
  const types = Array.isArray(s.type) ? s.type : [s.type]
  if (types.length > 1) return types.map((t) => tsType({ ...s, type: t }, ind, doc, all)).join(" | ")
  switch (types[0]) {
    case "string":
      return "string"
    case "number":
    case "integer":
      return "number"
    case "boolean":
      return "boolean"
    case "null":
      return "null"
    case "array": {
      const inner = tsType(s.items, ind, doc, all)
      return /[|&]/.test(inner) && !inner.startsWith("{") ? `Array<${inner}>` : `${inner}[]`
    }
    case "object":
      return objType(s, ind, doc, all)
    default:
      return "unknown"
  }
}
const key = (k) => (IDENT.test(k) ? k : lit(k))
function tags(s) {
  const t = []
  if (s.format) t.push(`@format ${s.format}`)
  if (s.minimum !== undefined) t.push(`@minimum ${s.minimum}`)
  if (s.maximum !== undefined) t.push(`@maximum ${s.maximum}`)
  return t
}
// Outputs render every field as present (`all`): fixture results always carry them.
function objType(s, ind, doc, all) {
  const props = Object.entries(s.properties ?? {})
  if (!props.length) return "{}"
  const req = new Set(all ? Object.keys(s.properties) : (s.required ?? []))
  if (!doc)
    return `{ ${props.map(([k, v]) => `${key(k)}${req.has(k) ? "" : "?"}: ${tsType(v, ind, false, all)}`).join("; ")} }`
  const next = ind + "  "
  const lines = props.map(([k, v]) => {
    const notes = [v.description, ...tags(v)].filter(Boolean)
    const c =
      notes.length === 0
        ? ""
        : notes.length === 1
          ? `${next}/** ${notes[0]} */\n`
          : `${next}/**\n${notes.map((n) => `${next} * ${n}`).join("\n")}\n${next} */\n`
    return `${c}${next}${key(k)}${req.has(k) ? "" : "?"}: ${tsType(v, next, v.type === "object" || (v.type === "array" && v.items?.type === "object"))}`
  })
  return `{\n${lines.join(";\n")};\n${ind}}`
}
const out = (t) => (t.output ? tsType(t.output, "", false, true) : "unknown")
const inp = (t, ind = "", doc = true) => tsType(t.input, ind, doc)
const jsdoc = (text, ind = "") => `${ind}/** ${text} */`

// ---- naming rules, docs/dialects.md#tool-names
const piId = (raw) =>
  raw === "" ? "_" : [...raw].map((c, i) => ((i === 0 ? /[A-Za-z_$]/ : /[A-Za-z0-9_$]/).test(c) ? c : "_")).join("")
const CF_RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await abstract boolean byte char double final float goto int long native short synchronized throws transient volatile arguments eval".split(
    " ",
  ),
)
function cfId(raw) {
  let s = raw.replace(/[-.\s]/g, "_").replace(/[^A-Za-z0-9_$]/g, "")
  if (/^[0-9]/.test(s)) s = "_" + s
  if (CF_RESERVED.has(s)) s += "_"
  return s || "_"
}
const utcpPart = (p) => {
  const s = p.replace(/[^A-Za-z0-9_]/g, "_")
  return /^[0-9]/.test(s) ? "_" + s : s
}
const utcpCall = (t) =>
  t.path.length === 1 ? utcpPart(t.path[0]) : `${utcpPart(t.path[0])}.${t.path.slice(1).map(utcpPart).join("_")}`
const ocPath = (t) => "tools" + t.path.map((s) => (IDENT.test(s) ? `.${s}` : `[${lit(s)}]`)).join("")
const pascal = (s) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("")

// raw (flat) tool names each host registers for a nested fixture path; see README.md "Naming".
const raw = {
  pi: (t) => t.path.join("."),
  cloudflare: (t) => t.path.join("."),
  vercel: (t) => t.path.join("_"),
  tanstack: (t) => t.path.join("_").replace(/-/g, "_"),
  deepseek: (t) => t.path.join("__"),
  codex: (t) => (t.path.length === 1 ? t.path[0] : `mcp__${t.path[0]}__${t.path.slice(1).join("__")}`),
}

// ---- renderers: (shown tools, hidden tools) -> markdown body
const fence = (s) => "```\n" + s.trimEnd() + "\n```"
const R = {}

R.opencode = (shown, hidden) => {
  const all = [...shown, ...hidden]
  const nss = [...new Set(all.map((t) => t.path[0]))].sort()
  const head = hidden.length
    ? `PARTIAL - ${shown.length} of ${all.length} tools shown. Use \`tools.$codemode.search\` to find the others.`
    : `COMPLETE list - all ${all.length} tools are shown.`
  const parts = nss.map((ns) => {
    const inNs = all.filter((t) => t.path[0] === ns)
    const vis = shown.filter((t) => t.path[0] === ns)
    const count = `${inNs.length} tool${inNs.length === 1 ? "" : "s"}`
    const label =
      vis.length === inNs.length
        ? `(${count})`
        : vis.length
          ? `(${count}, ${vis.length} shown)`
          : `(${count}, none shown)`
    const sigs = vis.map((t) => `${jsdoc(t.description)}\n${ocPath(t)}(input: ${inp(t)}): Promise<${out(t)}>`)
    return `### ${ns} ${label}\n\n` + (sigs.length ? fence(sigs.join("\n\n")) : "")
  })
  // Search is advertised only when the inline catalog is partial (@opencode-ai/codemode 1.18 "Discovery").
  const search = hidden.length
    ? `\n### Finding tools that are not shown\n\nSearch the full catalog and call a result's \`path\` exactly as returned:\n\n${fence(
        'const found = await tools.$codemode.search({ query: "<what you need>", namespace: "<namespace>", limit: 10 })\n' +
          "// found.items: [{ path, description, signature }]; found.next: { offset } | null",
      )}\n`
    : ""
  return `## Available tools\n\n${head}\n\n${parts.join("\n\n")}\n${search}`
}

R.pi = (shown) => {
  const decl = shown
    .map(
      (t) =>
        `${jsdoc(piId(raw.pi(t)) === raw.pi(t) ? t.description : `${t.description} (raw name: ${raw.pi(t)})`, "  ")}\n  ${piId(raw.pi(t))}(arg: ${inp(t, "  ")}): Promise<${out(t)}>;`,
    )
    .join("\n\n")
  return `Tools (call as \`await tools.<name>(arg)\`; names are the identifiers below):\n\n${fence(`declare const tools: {\n${decl}\n};`)}\n`
}

// Cloudflare: the `dev` toolset is rendered as provider/connector objects (`github.list_issues(...)`, docs/dialects.md
// docs/dialects.md#cloudflare), every other tool on the classic `codemode` object with Cloudflare's sanitizer, so both forms get collected.
const CF_CONNECTOR_SETS = new Set(["dev"])
const cfConnector = (t) => CF_CONNECTOR_SETS.has(t.set) && t.path.length > 1
R.cloudflare = (shown) => {
  const typeName = (t) =>
    pascal(cfConnector(t) ? `${t.path[0]}_${cfId(t.path.slice(1).join("."))}` : cfId(raw.cloudflare(t)))
  const types = shown.map((t) => `type ${typeName(t)}Input = ${inp(t)};\ntype ${typeName(t)}Output = ${out(t)};`)
  const member = (t, name) =>
    `${jsdoc(t.description, "  ")}\n  ${name}: (input: ${typeName(t)}Input) => Promise<${typeName(t)}Output>;`
  const objects = new Map()
  for (const t of shown) {
    const [obj, name] = cfConnector(t)
      ? [cfId(t.path[0]), cfId(t.path.slice(1).join("."))]
      : ["codemode", cfId(raw.cloudflare(t))]
    objects.set(obj, [...(objects.get(obj) ?? []), member(t, name)])
  }
  const decls = [...objects].map(([obj, ms]) => `declare const ${obj}: {\n${ms.join("\n\n")}\n};`)
  return fence(`${types.join("\n\n")}\n\n${decls.join("\n\n")}`) + "\n"
}

R.vercel = (shown) => {
  const members = shown
    .map(
      (t) => `${jsdoc(t.description, "  ")}\n  ${key(raw.vercel(t))}: (input: ${inp(t, "  ")}) => Promise<${out(t)}>;`,
    )
    .join("\n\n")
  return fence(`declare const tools: {\n${members}\n};`) + "\n"
}

R.tanstack = (shown, hidden) => {
  const stubs = shown
    .map(
      (t) =>
        `${jsdoc(t.description)}\ndeclare function external_${raw.tanstack(t)}(input: ${inp(t)}): Promise<${out(t)}>;`,
    )
    .join("\n\n")
  let s = `### Available External APIs\n\n${fence(stubs)}\n`
  if (hidden.length)
    s += `\n### Discoverable APIs\n\nThese APIs exist but their type stubs are not shown. Call \`discover_tools\` with their names to get the stubs before using them:\n\n${hidden.map((t) => `- \`external_${raw.tanstack(t)}\` - ${t.description}`).join("\n")}\n`
  return s
}

R.deepseek = (shown) => {
  const args = shown
    .map((t) => `  ${jsdoc(t.description)}\n  ${lit(raw.deepseek(t))}: ${tsType(t.input, "  ", true)};`)
    .join("\n")
  const outs = shown.map((t) => `  ${lit(raw.deepseek(t))}: ${out(t)};`).join("\n")
  return (
    fence(
      `type ToolArgsMap = {\n${args}\n};\n\ntype ToolOutputMap = {\n${outs}\n};\n\n` +
        `/** Thrown when a tool call fails. */\ndeclare class ToolCallError extends Error {\n  readonly toolName: string;\n}\n\n` +
        `declare const tools: {\n  [K in keyof ToolArgsMap]: (args: ToolArgsMap[K]) => Promise<ToolOutputMap[K]>;\n};`,
    ) + "\n"
  )
}

R.codex = (shown) =>
  shown
    .map((t) => {
      const r = raw.codex(t)
      const id = piId(r)
      const head = id === r ? `### \`${id}\`` : `### \`${id}\` (\`${r}\`)`
      return `${head}\n\n${t.description}\n\n${fence(`declare const tools: {\n  ${id}(args: ${inp(t, "  ")}): Promise<${out(t)}>;\n};`)}`
    })
    .join("\n\n") + "\n"

R.utcp = (shown) => {
  const blocks = shown.map((t) => {
    const call = utcpCall(t)
    const manual = t.path.length === 1 ? null : utcpPart(t.path[0])
    const fn = t.path.length === 1 ? utcpPart(t.path[0]) : t.path.slice(1).map(utcpPart).join("_")
    const ind = manual ? "  " : ""
    const ifs = `${ind}interface ${fn}_Input ${inp(t, ind)}\n\n${ind}type ${fn}_Output = ${out(t)};`
    const body = manual ? `namespace ${manual} {\n${ifs}\n}` : ifs
    return `// ${t.path.join(".")}\n// ${t.description}\n${body}\n// Access as: ${call}(args)`
  })
  return fence(blocks.join("\n\n")) + "\n"
}

// A PARTIAL catalog says that more tools exist, in the system's terms (our addition; see README.md).
const more = {
  pi: (n) => `${n} more tools are not declared here: find them with \`searchTools\` or \`ALL_TOOLS\`.`,
  cloudflare: (n) => `${n} more tools are not declared here: find them with \`codemode.search\`.`,
  vercel: (n) => `${n} more tools are deferred: find them with \`tools.tool_search\`.`,
  deepseek: (n) => `${n} more tools exist in \`tools\` but are not declared in this SDK.`,
  codex: (n) => `${n} more tools are not described here: they are listed in \`ALL_TOOLS\`.`,
  utcp: (n) => `${n} more tools are not shown here: see \`__interfaces\` or the \`search_tools\` tool.`,
}

// ---- which catalogs: one per distinct `catalog` of a task
const specs = new Map()
for (const t of tasks) specs.set(t.catalog, { names: [t.toolset].flat(), unlisted: new Set(t.unlisted ?? []) })
for (const [system, render] of Object.entries(R)) {
  const dir = join(root, "prompts", "catalogs", system)
  mkdirSync(dir, { recursive: true })
  for (const [cat, { names, unlisted }] of specs) {
    const all = names.flatMap((n) => toolset(n).tools.map((t) => ({ ...t, set: n })))
    const shown = all.filter((t) => !unlisted.has(t.path.join(".")))
    const hidden = all.filter((t) => unlisted.has(t.path.join(".")))
    const note = hidden.length && more[system] ? `\n${more[system](hidden.length)}\n` : ""
    // Normalized to what prettier would print, so `npm run format:check` stays green after a regeneration.
    writeFileSync(join(dir, `${cat}.md`), (render(shown, hidden) + note).replace(/\n{3,}/g, "\n\n").trimEnd() + "\n")
  }
}
console.log(`rendered ${specs.size} catalogs for ${Object.keys(R).length} systems`)
