import * as Context from "effect/Context"
import type { Receipt } from "../frontend/types.js"
import type { CallResult } from "./call.js"
import type { Result } from "./schemas.js"
import { startRunTrace, type CallSpan, type RunTrace, type TraceContext, type TracingOptions } from "./tracing.js"

/** What an embedder sees while a program runs (`Options.onEvent`, `RunOptions.onEvent`; docs/observability.md). */
export type RunEvent =
  /** What the frontend changed: once per `runtime.run`, before the program starts. */
  | {
      readonly type: "receipt"
      readonly dialect: string | undefined
      /** The rules that rewrote the input, in order (one entry per change). */
      readonly changes: ReadonlyArray<{ readonly rule: string; readonly dialect?: string | undefined }>
      readonly warnings: ReadonlyArray<string>
    }
  /** One line the program printed (`console.log` and the dialects' output calls), as it lands in `logs`. */
  | { readonly type: "console"; readonly line: string }
  /** An admitted call got a slot and is about to run (or be put to `approve`). */
  | { readonly type: "toolCallStart"; readonly index: number; readonly name: string; readonly input: unknown }
  /** A started call settled; `message` is the model-safe failure text. Interrupted calls end without this event. */
  | {
      readonly type: "toolCallEnd"
      readonly index: number
      readonly name: string
      readonly outcome: "success" | "failure"
      readonly durationMs: number
      readonly message?: string | undefined
    }
  /** The run ended: the Result's outcome (before `maxOutputBytes` bounds it). */
  | {
      readonly type: "runEnd"
      readonly ok: boolean
      readonly kind?: string | undefined
      readonly toolCalls: number
    }

export type RunEventListener = (event: RunEvent) => void

/**
 * The trace context of the tool call whose Effect is running, provided to every call's fiber while a run is traced:
 * a tool that calls a remote service passes it on (the MCP adapter puts it in the upstream request's `_meta`).
 */
export const ToolCallTrace = Context.Reference<TraceContext | undefined>("codemode-polyglot/ToolCallTrace", {
  defaultValue: () => undefined,
})

/** What the runtime keeps for observation from `make`. */
export interface ObserveConfig {
  readonly onEvent?: RunEventListener | undefined
  readonly tracing?: TracingOptions | undefined
  /** Where programs run, as the run span's `codemode.isolation`. */
  readonly isolation: string
}

/** Per-run additions to the runtime's observation (`RunOptions`). */
export interface ObserveRun {
  readonly onEvent?: RunEventListener | undefined
  readonly traceContext?: TraceContext | undefined
}

/** A listener that throws is the host's bug; it must not end the run or reach the program. */
const safe =
  (listener: RunEventListener): RunEventListener =>
  (event) => {
    try {
      listener(event)
    } catch {}
  }

/** One started call, as `Observation.callStart` returns it. */
export interface ObservedCall {
  readonly started: number
  readonly span: CallSpan | undefined
}

/**
 * One run's events and spans. Made only when something listens or a span records (`observe`), so a run nobody
 * observes pays for none of it, per call or otherwise.
 */
export class Observation {
  constructor(
    private readonly emit: RunEventListener | undefined,
    private readonly trace: RunTrace | undefined,
  ) {}

  receipt(receipt: Receipt): void {
    const rules = receipt.changes.map((c) => c.rule)
    this.trace?.receipt(receipt.dialect, rules, receipt.warnings.length)
    this.emit?.({
      type: "receipt",
      dialect: receipt.dialect,
      changes: receipt.changes.map((c) =>
        c.dialect === undefined ? { rule: c.rule } : { rule: c.rule, dialect: c.dialect },
      ),
      warnings: receipt.warnings.map((w) => w.message),
    })
  }

  console(line: string): void {
    this.emit?.({ type: "console", line })
  }

  callStart(index: number, name: string, description: string | undefined, input: unknown): ObservedCall {
    this.emit?.({ type: "toolCallStart", index, name, input })
    return { started: Date.now(), span: this.trace?.call(index, name, description, input) }
  }

  /** `result` undefined: interrupted (the span ends, no event: an interrupted call never settles). */
  callEnd(call: ObservedCall, index: number, name: string, result: CallResult | undefined): void {
    if (result === undefined) {
      call.span?.end({ ok: false, kind: "Interrupted", message: `Tool call '${name}' was interrupted.` })
      return
    }
    call.span?.end(
      result.ok
        ? { ok: true, value: result.value }
        : { ok: false, kind: result.diagnostic.kind, message: result.diagnostic.message },
    )
    const durationMs = Date.now() - call.started
    this.emit?.(
      result.ok
        ? { type: "toolCallEnd", index, name, outcome: "success", durationMs }
        : { type: "toolCallEnd", index, name, outcome: "failure", durationMs, message: result.diagnostic.message },
    )
  }

  end(result: Result): void {
    const summary = result.ok
      ? { ok: true, toolCalls: result.toolCalls.length }
      : { ok: false, kind: result.error.kind, message: result.error.message, toolCalls: result.toolCalls.length }
    this.trace?.end(summary)
    this.emit?.({
      type: "runEnd",
      ok: summary.ok,
      ...(result.ok ? {} : { kind: result.error.kind }),
      toolCalls: summary.toolCalls,
    })
  }
}

/** The run's observation, or undefined when no listener is set and no span would record. */
export const observe = (config: ObserveConfig | undefined, run: ObserveRun | undefined): Observation | undefined => {
  const a = config?.onEvent
  const b = run?.onEvent
  const emit =
    a === undefined ? b && safe(b) : b === undefined ? safe(a) : (event: RunEvent) => (safe(a)(event), safe(b)(event))
  const trace = startRunTrace(config?.tracing, run?.traceContext, { "codemode.isolation": config?.isolation ?? "none" })
  return emit === undefined && trace === undefined ? undefined : new Observation(emit, trace)
}
