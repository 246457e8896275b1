import { loadEngine } from "../../corpus/engine.js"
import { parse } from "../args.js"
import { notJsonHint, parseInput, readText, UsageError, type Io } from "../io.js"
import { json, renderDiagnostic, renderReceipt } from "../render.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"

export { NORMALIZE_HELP } from "../help.js"

const OPTIONS = { ...TOOL_OPTIONS, json: { type: "boolean" } } as const

export const normalizeCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "normalize")
  if (positionals.length > 1) throw new UsageError("normalize takes at most one file")
  const tools = await loadTools(io, values, "normalize")
  const text = await readText(io, positionals[0])
  const hint = notJsonHint(text, positionals[0])
  if (hint !== undefined) io.err(`codemode normalize: ${hint}\n`)
  const input = parseInput(text)
  const [engine, { frontendOptions, toolPaths }] = await Promise.all([
    io.engine ?? loadEngine(),
    import("../../corpus/execute.js"),
  ])
  if (!engine.frontend) throw new Error(`the frontend is not available: ${engine.missing.join("; ")}`)
  // With a runtime at hand the frontend also gets the catalog (descriptions, signatures), as in `run`.
  const options = engine.codeMode
    ? frontendOptions(tools, engine.codeMode.make({ tools }))
    : { tools: toolPaths(tools) }
  const n = engine.frontend.normalize(input, options)
  const diagnostics = n.diagnostics ?? []
  if (values.json) io.out(json({ code: n.code ?? "", receipt: n.receipt, diagnostics }))
  else {
    const out: string[] = []
    if (n.code) out.push(n.code.trimEnd(), "")
    for (const d of diagnostics) out.push(renderDiagnostic(d, n.source))
    if (n.receipt !== undefined) out.push(renderReceipt(n.receipt))
    io.out(`${out.join("\n")}\n`)
  }
  return diagnostics.length > 0 ? 1 : 0
}
