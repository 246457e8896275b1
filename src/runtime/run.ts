import * as Effect from "effect/Effect"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { dialects, makeResolver, normalize, type Receipt } from "../Frontend.js"
import type { CatalogEntry, DialectId, Warning } from "../frontend/dialect.js"
import type { Discovery } from "../discovery/index.js"
import { httpOperationOf } from "../openapi/http-operation.js"
import { positionalNames } from "../discovery/positional.js"
import { journalFor, runProgram } from "./execute.js"
import type { Journal } from "./journal.js"
import type { Prepared } from "./execution.js"
import { lowerLimits, type ResolvedLimits } from "./limits.js"
import type { DataValue, Result } from "./schemas.js"
import type { SessionState } from "./session-state.js"
import { toData } from "./data.js"
import { boundDiagnostic, boundLastOutput } from "./truncate.js"
import { RESERVED_NAMESPACE } from "./tree.js"
import { typecheckNormalized, type TypecheckSetup } from "./typecheck.js"
import type { TypecheckMode } from "../typecheck/index.js"
import { observe, type Observation, type RunEventListener } from "./observe.js"
import type { TraceContext } from "./tracing.js"

/**
 * A Result plus the frontend's receipt (docs/design.md#data-flow) and, when the program's last output call (`text(v)`,
 * one-argument `console.log(v)`, a dialect's equivalent) had exactly one argument, that value as data: the answer of
 * a run that returns null (docs/corpus-format.md#the-answer).
 */
export type RunResult = Result & { readonly receipt: Receipt; readonly lastOutput?: DataValue }

export interface RunOptions {
  /** What the host knows about the caller's dialect; code signals still win (docs/dialects.md#priority). */
  readonly hint?: DialectId | undefined
  /**
   * Type-check the program against the catalog before it runs (docs/typecheck.md); overrides `CodeMode.make`'s
   * `typecheck` for this run.
   */
  readonly typecheck?: TypecheckMode | undefined
  /** This run's events, besides the runtime's `onEvent` (docs/observability.md). */
  readonly onEvent?: RunEventListener | undefined
  /**
   * The W3C trace context this run continues (an MCP request's `_meta.traceparent`/`tracestate`): its span becomes
   * the run span's parent instead of the active OpenTelemetry context. Ignored without a tracer provider.
   */
  readonly traceContext?: TraceContext | undefined
}

/** What `make()` precomputes for raw runs: the live tool paths and catalog the frontend resolves names against. */
export interface FrontendCatalog {
  readonly tools: ReadonlyArray<ReadonlyArray<string>>
  readonly catalog: ReadonlyArray<CatalogEntry>
}

export const frontendCatalog = (prepared: Prepared<unknown>, discovery: Discovery): FrontendCatalog => {
  // Signatures stay lazy (discovery renders one on first read): most runs never look at one.
  const definitions = new Map(prepared.tree.listed.map((t) => [t.name, t.definition]))
  const catalog: Array<CatalogEntry> = discovery.catalog().map((tool) => {
    const definition = definitions.get(tool.segments.join("."))
    const http = httpOperationOf(definition)
    const positional = definition?.positional === undefined ? undefined : positionalNames(definition)
    return {
      path: tool.segments,
      description: tool.description,
      get signature() {
        return tool.signature
      },
      ...(http === undefined ? {} : { http }),
      ...(positional === undefined ? {} : { positional }),
    }
  })
  const search = [RESERVED_NAMESPACE, "search"]
  return { tools: [...prepared.tree.entries.map((e) => e.path), search], catalog }
}

/** The receipt of a run whose frontend never ran or never finished (a closed session, a deadline during normalization). */
export const emptyReceipt = (input: unknown): Receipt => ({
  version: 1,
  dialect: undefined,
  evidence: [],
  stages: [],
  changes: [],
  warnings: [],
  preludes: [],
  options: {},
  input,
  code: "",
})

/** The last single-value output as data (undefined → null), or nothing when it is not data. */
const lastOutputOf = (
  last: { value: unknown } | undefined,
  limits: ResolvedLimits,
  result: Result,
): { lastOutput?: DataValue } => {
  const { maxOutputBytes } = limits
  // A truncated Codex cell answers with one text item, the truncated text (truncate.ts `boundCodex`).
  if (limits.truncation === "middle" && result.truncated && result.logs?.length === 1)
    return { lastOutput: result.logs[0]! }
  if (last === undefined) return {}
  try {
    const value = toData(last.value, true) as DataValue
    // Model-visible like the value: bounded by maxOutputBytes with a marker when cut.
    const bounded = maxOutputBytes === undefined ? undefined : boundLastOutput(value, maxOutputBytes)
    return { lastOutput: bounded ?? value }
  } catch {
    return {}
  }
}

/**
 * What the run itself changed or found, added to the receipt's warnings (nothing silent): values the result crossing
 * dropped (a JSON result's functions), and a run that made no tool call and returned its own input unchanged — the
 * program text echoed back is almost always a translation that carried nothing across.
 */
export const afterRun = (receipt: Receipt, result: Result, input: unknown, notes: ReadonlyArray<string>): Receipt => {
  const warnings: Warning[] = notes.map((message) => ({ message, stage: "run" }))
  if (result.truncated && receipt.options.truncation === "middle")
    warnings.push({ stage: "run", message: codexTruncationNote(receipt.options.maxOutputBytes) })
  if (result.ok && result.toolCalls.length === 0 && echoes(result.value, input, receipt.code))
    warnings.push({
      stage: "echo",
      message:
        "the program made no tool call and returned its own input unchanged: nothing was run — send the program as code",
    })
  // A deferred run stopped before its end: the receipt says which call waits and why, as the diagnostic does.
  if (!result.ok && result.error.kind === "ApprovalPending" && result.error.pending !== undefined) {
    const { name, index } = result.error.pending
    const reason = /is waiting for approval(: .*?)?\. Every call/s.exec(result.error.message)?.[1] ?? ""
    warnings.push({ stage: "run", message: `stopped at call #${index} (tools.${name}), waiting for approval${reason}` })
  }
  return warnings.length === 0 ? receipt : { ...receipt, warnings: [...receipt.warnings, ...warnings] }
}

/** What a Codex cell's output limit cut, for the receipt (the model's text carries Codex's marker itself). */
const codexTruncationNote = (maxOutputBytes: number | undefined): string =>
  `output over ${maxOutputBytes === undefined ? "the output limit" : `${maxOutputBytes} bytes (max_output_tokens × 4)`} ` +
  `was cut in the middle as Codex cuts it: one text item, "Total output lines: N", its head, "…K tokens ` +
  `truncated…" and its tail`

/** Whether `value` is the raw input (as sent, or its JSON text decoded) or its program text, handed back unchanged. */
const echoes = (value: unknown, input: unknown, code: string): boolean => {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return false
  const candidates: unknown[] = [input, code]
  if (typeof input === "string") {
    try {
      candidates.push(JSON.parse(input))
    } catch {
      // not JSON text
    }
  }
  try {
    const seen = JSON.stringify(value)
    if (typeof value === "string" && value.trim() === "") return false
    return candidates.some((c) => JSON.stringify(c) === seen || (typeof c === "string" && c.trim() === value))
  } catch {
    return false
  }
}

/** A run refused before it executed, as its observers see it: the receipt, then the end. */
const ended = (observation: Observation | undefined, result: RunResult): RunResult => {
  observation?.receipt(result.receipt)
  observation?.end(result)
  return result
}

/** A run that ends before executing: no tool was called. */
const refused = (error: Diagnostic, receipt: Receipt, limits: ResolvedLimits): RunResult => {
  const bounded = limits.maxOutputBytes === undefined ? undefined : boundDiagnostic(error, limits.maxOutputBytes)
  return {
    ok: false,
    error: bounded ?? error,
    ...(bounded !== undefined ? { truncated: true } : {}),
    toolCalls: [],
    receipt,
  }
}

/**
 * `runtime.run(input)` (docs/design.md#public-api): raw model input → `Frontend.normalize` → the same execution as
 * `execute`, with the dialect's compile options, and pragma/envelope limits applied only below the host's.
 */
export const runRaw = <R>(
  prepared: Prepared<R>,
  limits: ResolvedLimits,
  known: FrontendCatalog,
  input: unknown,
  options: RunOptions | undefined,
  session: SessionState,
  typecheck?: TypecheckSetup,
  journal?: Journal,
): Effect.Effect<RunResult, never, R> =>
  Effect.suspend(() => {
    // The deadline counts from here: normalizing is part of the run (docs: SECURITY.md "In-process limits").
    let startedAt = Date.now()
    const observation = observe(prepared.observe, options)
    const normalized = normalize(input, {
      tools: known.tools,
      catalog: known.catalog,
      hint: options?.hint,
      limits: { timeoutMs: limits.timeoutMs, maxOutputBytes: limits.maxOutputBytes },
    })
    let receipt = normalized.receipt
    if (!normalized.ok || normalized.program === undefined) {
      const error = normalized.diagnostics[0] ?? diagnostic("ParseError", "The input holds no program.")
      return Effect.succeed<RunResult>(ended(observation, refused(error, receipt, limits)))
    }
    const mode = options?.typecheck ?? typecheck?.mode ?? "off"
    if (mode !== "off" && typecheck !== undefined) {
      const gate = typecheckNormalized(mode, typecheck.declarations, known.tools, normalized)
      receipt = gate.receipt
      if (gate.refused !== undefined)
        return Effect.succeed<RunResult>(ended(observation, refused(gate.refused, receipt, limits)))
      // Loading the compiler, once per process, is the host's cost; the check itself counts like normalizing.
      startedAt += gate.startupMs
    }
    observation?.receipt(receipt)
    // The frontend validates pragma/envelope options; one that is still invalid is ignored, never a crash.
    let lowered = limits
    try {
      lowered = lowerLimits(limits, normalized.options)
    } catch {}
    const resolver = makeResolver(known.tools, dialects, receipt.dialect)
    const alias = (path: ReadonlyArray<string>) => resolver.resolve(`tools.${path.join(".")}`)?.path
    let last: { value: unknown } | undefined
    const onOutput = (values: ReadonlyArray<unknown>) => {
      last = values.length === 1 ? { value: values[0] } : undefined
    }
    const notes: Array<string> = []
    const onNote = (note: string) => void notes.push(note)
    return Effect.map(
      runProgram(prepared, normalized.program, normalized.source, lowered, session, normalized.compile, {
        alias,
        onOutput,
        onNote,
        startedAt,
        observation,
        journal: journal ?? journalFor(prepared, { kind: "run", input, hint: options?.hint }),
      }),
      (result): RunResult => ({
        ...result,
        receipt: afterRun(receipt, result, input, notes),
        ...lastOutputOf(last, lowered, result),
      }),
    )
  })
