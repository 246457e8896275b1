import { createRequire } from "node:module"
import type * as Otel from "@opentelemetry/api"

/**
 * OpenTelemetry spans of a run (docs/observability.md). `@opentelemetry/api` is an optional peer dependency: it is
 * required on the first run, never at load, and a host without it (or without a registered tracer provider, which
 * makes every span non-recording) pays one check per run and nothing per tool call.
 */

/** A W3C trace context as carried in an MCP request's `_meta` (SEP-414) or an HTTP header. */
export interface TraceContext {
  readonly traceparent: string
  readonly tracestate?: string | undefined
}

/** What the host asked of tracing (`Options.tracing`). */
export interface TracingOptions {
  /**
   * Record each call's input and output (`gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`) as JSON: the
   * output as the program received it (a failure only as its model-safe message), at most `maxContentBytes` each.
   * Default false: the semantic conventions make content opt-in.
   */
  readonly recordContent?: boolean | undefined
  /** UTF-16 units of each recorded input or output before it is cut (with "..."); default 4096. */
  readonly maxContentBytes?: number | undefined
}

const SCOPE = "codemode-polyglot"
const SCOPE_VERSION = "0.1.0"
const DEFAULT_CONTENT = 4096

let api: typeof Otel | null | undefined

/** The host's `@opentelemetry/api`, required once; null when it is not installed. */
const otel = (): typeof Otel | null => {
  if (api !== undefined) return api
  try {
    api = createRequire(import.meta.url)("@opentelemetry/api") as typeof Otel
  } catch {
    api = null
  }
  return api
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/

/** A remote parent from a W3C `traceparent` (version 00, or a later one read as 00), or undefined when malformed. */
const parentOf = (o: typeof Otel, carried: TraceContext): Otel.Context | undefined => {
  const match = TRACEPARENT.exec(carried.traceparent.trim())
  if (match === null || match[1] === "ff") return undefined
  const spanContext: Otel.SpanContext = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & 1,
    isRemote: true,
    ...(carried.tracestate ? { traceState: o.createTraceState(carried.tracestate) } : {}),
  }
  if (!o.isSpanContextValid(spanContext)) return undefined
  return o.trace.setSpanContext(o.ROOT_CONTEXT, spanContext)
}

/** The W3C form of a span's context, for an upstream call's `_meta`. */
const carrierOf = (span: Otel.Span): TraceContext => {
  const c = span.spanContext()
  const traceparent = `00-${c.traceId}-${c.spanId}-${(c.traceFlags & 1).toString(16).padStart(2, "0")}`
  const tracestate = c.traceState?.serialize()
  return tracestate ? { traceparent, tracestate } : { traceparent }
}

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}...`)

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "null"
  } catch {
    return "[not JSON]"
  }
}

/** What the run span says when it ends. */
export interface RunSummary {
  readonly ok: boolean
  readonly kind?: string | undefined
  readonly message?: string | undefined
  readonly toolCalls: number
}

/** One tool call's span. */
export interface CallSpan {
  /** The call's context as W3C fields, for the tool (an upstream MCP call's `_meta`). */
  readonly carrier: TraceContext
  /** Runs `f` with the call's span as the active OpenTelemetry context (what the tool's own spans nest under). */
  readonly within: <A>(f: () => A) => A
  readonly end: (outcome: { ok: true; value: unknown } | { ok: false; kind: string; message: string }) => void
}

/** The run's span and the calls' spans under it. */
export interface RunTrace {
  readonly receipt: (dialect: string | undefined, rules: ReadonlyArray<string>, warnings: number) => void
  readonly call: (index: number, name: string, description: string | undefined, input: unknown) => CallSpan
  readonly end: (summary: RunSummary) => void
}

/**
 * Starts a run's span, child of `parent` when given (an MCP client's `_meta`), else of the active context; undefined
 * when the api is absent or the span does not record (no provider, or sampled out), so nothing is done per call.
 */
export const startRunTrace = (
  options: TracingOptions | undefined,
  parent: TraceContext | undefined,
  attributes: Readonly<Record<string, string>>,
): RunTrace | undefined => {
  const o = otel()
  if (o === null) return undefined
  const context = (parent && parentOf(o, parent)) || o.context.active()
  const tracer = o.trace.getTracer(SCOPE, SCOPE_VERSION)
  const run = tracer.startSpan("codemode.run", { kind: o.SpanKind.INTERNAL, attributes }, context)
  if (!run.isRecording()) {
    run.end()
    return undefined
  }
  const runContext = o.trace.setSpan(context, run)
  const content = options?.recordContent === true
  const max = options?.maxContentBytes ?? DEFAULT_CONTENT
  return {
    receipt: (dialect, rules, warnings) => {
      if (dialect !== undefined) run.setAttribute("codemode.dialect", dialect)
      run.setAttribute("codemode.receipt.changes", rules.length)
      if (rules.length > 0) run.setAttribute("codemode.receipt.rules", [...new Set(rules)])
      run.setAttribute("codemode.receipt.warnings", warnings)
    },
    call: (index, name, description, input) => {
      // OpenTelemetry GenAI semantic conventions, "Execute tool span".
      const span = tracer.startSpan(
        `execute_tool ${name}`,
        {
          kind: o.SpanKind.INTERNAL,
          attributes: {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": name,
            "gen_ai.tool.type": "function",
            "codemode.tool_call.index": index,
            ...(description ? { "gen_ai.tool.description": clip(description, max) } : {}),
            ...(content ? { "gen_ai.tool.call.arguments": clip(json(input), max) } : {}),
          },
        },
        runContext,
      )
      const callContext = o.trace.setSpan(runContext, span)
      return {
        carrier: carrierOf(span),
        within: (f) => o.context.with(callContext, f),
        end: (outcome) => {
          if (outcome.ok) {
            if (content) span.setAttribute("gen_ai.tool.call.result", clip(json(outcome.value), max))
          } else {
            span.setAttribute("error.type", outcome.kind)
            span.setStatus({ code: o.SpanStatusCode.ERROR, message: outcome.message })
          }
          span.end()
        },
      }
    },
    end: (summary) => {
      run.setAttribute("codemode.outcome", summary.ok ? "ok" : (summary.kind ?? "error"))
      run.setAttribute("codemode.tool_calls", summary.toolCalls)
      if (!summary.ok) {
        run.setAttribute("error.type", summary.kind ?? "error")
        run.setStatus({ code: o.SpanStatusCode.ERROR, ...(summary.message ? { message: summary.message } : {}) })
      }
      run.end()
    },
  }
}
