import "./setup.js"
import { Effect } from "effect"
import { context, trace } from "@opentelemetry/api"
import { useOtelSdk } from "./otel-sdk.js"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool, toolError } from "../../src/index.js"

/** The real SDK, its spans read back after each run. */
const exporter = useOtelSdk()

const tools = {
  crm: {
    find: Tool.make({
      description: "Finds a customer",
      input: { type: "object" },
      run: (input: { id: string }) => Effect.succeed({ id: input.id, name: "Ada", secret: undefined }),
    }),
    broken: Tool.make({
      description: "Fails",
      input: { type: "object" },
      run: () => Effect.fail(toolError("crm is down", new Error("postgres://user:hidden@db"))),
    }),
    // Opens its own span: it must nest under the call's span (the active context while the tool runs).
    nested: Tool.make({
      description: "Has its own span",
      input: { type: "object" },
      run: () =>
        Effect.sync(() => {
          trace.getTracer("tool").startSpan("inside the tool").end()
          return 1
        }),
    }),
  },
}

const PROGRAM = `const a = await tools.crm.find({ id: "c1" })
try { await tools.crm.broken({}) } catch {}
await tools.crm.nested({})
return a.name`

const byName = (name: string) => {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name)
  expect(found, name).toHaveLength(1)
  return found[0]!
}

describe("OpenTelemetry spans (real SDK, in-memory exporter)", () => {
  for (const isolation of ["none", "process"] as const)
    it.effect(`isolation ${isolation}: one run span, one execute_tool span per call under it`, () =>
      Effect.gen(function* () {
        const result = yield* CodeMode.make({ tools, isolation }).run(PROGRAM)
        expect(result).toMatchObject({ ok: true, value: "Ada" })
        const run = byName("codemode.run")
        const find = byName("execute_tool crm.find")
        const broken = byName("execute_tool crm.broken")
        const nested = byName("execute_tool crm.nested")
        const inside = byName("inside the tool")
        expect(exporter.getFinishedSpans()).toHaveLength(5)
        for (const call of [find, broken, nested]) {
          expect(call.spanContext().traceId).toBe(run.spanContext().traceId)
          expect(call.parentSpanContext?.spanId).toBe(run.spanContext().spanId)
          expect(call.attributes["gen_ai.operation.name"]).toBe("execute_tool")
          // Each call ended before the run: the exporter receives spans as they end (SimpleSpanProcessor). Their
          // endTime fields cannot be compared: the SDK anchors each span's clock to Date.now(), at 1 ms resolution.
          const finished = exporter.getFinishedSpans()
          expect(finished.indexOf(call)).toBeLessThan(finished.indexOf(run))
        }
        expect(inside.parentSpanContext?.spanId).toBe(nested.spanContext().spanId)
        expect(find.attributes).toEqual({
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "crm.find",
          "gen_ai.tool.type": "function",
          "gen_ai.tool.description": "Finds a customer",
          "codemode.tool_call.index": 0,
        })
        expect(find.status.code).toBe(0)
        // The failure as the program saw it: the ToolError's message, never its cause.
        expect(broken.attributes["error.type"]).toBe("ToolFailure")
        expect(broken.status).toEqual({ code: 2, message: "crm is down" })
        expect(JSON.stringify(exporter.getFinishedSpans().map((s) => [s.attributes, s.status]))).not.toContain("hidden")
        expect(run.attributes).toMatchObject({
          "codemode.isolation": isolation,
          "codemode.outcome": "ok",
          "codemode.tool_calls": 3,
          "codemode.receipt.changes": 0,
          "codemode.receipt.warnings": 0,
        })
      }),
    )

  it.effect("a failed run: outcome and error.type are the diagnostic's kind; the receipt's rules are listed", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.make({ tools }).run({ code: "```js\nawait tools.crm.broken({})\n```" })
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
      const run = byName("codemode.run")
      expect(run.attributes["codemode.outcome"]).toBe("ToolFailure")
      expect(run.attributes["error.type"]).toBe("ToolFailure")
      expect(run.status.code).toBe(2)
      expect(run.attributes["codemode.receipt.changes"]).toBe(result.receipt.changes.length)
      expect(run.attributes["codemode.receipt.rules"]).toEqual([...new Set(result.receipt.changes.map((c) => c.rule))])
      expect(result.receipt.changes.length).toBeGreaterThan(0)
    }),
  )

  it.effect("inputs and outputs are recorded only on opt-in, as the program saw them, cut at maxContentBytes", () =>
    Effect.gen(function* () {
      yield* CodeMode.make({ tools }).execute(PROGRAM)
      for (const span of exporter.getFinishedSpans()) {
        expect(span.attributes["gen_ai.tool.call.arguments"]).toBeUndefined()
        expect(span.attributes["gen_ai.tool.call.result"]).toBeUndefined()
      }
      exporter.reset()
      yield* CodeMode.make({ tools, tracing: { recordContent: true, maxContentBytes: 12 } }).execute(PROGRAM)
      const find = byName("execute_tool crm.find")
      expect(find.attributes["gen_ai.tool.call.arguments"]).toBe('{"id":"c1"}')
      // The output as data (the undefined field dropped, as the program receives it), cut after 12 characters.
      expect(find.attributes["gen_ai.tool.call.result"]).toBe('{"id":"c1","...')
      expect(byName("execute_tool crm.broken").attributes["gen_ai.tool.call.result"]).toBeUndefined()
    }),
  )

  it.effect("a traceContext parents the run span (remote parent, tracestate kept)", () =>
    Effect.gen(function* () {
      const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
      yield* CodeMode.make({ tools }).run(PROGRAM, { traceContext: { traceparent, tracestate: "vendor=1" } })
      const run = byName("codemode.run")
      expect(run.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c")
      expect(run.parentSpanContext).toMatchObject({ spanId: "b7ad6b7169203331", isRemote: true })
      expect(run.spanContext().traceState?.get("vendor")).toBe("1")
      exporter.reset()
      // Malformed: ignored, the run is a root of its own trace.
      yield* CodeMode.make({ tools }).run(PROGRAM, { traceContext: { traceparent: "00-zz-b7ad6b7169203331-01" } })
      expect(byName("codemode.run").parentSpanContext).toBeUndefined()
    }),
  )

  it.effect("the active context when the run starts parents it", () =>
    Effect.gen(function* () {
      const outer = trace.getTracer("host").startSpan("host request")
      yield* Effect.promise(() =>
        context.with(trace.setSpan(context.active(), outer), () =>
          Effect.runPromise(CodeMode.make({ tools }).execute("return 1")),
        ),
      )
      outer.end()
      expect(byName("codemode.run").parentSpanContext?.spanId).toBe(outer.spanContext().spanId)
    }),
  )
})
