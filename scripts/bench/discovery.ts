// Discovery at 10,000 tools, as a host meets it: the tools are built with `Tool.make` inside the measurement, then
// `CodeMode.make` + `instructions()`; `$codemode.search` is called from a program (`runtime.execute`, a new program
// text per sample, so parse and compile are included). Rows D1–D4 of `npm run bench`; `npm run bench:discovery`
// measures discovery's own functions on the same trees.
import { Effect, Schema } from "effect"
import { CodeMode } from "../../src/index.js"
import { make, type Tree } from "../../src/tool/Tool.js"
import { timed, timing, type Row } from "./measure.js"

const verbs = ["list", "get", "create", "update", "delete", "search", "sync", "archive", "export", "resolve"]
const nouns = ["issue", "order", "user", "repository", "invoice", "ticket", "message", "file", "project", "event"]
const run = () => Effect.succeed(null)

/** `namespaces` × `perNamespace` MCP-style tools as data: `service<n>.<verb>_<noun>_<t>`, 4 described input properties. */
export const jsonToolSpecs = (namespaces: number, perNamespace: number) => {
  const specs: Array<{ namespace: string; name: string; description: string; input: Record<string, unknown> }> = []
  for (let n = 0; n < namespaces; n++)
    for (let t = 0; t < perNamespace; t++) {
      const verb = verbs[t % verbs.length]!
      const noun = nouns[(t + n) % nouns.length]!
      specs.push({
        namespace: `service${n}`,
        name: `${verb}_${noun}_${t}`,
        description: `${verb} ${noun} records in service ${n} (variant ${t})`,
        input: {
          type: "object",
          properties: {
            [`${noun}Id`]: { type: "string", description: `The ${noun} identifier` },
            limit: { type: "integer", description: "Results per page", default: 30 },
            cursor: { type: "string", description: "Cursor from the previous page" },
            labels: { type: "array", items: { type: "string" }, maxItems: 10 },
          },
          required: [`${noun}Id`],
        },
      })
    }
  return specs
}

/** The same tools as a tree of `Tool.make` definitions. */
export const jsonTree = (namespaces: number, perNamespace: number): Tree<any> => {
  const tree: Record<string, Record<string, ReturnType<typeof make>>> = {}
  for (const spec of jsonToolSpecs(namespaces, perNamespace))
    (tree[spec.namespace] ??= {})[spec.name] = make({ description: spec.description, input: spec.input, run })
  return tree
}

/** The same shape with Effect Schema inputs and outputs (one schema per noun, shared as real hosts share them). */
export const effectTree = (namespaces: number, perNamespace: number): Tree<any> => {
  const inputs = nouns.map((noun) =>
    Schema.Struct({
      id: Schema.String.annotate({ description: `The ${noun} identifier` }),
      limit: Schema.optionalKey(Schema.Int),
    }),
  )
  const output = Schema.Struct({ id: Schema.String, status: Schema.Literals(["open", "closed"]) })
  const tree: Record<string, Record<string, ReturnType<typeof make>>> = {}
  for (let n = 0; n < namespaces; n++) {
    const group: Record<string, ReturnType<typeof make>> = {}
    for (let t = 0; t < perNamespace; t++)
      group[`${verbs[t % verbs.length]}_${t}`] = make({
        description: `tool ${t}`,
        input: inputs[t % nouns.length]!,
        output,
        run,
      })
    tree[`ns${n}`] = group
  }
  return tree
}

const queries = ["list issues", "order status", "repositoryId", "delete user records", "sync invoices cursor"]
let sample = 0
/** A search program never seen before (the query carries a sample number), so no compile cache can hit. */
const searchProgram = () =>
  `return await tools.$codemode.search({ query: ${JSON.stringify(`${queries[sample % queries.length]} ${sample++}`)}, limit: 5 })`

const search = async (runtime: ReturnType<typeof CodeMode.make>) => {
  const result = await Effect.runPromise(runtime.execute(searchProgram()) as unknown as Effect.Effect<{ ok: boolean }>)
  if (!result.ok) throw new Error("the search program failed")
}

/** Rows D1–D4 (`want` picks some of them: `npm run bench -- --only D1`). */
export const discoveryRows = async (want: (id: string) => boolean = () => true): Promise<ReadonlyArray<Row>> => {
  const rows: Array<Row> = []
  for (const [id, label, tree] of [
    ["D1", "JSON Schema", jsonTree],
    ["D2", "Effect Schema", effectTree],
  ] as const) {
    if (!want(id)) continue
    rows.push({
      id,
      label: `10,000 ${label} tools: Tool.make + CodeMode.make + instructions()`,
      ...timed(await timing(() => CodeMode.make({ tools: tree(100, 100) }).instructions(), 7, 2), undefined, undefined),
      note: "target ≤ 50 ms; no anchor (the engines have no catalog)",
    })
  }
  // The index is built on a runtime's first search and shared by every later run of that runtime.
  if (want("D3")) rows.push(await firstSearch())
  if (want("D4")) rows.push(await laterSearch())
  return rows
}

const firstSearch = async (): Promise<Row> => {
  const firsts: Array<number> = []
  for (let i = 0; i < 6; i++) {
    const fresh = CodeMode.make({ tools: jsonTree(100, 100) })
    const start = performance.now()
    await search(fresh)
    if (i > 0) firsts.push(performance.now() - start)
  }
  firsts.sort((a, b) => a - b)
  return {
    id: "D3",
    label: "first $codemode.search in a program, 10,000 tools (builds the index)",
    ...timed({ p50: firsts[Math.floor(firsts.length / 2)]!, p99: firsts[firsts.length - 1]! }, undefined, undefined),
    note: "once per runtime; 5 fresh runtimes",
  }
}

const laterSearch = async (): Promise<Row> => {
  const runtime = CodeMode.make({ tools: jsonTree(100, 100) })
  return {
    id: "D4",
    label: "$codemode.search in a program, 10,000 tools, index built",
    ...timed(await timing(() => search(runtime), 101, 20), undefined, undefined),
    note: "target ≤ 1 ms end to end (a new program text each sample: parse + compile + run + search)",
  }
}
