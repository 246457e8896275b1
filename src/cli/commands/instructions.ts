import { loadEngine } from "../../corpus/engine.js"
import { parse } from "../args.js"
import { UsageError, type Io } from "../io.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"

export const INSTRUCTIONS_HELP = `usage: codemode instructions --tools <toolset.json>... [--openapi <spec.json>] [--dialect <id>]

Prints the model-facing instructions (workflow, rules, language, budgeted tool catalog) for a tool set.

  --tools <file>      a fixture toolset; repeatable
  --openapi <file>    an OpenAPI 3.x JSON document, exposed under --namespace (default "api")
  --dialect <id>      render them in a dialect the model knows (when the runtime supports it)

exit status: 0 printed, 2 usage error
`

const OPTIONS = { ...TOOL_OPTIONS, dialect: { type: "string" } } as const

export const instructionsCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "instructions")
  if (positionals.length > 0)
    throw new UsageError(`instructions takes no positional argument (got "${positionals[0]}")`)
  if (!values.tools?.length && values.openapi === undefined)
    throw new UsageError("instructions needs --tools <toolset.json> or --openapi <spec.json>")
  const tools = await loadTools(io, values)
  const engine = io.engine ?? (await loadEngine())
  if (!engine.codeMode) throw new Error(`the runtime is not available: ${engine.missing.join("; ")}`)
  const runtime = engine.codeMode.make({ tools })
  const text = runtime.instructions(values.dialect !== undefined ? { dialect: values.dialect } : undefined)
  io.out(text.endsWith("\n") ? text : `${text}\n`)
  return 0
}
