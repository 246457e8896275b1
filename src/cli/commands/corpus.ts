import { statSync, writeFileSync } from "node:fs"
import { CorpusLoadError, renderProblem } from "../../corpus/errors.js"
import type { CorpusReport } from "../../corpus/runner.js"
import { UsageError, type Io } from "../io.js"
import { json } from "../render.js"
import { parse } from "../args.js"

export { CORPUS_HELP } from "../help.js"

const OPTIONS = {
  json: { type: "boolean" },
  dialect: { type: "string" },
  "no-frontend": { type: "boolean" },
  baseline: { type: "boolean" },
  "no-v8": { type: "boolean" },
  "min-ok": { type: "string" },
  timeout: { type: "string" },
  svg: { type: "string" },
  typecheck: { type: "string" },
} as const

const ratio = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const r = Number(text)
  if (text.trim() === "" || !Number.isFinite(r) || r < 0 || r > 1)
    throw new UsageError(`--min-ok must be a ratio between 0 and 1, got "${text}"`)
  return r
}

export const timeoutFlag = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const ms = Number(text)
  if (!Number.isSafeInteger(ms) || ms < 1)
    throw new UsageError(`--timeout must be a positive integer (ms), got "${text}"`)
  return ms
}

export const corpusCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  // `corpus import …` is its own command; a corpus folder named "import" is given as ./import.
  if (argv[0] === "import") return (await import("./corpus-import.js")).corpusImportCommand(argv.slice(1), io)
  const { values, positionals } = parse(argv, OPTIONS, "corpus")
  if (positionals.length !== 1) throw new UsageError("corpus needs exactly one <root> directory")
  const root = positionals[0]!
  const minOk = ratio(values["min-ok"])
  const timeoutMs = timeoutFlag(values.timeout)
  if (values.baseline && values["no-frontend"])
    throw new UsageError("--baseline already compares with --no-frontend; give one")
  let isDirectory = false
  try {
    isDirectory = statSync(root).isDirectory()
  } catch {
    // reported below
  }
  if (!isDirectory) throw new UsageError(`${root}: no such directory`)
  if (values.svg !== undefined && values.svg.trim() === "") throw new UsageError("--svg needs a file name")
  const typecheck = values.typecheck
  if (typecheck !== undefined && typecheck !== "warn" && typecheck !== "refuse")
    throw new UsageError(`--typecheck must be warn or refuse, got "${typecheck}"`)
  if (typecheck !== undefined && values["no-frontend"])
    throw new UsageError("--typecheck checks runtime.run programs; it needs the frontend")
  const [{ KNOWN_DIALECTS }, { loadCorpus }, { runLoaded }, { renderTable }, engine] = await Promise.all([
    import("../../corpus/cases.js"),
    import("../../corpus/load.js"),
    import("../../corpus/runner.js"),
    import("../../corpus/table.js"),
    io.engine ?? import("../../corpus/engine.js").then((m) => m.loadEngine()),
  ])
  if (values.dialect !== undefined) {
    const known = new Set([...KNOWN_DIALECTS, ...(engine.frontend?.dialects ?? []).map((d) => d.id)])
    if (!known.has(values.dialect))
      throw new UsageError(`unknown dialect "${values.dialect}" (known: ${[...known].join(", ")})`)
  }
  let corpus
  try {
    corpus = loadCorpus(root)
  } catch (e) {
    if (!(e instanceof CorpusLoadError)) throw e
    // One problem is one line; several are listed one per line under a heading (each names its file and field).
    const [first, ...more] = e.problems.map(renderProblem)
    io.err(
      more.length === 0
        ? `codemode corpus: ${first}\n`
        : `codemode corpus: ${e.problems.length} problems in ${root}:\n${[first, ...more].join("\n")}\n`,
    )
    return 1
  }
  // A progress line on stderr for long runs; rewritten in place, erased at the end.
  const progress = (frontend: boolean) => (done: number, total: number, id: string) => {
    if (!io.interactive || io.status === undefined || total < 20) return
    io.status(done < total ? `${frontend ? "" : "[baseline] "}${done}/${total} ${id}` : "")
  }
  const common = {
    engine,
    dialect: values.dialect,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(values["no-v8"] ? { attribute: false } : {}),
  }
  const report: CorpusReport = await runLoaded(corpus, root, {
    ...common,
    ...(typecheck !== undefined ? { typecheck } : {}),
    frontend: !values["no-frontend"],
    onProgress: progress(!values["no-frontend"]),
  })
  const baseline =
    values.baseline || (values.svg !== undefined && !values["no-frontend"])
      ? await runLoaded(corpus, root, { ...common, frontend: false, onProgress: progress(false) })
      : undefined
  if (values.svg !== undefined) {
    const { renderSvg } = await import("../../corpus/coverage.js")
    try {
      writeFileSync(values.svg, renderSvg(report, baseline ?? report))
    } catch (e) {
      throw new Error(`cannot write ${values.svg}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
    }
    io.err(`codemode corpus: wrote the coverage chart to ${values.svg}\n`)
  }
  if (!values.json && report.total === 0 && corpus.cases.length > 0) {
    const dialects = [...new Set(corpus.cases.map((c) => c.dialect))].sort().join(", ")
    io.out(`corpus ${root}: no cases for dialect ${values.dialect} (the corpus has: ${dialects})\n`)
    return 0
  }
  const shown = values.baseline ? baseline : undefined
  io.out(values.json ? json(shown ? { ...report, baseline: shown } : report) : renderTable(report, shown))
  if (minOk !== undefined && report.total > 0 && report.ok / report.total < minOk) {
    io.err(`codemode corpus: ${report.ok}/${report.total} ok is below --min-ok ${minOk}\n`)
    return 1
  }
  return 0
}
