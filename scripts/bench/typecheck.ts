// The type check (docs/typecheck.md): a warm check of a 30-line program against a 50-tool catalog (T1, the check
// alone), and the same program through `runtime.run` with the check off, with the option absent, and on (T2o, T2,
// T2w), so "off costs nothing" and the check's share of a run are read side by side.
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import { make } from "../../src/tool/Tool.js"
import { catalogDeclarations, check } from "../../src/typecheck/index.js"
import { normalize } from "../../src/Frontend.js"
import { timed, timing, type Row } from "./measure.js"
import type { Section } from "./section.js"

const NAMESPACES = ["orders", "users", "tickets", "files", "events"]

/** 50 JSON-Schema tools in 5 namespaces, with inputs and (for most) outputs, as an MCP or OpenAPI catalog has. */
const tools = () => {
  const tree: Record<string, Record<string, ReturnType<typeof make>>> = {}
  for (const [n, ns] of NAMESPACES.entries()) {
    const group: Record<string, ReturnType<typeof make>> = {}
    for (let t = 0; t < 10; t++)
      group[`op${t}`] = make({
        description: `operation ${t} on ${ns}`,
        input: {
          type: "object",
          properties: {
            id: { type: "string", description: "Record id" },
            limit: { type: "integer", minimum: 1 },
            status: { type: "string", enum: ["open", "closed"] },
            tags: { type: "array", items: { type: "string" } },
          },
          required: ["id"],
          additionalProperties: false,
        },
        ...(t % 5 === 4
          ? {}
          : {
              output: {
                type: "object",
                properties: {
                  id: { type: "string" },
                  total: { type: "number" },
                  rows: {
                    type: "array",
                    items: { type: "object", properties: { name: { type: "string" }, score: { type: "number" } } },
                  },
                },
                required: ["id", "total", "rows"],
              },
            }),
        run: (input: any) => Effect.succeed({ id: input.id, total: n + t, rows: [{ name: `${ns}-${t}`, score: t }] }),
      })
    tree[ns] = group
  }
  return tree
}

/** 30 lines: ten tool calls, each result mapped, filtered and summed. */
const PROGRAM = Array.from({ length: 10 }, (_, i) => {
  const ns = NAMESPACES[i % NAMESPACES.length]
  return [
    `const r${i} = await tools.${ns}.op${i}({ id: "x${i}", limit: ${i + 1}, status: "open" })`,
    `const names${i} = r${i}.rows.map((row) => row.name.toUpperCase()).filter((name) => name.length > 0)`,
    `const sum${i} = r${i}.rows.reduce((acc, row) => acc + row.score, 0) + names${i}.length`,
  ].join("\n")
}).join("\n")

const WHAT = "type check: warm check of a 30-line program against a 50-tool catalog; runs with it off, absent, on"

let sample = 0
/** A text never checked before (a numbered comment), so no cache of the compiler's can answer. */
const fresh = () => `${PROGRAM}\nreturn sum0 + sum9 // ${sample++}`

const checkOnly = () => {
  const runtime = CodeMode.make({ tools: tools() })
  const declarations = catalogDeclarations(runtime.describeTools())
  const paths = runtime.describeTools().map((t) => t.segments)
  return () => {
    const normalized = normalize(fresh(), { tools: paths })
    if (normalized.program === undefined) throw new Error("the bench program does not normalize")
    const { findings } = check({
      code: normalized.code,
      program: normalized.program,
      source: normalized.source,
      catalog: declarations,
      prelude: [],
      suggest: () => [],
    })
    if (findings.length > 0) throw new Error(`the bench program has findings: ${findings[0]!.message}`)
  }
}

const runWith = (typecheck: "off" | "warn" | undefined) => {
  const runtime = CodeMode.make({ tools: tools(), ...(typecheck === undefined ? {} : { typecheck }) })
  return async () => {
    const result = await Effect.runPromise(runtime.run(fresh()) as Effect.Effect<CodeMode.RunResult>)
    if (!result.ok) throw new Error(`the bench program failed: ${result.error.message}`)
  }
}

export const typecheckSection: Section = {
  ids: ["T1", "T2o", "T2", "T2w"],
  what: WHAT,
  inputs: [PROGRAM],
  run: async (_, want) => {
    const rows: Array<Row> = []
    if (want("T1"))
      rows.push({
        id: "T1",
        label: "typecheck: warm check, 30 lines, 50 tools",
        ...timed(await timing(checkOnly(), 101, 30), undefined, undefined),
        note: "normalize + check of a new text per sample, after 30 warm-up checks (the compiler loaded once)",
      })
    const runs: Array<[string, string, "off" | "warn" | undefined]> = [
      ["T2o", 'runtime.run, typecheck "off"', "off"],
      ["T2", "runtime.run, no typecheck option", undefined],
      ["T2w", 'runtime.run, typecheck "warn"', "warn"],
    ]
    for (const [id, label, mode] of runs)
      if (want(id)) rows.push({ id, label, ...timed(await timing(runWith(mode), 101, 30), undefined, undefined) })
    return rows
  },
}
