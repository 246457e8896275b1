import { attribute } from "./attribute.js"
import { loadEngine, type Engine } from "./engine.js"
import { attemptStrict, attemptWithFrontend, type Attempt } from "./execute.js"
import { isPlainObject } from "./json.js"
import { buildTree } from "./fixture.js"
import { judge, modelFamily, STAGES, WRONG_ANSWER, type CaseReport, type Stage } from "./judge.js"
import { loadCorpus, type Corpus } from "./load.js"
import { typecheckOf } from "./typecheck.js"
import { envelopeOf } from "./import/select.js"
import { replayOf } from "./replay.js"
import type { Case } from "./cases.js"
import type { ImportedReport } from "./judge.js"
import type { FixtureToolset } from "./toolset.js"

export interface DialectCounts {
  readonly cases: number
  readonly normalized: number
  readonly executed: number
  readonly ok: number
}

/** Exactly the `--json` object of docs/corpus-format.md#report. */
export interface CorpusReport {
  readonly root: string
  readonly frontend: boolean
  /** The type-check mode the runs used (`--typecheck`); absent: off. */
  readonly typecheck?: "warn" | "refuse" | undefined
  readonly total: number
  readonly ok: number
  readonly byDialect: Readonly<Record<string, DialectCounts>>
  readonly cases: ReadonlyArray<CaseReport>
}

export interface RunOptions {
  /** Run raw input through the frontend (default) or strict `execute(code)` only (`--no-frontend`). */
  readonly frontend?: boolean
  /** Only cases whose ground-truth dialect is this one. */
  readonly dialect?: string | undefined
  /** Per-case execution timeout, so one runaway program cannot stall the whole run. */
  readonly timeoutMs?: number
  /** The runtime and frontend to drive; defaults to this package's own (execute.ts). */
  readonly engine?: Engine | undefined
  readonly onProgress?: (done: number, total: number, id: string) => void
  /** Re-run each silently wrong answer under V8 to say whose fault it is (attribute.ts); default on. */
  readonly attribute?: boolean
  /** Type-check each program against the fixtures' catalog (`--typecheck`, docs/typecheck.md); frontend runs only. */
  readonly typecheck?: "warn" | "refuse" | undefined
}

export const DEFAULT_TIMEOUT_MS = 5_000

const reached = (stage: Stage, atLeast: Stage): boolean => STAGES.indexOf(stage) >= STAGES.indexOf(atLeast)

/** `normalized`, `executed` and `ok` count the cases that got at least that far (docs/corpus-format.md). */
export const summarize = (cases: ReadonlyArray<CaseReport>): Record<string, DialectCounts> => {
  const out: Record<string, DialectCounts> = {}
  for (const dialect of [...new Set(cases.map((c) => c.dialect))].sort()) {
    const mine = cases.filter((c) => c.dialect === dialect)
    out[dialect] = {
      cases: mine.length,
      normalized: mine.filter((c) => reached(c.stage, "execute")).length,
      executed: mine.filter((c) => reached(c.stage, "answer")).length,
      ok: mine.filter((c) => c.stage === "ok").length,
    }
  }
  return out
}

/** The sum of every dialect's counts: the `total` row of the table and of COVERAGE.md. */
export const totalCounts = (report: CorpusReport): DialectCounts =>
  Object.values(report.byDialect).reduce(
    (a, b) => ({
      cases: a.cases + b.cases,
      normalized: a.normalized + b.normalized,
      executed: a.executed + b.executed,
      ok: a.ok + b.ok,
    }),
    { cases: 0, normalized: 0, executed: 0, ok: 0 },
  )

/** `12.5%`, or `-` for no cases. */
export const percent = (n: number, d: number): string => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`)

/**
 * Calls no fixture sees: the runtime's own `$codemode.*` tools, taken from `Result.toolCalls` (canonical dotted names,
 * @opencode-ai/codemode 1.18 "Results"). Fixture calls are counted by the fixtures themselves (fixture.ts).
 */
const runtimeCalls = (attempt: Attempt): string[] =>
  (attempt.result?.toolCalls ?? [])
    .map((c) => (isPlainObject(c) && typeof c.name === "string" ? c.name : ""))
    .filter((name) => name.startsWith("$codemode."))

/** The import columns of a case `codemode corpus import` wrote (docs/corpus-import.md); undefined for other cases. */
const importedReport = (
  c: Case,
  attempt: Attempt,
  calls: ReadonlyArray<string>,
  toolsets: ReadonlyArray<FixtureToolset>,
): ImportedReport | undefined => {
  const origin = c.source.import
  if (origin === undefined) return undefined
  const names = toolsets.flatMap((t) => t.tools.map((tool) => tool.path[tool.path.length - 1]!))
  const replay = replayOf(c, attempt, calls, names)
  return {
    format: origin.format,
    model: origin.model ?? "unknown",
    envelope: envelopeOf(c.input),
    ...(replay !== undefined ? { replay } : {}),
  }
}

/** Runs a loaded corpus, one case after another (each case gets a fresh fixture tree and call log). */
export const runLoaded = async (corpus: Corpus, rootShown: string, options: RunOptions = {}): Promise<CorpusReport> => {
  const frontend = options.frontend ?? true
  const selected = corpus.cases.filter((c) => options.dialect === undefined || c.dialect === options.dialect)
  const reports: CaseReport[] = []
  for (const [i, c] of selected.entries()) {
    options.onProgress?.(i, selected.length, c.id)
    const toolsets = c.toolsets.map((name) => corpus.toolsets.get(name)!)
    const tree = buildTree(toolsets)
    if ("conflict" in tree) throw new Error(`${c.file}: toolset: ${tree.conflict}`) // load.ts rejects this first
    const attemptOptions = {
      tools: tree.tools,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      engine: options.engine,
      hint: c.hint,
      typecheck: options.typecheck,
    }
    const attempt = frontend
      ? await attemptWithFrontend(c.input, attemptOptions)
      : await attemptStrict(c.input, attemptOptions)
    let report: CaseReport = {
      ...judge(c, attempt, [...tree.calls, ...runtimeCalls(attempt)], frontend),
      family: modelFamily(c.source.model),
      ...(options.typecheck !== undefined
        ? {
            typecheck: typecheckOf(
              attempt.result?.receipt,
              attempt.failedAt === "execute" ? attempt.diagnostic?.kind : undefined,
            ),
          }
        : {}),
    }
    const imported = importedReport(c, attempt, tree.calls, toolsets)
    if (imported !== undefined) report = { ...report, imported }
    if (options.attribute === false || !report.message.startsWith(WRONG_ANSWER)) reports.push(report)
    else {
      const engine = options.engine ?? (await loadEngine())
      reports.push({
        ...report,
        cause: await attribute(c, attempt, toolsets, engine, frontend, attemptOptions.timeoutMs),
      })
    }
  }
  options.onProgress?.(selected.length, selected.length, "")
  return {
    root: rootShown,
    frontend,
    ...(options.typecheck !== undefined ? { typecheck: options.typecheck } : {}),
    total: reports.length,
    ok: reports.filter((r) => r.stage === "ok").length,
    byDialect: summarize(reports),
    cases: reports,
  }
}

/** Loads and runs `root`; throws CorpusLoadError when the corpus itself is malformed. */
export const runCorpus = async (root: string, options: RunOptions = {}): Promise<CorpusReport> =>
  runLoaded(loadCorpus(root), root, options)
