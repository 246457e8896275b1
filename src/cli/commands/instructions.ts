import { loadEngine, type DialectLike, type Runtime } from "../../corpus/engine.js"
import { isPlainObject } from "../../corpus/json.js"
import { parse } from "../args.js"
import { UsageError, type Io } from "../io.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"

export { INSTRUCTIONS_HELP } from "../help.js"

const OPTIONS = { ...TOOL_OPTIONS, dialect: { type: "string" } } as const

/** The runtime's catalog in the shape a dialect renderer takes (`DialectInstructionsInput`). */
const dialectInput = (runtime: Runtime) => ({
  tools: ((runtime.describeTools?.() ?? runtime.catalog?.() ?? []) as ReadonlyArray<unknown>)
    .filter(isPlainObject)
    .map((entry) => ({
      path: Array.isArray(entry.segments) ? entry.segments : String(entry.path).split("."),
      description: String(entry.description ?? ""),
      inputSchema: entry.input,
      outputSchema: entry.output,
      signature: String(entry.signature ?? ""),
    })),
})

export const instructionsCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "instructions")
  if (positionals.length > 0)
    throw new UsageError(`instructions takes no positional argument (got "${positionals[0]}")`)
  if (!values.tools?.length && values.openapi === undefined)
    throw new UsageError("instructions needs --tools <toolset.json> or --openapi <spec.json>")
  const tools = await loadTools(io, values, "instructions")
  const engine = io.engine ?? (await loadEngine())
  if (!engine.codeMode) throw new Error(`the runtime is not available: ${engine.missing.join("; ")}`)
  const runtime = engine.codeMode.make({ tools })
  let text: string
  if (values.dialect === undefined) text = runtime.instructions()
  else {
    const registry: ReadonlyArray<DialectLike> = engine.frontend?.dialects ?? []
    const dialect = registry.find((d) => d.id === values.dialect)
    if (!dialect)
      throw new UsageError(`unknown dialect "${values.dialect}" (known: ${registry.map((d) => d.id).join(", ")})`)
    if (!dialect.instructions)
      io.err(`codemode instructions: dialect ${dialect.id} has no renderer of its own; printing the canonical ones\n`)
    text = dialect.instructions ? dialect.instructions(dialectInput(runtime)) : runtime.instructions()
  }
  io.out(text.endsWith("\n") ? text : `${text}\n`)
  return 0
}
