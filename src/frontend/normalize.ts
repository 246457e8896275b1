import type { Program } from "acorn"
import type { Position } from "../position.js"
import type { Dialect, ExecutionOptions } from "./dialect.js"
import type { Normalized, NormalizeOptions, State } from "./types.js"
import { lineAt, lineStarts, toOriginal } from "./posmap.js"
import { pipeline } from "./pipeline.js"
import { MAX_SOURCE_LENGTH, sourceTooLarge } from "../syntax/parse.js"
import { commentsOf } from "./ast/parse.js"
import { reprint } from "./ast/reprint.js"
import { takeSnapshot, type Snapshot } from "./ast/snapshot.js"

/**
 * Characters of text in the raw input (a string, or the strings of an envelope object), counted only up to just
 * past the source limit: the frontend refuses an oversized input before any stage parses it.
 */
const textLength = (input: unknown, depth = 0): number => {
  if (typeof input === "string") return input.length
  if (typeof input !== "object" || input === null || depth > 16) return 0
  let n = 0
  for (const v of Array.isArray(input) ? input : Object.values(input)) {
    n += textLength(v, depth + 1)
    if (n > MAX_SOURCE_LENGTH) break
  }
  return n
}

/** Position lookup in the model's text with a line table (diagnostics over a 1 MB input stay linear). */
const locator = (state: State) => {
  let starts: number[] | undefined
  let forText: string | undefined
  return (offset: number): Position => {
    const original = state.original
    if (starts === undefined || forText !== original) {
      starts = lineStarts(original)
      forText = original
    }
    const at = Math.min(Math.max(toOriginal(state.maps, offset), 0), original.length)
    const line = lineAt(starts, at)
    return { line: line + 1, column: at - starts[line]!, offset: at }
  }
}

const initialState = (input: unknown, options: NormalizeOptions, registry: ReadonlyArray<Dialect>): State => {
  const catalog = options.catalog ?? []
  const state = {
    input,
    tools: options.tools ?? catalog.map((c) => c.path),
    catalog,
    dialects: options.dialects ?? registry,
    hint: options.hint,
    limits: options.limits ?? {},
    original: "",
    text: "",
    sourceForDetect: "",
    maps: [],
    envelopeFields: [],
    json: undefined,
    typescript: false,
    generated: false,
    evidence: [],
    changes: [],
    warnings: [],
    diagnostics: [],
    exec: {},
    program: undefined,
    recast: false,
    reprinted: undefined,
    detected: undefined,
    preludeChoice: { globals: {}, preludes: [] },
    code: "",
    halted: false,
    locate: undefined as unknown as State["locate"],
    willChange: () => undefined,
  } satisfies State as State
  state.locate = locator(state)
  return state
}

const AST_STAGES = new Set(pipeline.filter((s) => s.kind === "ast").map((s) => s.id))
const LAST_REWRITE = pipeline.reduce((last, s, i) => (s.kind === "ast" ? i : last), -1)

/**
 * Test seam: `editPrinter: false` sends every rewritten program through recast (the edit printer's reference);
 * `edited` / `recast` count the rewritten programs each printer handled.
 */
export const printing = { editPrinter: true, edited: 0, recast: 0 }

/**
 * Runs the pipeline. AST stages first run on a plain acorn tree (fast path: a canonical program is never printed and
 * passes through byte-identical). When one of them changed something, the edit printer (ast/reprint.ts) splices the
 * changed nodes into the original text the way recast would; for what it does not cover, the text is re-parsed with
 * recast and the rewriting stages run again on it (they are deterministic) so that printing preserves every
 * untouched byte. Analysis stages (detection) are not repeated: the text is the same. The edit printer's snapshot of
 * the parsed tree is taken when a stage is about to change it (`state.willChange`), never for a canonical program.
 */
const run = (state: State): void => {
  const parseAt = pipeline.findIndex((s) => s.kind === "parse")
  let snapshot: { changes: number; warnings: number } | undefined
  let original: Snapshot | undefined
  let parsed: Program | undefined // the acorn tree the snapshot is of, until a stage is about to change it
  // Not `state.willChange = () => {…}`: V8 allocates a function literal assigned straight to a property in the old
  // generation (it guesses a method), and an old closure keeps its context, hence `parsed` and the whole tree, alive
  // through every young collection until the next full one. Bound to a name first, the closure is young and dies
  // with the run (docs/performance-design.md: about half of a normalize loop's CPU went to collecting those trees).
  const willChange = () => {
    if (parsed === undefined) return
    original = takeSnapshot(parsed)
    parsed = undefined
  }
  state.willChange = willChange
  for (let i = 0; i < pipeline.length && !state.halted; i++) {
    const stage = pipeline[i]!
    if (i === parseAt) snapshot = { changes: state.changes.length, warnings: state.warnings.length }
    if (state.recast && stage.kind === "analysis" && i < LAST_REWRITE) continue
    if (i === LAST_REWRITE + 1 && !state.recast && snapshot) {
      if (state.changes.slice(snapshot.changes).some((c) => AST_STAGES.has(c.stage))) {
        const comments = state.program && commentsOf(state.program)
        if (original && comments && printing.editPrinter)
          state.reprinted = reprint(state.text, state.program as never, original, comments)
        if (state.reprinted === undefined) printing.recast++
        else printing.edited++
      }
      if (state.reprinted === undefined && state.changes.slice(snapshot.changes).some((c) => AST_STAGES.has(c.stage))) {
        // Keep what detection found; drop what the rewriting stages recorded, they record it again.
        const kept = state.changes.slice(snapshot.changes).filter((c) => !AST_STAGES.has(c.stage))
        state.changes.length = snapshot.changes
        state.changes.push(...kept)
        state.warnings.length = snapshot.warnings
        state.recast = true
        state.program = undefined
        i = parseAt - 1
        continue
      }
    }
    stage.run(state)
    if (i === parseAt && !state.recast && state.program && printing.editPrinter) parsed = state.program
  }
}

export const normalizeWith = (
  registry: ReadonlyArray<Dialect>,
  input: unknown,
  options: NormalizeOptions = {},
): Normalized => {
  const state = initialState(input, options, registry)
  const tooLarge = sourceTooLarge(textLength(input))
  try {
    if (tooLarge === undefined) run(state)
    else {
      state.diagnostics.push(tooLarge)
      state.halted = true
    }
  } catch (error) {
    // A stage bug must not crash the host (docs/design.md#security-and-reliability): report it as a diagnostic.
    state.diagnostics.push({
      kind: "ParseError",
      message: `The frontend could not process the input: ${String((error as Error)?.message ?? error)}`,
    })
    state.halted = true
  }
  const ok = state.diagnostics.length === 0 && state.program !== undefined
  const code = ok ? state.code : state.text
  const stages: string[] = []
  for (const s of pipeline) if (state.changes.some((c) => c.stage === s.id)) stages.push(s.id)
  const options_: ExecutionOptions = { ...state.exec }
  const detected = state.dialects.find((d) => d.id === state.detected)
  const detectedPrelude = detected?.prelude
  const toolFailure =
    detectedPrelude?.toolFailure ??
    state.dialects.find((d) => state.preludeChoice.preludes.includes(d.id) && d.prelude?.toolFailure)?.prelude
      ?.toolFailure
  return {
    ok,
    program: ok ? (state.program as Program) : undefined,
    code,
    source: state.original,
    diagnostics: state.diagnostics,
    receipt: {
      version: 1,
      dialect: state.detected,
      evidence: state.evidence,
      stages,
      changes: state.changes,
      warnings: state.warnings,
      preludes: state.preludeChoice.preludes,
      options: options_,
      input: state.input,
      code,
      ...(state.language ? { language: state.language } : {}),
    },
    compile: {
      globals: state.preludeChoice.globals,
      toolFailure,
      ...(detected?.result !== undefined ? { result: detected.result } : {}),
      ...(detected?.end !== undefined ? { end: detected.end } : {}),
    },
    options: options_,
  }
}
