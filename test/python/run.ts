import { Effect } from "effect"
import { CodeMode, Tool } from "../../src/index.js"
import { normalize } from "../../src/Frontend.js"
import { executeParsed } from "../../src/runtime/make.js"
import type { DialectId } from "../../src/frontend/dialect.js"

/** A fixture tool: answers from a table keyed by its input's JSON, recording every call. */
export interface FixtureTool {
  readonly description: string
  readonly params: ReadonlyArray<string>
  readonly table: Readonly<Record<string, unknown>>
}

/** The runtime with one tool per fixture; each call is pushed onto `calls()` (the caller's current list). */
export const makeRuntime = (fixtures: Readonly<Record<string, FixtureTool>>, calls: () => Array<[string, unknown]>) =>
  CodeMode.make({
    tools: Object.fromEntries(
      Object.entries(fixtures).map(([name, f]) => [
        name,
        Tool.make({
          description: f.description,
          input: {
            type: "object",
            properties: Object.fromEntries(f.params.map((p) => [p, {}])),
          },
          run: (input: unknown) => {
            calls().push([name, input])
            const key = JSON.stringify(f.params.map((p) => (input as Record<string, unknown>)[p] ?? null))
            return key in f.table
              ? Effect.succeed(f.table[key])
              : Effect.fail(new Error(`no fixture for ${name}${key}`))
          },
        }),
      ]),
    ),
    limits: { timeoutMs: 20_000 },
  })

/** normalize → run, as runtime.run does; returns the normalization and the Result. */
export const runPython = async (runtime: ReturnType<typeof makeRuntime>, code: string, hint?: DialectId) => {
  const catalog = runtime
    .describeTools()
    .map((t) => ({ path: t.segments, description: t.description, signature: t.signature }))
  const n = normalize({ code }, { catalog, ...(hint ? { hint } : {}), limits: { timeoutMs: 20_000 } })
  if (!n.ok) return { n, result: undefined }
  const result = await Effect.runPromise(executeParsed(runtime, n.program!, n.source, n.compile, n.options))
  return { n, result }
}
