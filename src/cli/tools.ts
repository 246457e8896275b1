import { basename } from "node:path"
import { loadOpenApi } from "../corpus/engine.js"
import { renderProblem } from "../corpus/errors.js"
import { isPlainObject } from "../corpus/json.js"
import { readToolset, type FixtureToolset } from "../corpus/toolset.js"
import { readJsonFile, UsageError, type Io } from "./io.js"

export interface ToolFlags {
  readonly tools?: ReadonlyArray<string> | undefined
  readonly openapi?: string | undefined
  readonly "base-url"?: string | undefined
  readonly namespace?: string | undefined
}

/**
 * The tool tree of `run`/`normalize`/`instructions`: fixture toolsets (docs/corpus-format.md#fixture-toolsets, `--tools`, repeatable)
 * and an OpenAPI document (`--openapi`, placed under `--namespace`, default `api`).
 */
export const loadTools = async (io: Io, flags: ToolFlags, command: string): Promise<{ [key: string]: unknown }> => {
  const { buildTree } = await import("../corpus/fixture.js") // Effect: loaded only when a command runs
  const sets: FixtureToolset[] = []
  for (const file of flags.tools ?? []) {
    const raw = await readJsonFile(io, file, "toolset")
    const name = isPlainObject(raw) && typeof raw.name === "string" ? raw.name : basename(file, ".json")
    const { toolset, problems } = readToolset(file, raw, name)
    if (!toolset) throw new UsageError(`bad toolset: ${renderProblem(problems.list[0]!)}`)
    sets.push(toolset)
  }
  const tree = buildTree(sets)
  if ("conflict" in tree) throw new UsageError(`--tools: ${tree.conflict}`)
  const tools: { [key: string]: unknown } = { ...tree.tools }
  if (flags["base-url"] !== undefined && flags.openapi === undefined) throw new UsageError("--base-url needs --openapi")
  if (flags.openapi !== undefined) {
    const spec = await readJsonFile(io, flags.openapi, "OpenAPI document")
    const OpenAPI = await loadOpenApi()
    if (typeof OpenAPI === "string") throw new Error(`OpenAPI support is not available in this build: ${OpenAPI}`)
    const namespace = flags.namespace ?? "api"
    if (Object.prototype.hasOwnProperty.call(tools, namespace))
      throw new UsageError(`--namespace ${namespace} is already used by a --tools toolset`)
    const api = OpenAPI.fromSpec({ spec, ...(flags["base-url"] !== undefined ? { baseUrl: flags["base-url"] } : {}) })
    tools[namespace] = api.tools
    reportSkipped(io, command, flags.openapi, api.skipped)
  }
  return tools
}

/** Operations `fromSpec` made no tool of are said on stderr, each with its reason: nothing is dropped silently. */
const reportSkipped = (io: Io, command: string, file: string, skipped: unknown): void => {
  const list = (Array.isArray(skipped) ? skipped : []).filter(isPlainObject)
  if (list.length === 0) return
  const shown = list.slice(0, 20).map((s) => `  ${String(s.method)} ${String(s.path)}: ${String(s.reason)}`)
  const more = list.length > shown.length ? [`  … and ${list.length - shown.length} more`] : []
  io.err(
    `codemode ${command}: --openapi ${file}: ${list.length} operation${list.length === 1 ? "" : "s"} skipped ` +
      `(no tool made):\n${[...shown, ...more].join("\n")}\n`,
  )
}

/** The toolset format in brief, for the commands' --help (the full contract: docs/corpus-format.md). */
export { TOOLSET_HELP } from "./help.js"

export const TOOL_OPTIONS = {
  tools: { type: "string", multiple: true },
  openapi: { type: "string" },
  "base-url": { type: "string" },
  namespace: { type: "string" },
} as const
