// Discovery at scale (brief: one query over 10,000 tools < 1 ms; prepare + instructions() < 50 ms). Prints
// figures only; no timed tests. Run: `npm run bench:discovery` (builds, then runs dist/scripts/bench-discovery.js).
import { performance } from "node:perf_hooks"
import { Effect, Schema } from "effect"
import { make, type Tree } from "../src/tool/Tool.js"
import { prepareDiscovery } from "../src/discovery/index.js"

const verbs = ["list", "get", "create", "update", "delete", "search", "sync", "archive", "export", "resolve"]
const nouns = ["issue", "order", "user", "repository", "invoice", "ticket", "message", "file", "project", "event"]
const run = () => Effect.succeed(null)

/** `namespaces` × `perNamespace` MCP-style tools with JSON Schema inputs: 4 described properties each. */
const jsonTree = (namespaces: number, perNamespace: number): Tree<any> => {
  const tree: Record<string, Record<string, ReturnType<typeof make>>> = {}
  for (let n = 0; n < namespaces; n++) {
    const group: Record<string, ReturnType<typeof make>> = {}
    for (let t = 0; t < perNamespace; t++) {
      const verb = verbs[t % verbs.length]!
      const noun = nouns[(t + n) % nouns.length]!
      group[`${verb}_${noun}_${t}`] = make({
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
        run,
      })
    }
    tree[`service${n}`] = group
  }
  return tree
}

/** The same shape with Effect Schema inputs and outputs (one schema per noun, shared as real hosts share them). */
const effectTree = (namespaces: number, perNamespace: number): Tree<any> => {
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

const median = (values: Array<number>): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const measure = (label: string, tree: Tree<any>, count: number): void => {
  const prepares: Array<number> = []
  let discovery = prepareDiscovery(tree)
  for (let round = 0; round < 7; round++) {
    const start = performance.now()
    discovery = prepareDiscovery(tree)
    discovery.instructions()
    prepares.push(performance.now() - start)
  }
  const indexStart = performance.now()
  discovery.search({ query: "warm up" })
  const indexMs = performance.now() - indexStart
  const queries = [
    "list issues",
    "order status",
    "repositoryId",
    "delete user records",
    "service42",
    "sync invoices cursor",
    "x",
    "",
    "tools.service7.get_order_1",
  ]
  for (const query of queries) discovery.search({ query }) // warm the JIT
  const perQuery: Array<string> = []
  let total = 0
  let runs = 0
  for (const query of queries) {
    const iterations = 200
    const start = performance.now()
    for (let i = 0; i < iterations; i++) discovery.search({ query, limit: 10 })
    const each = (performance.now() - start) / iterations
    total += each * iterations
    runs += iterations
    perQuery.push(`${JSON.stringify(query)} ${(each * 1000).toFixed(0)} µs`)
  }
  console.log(`${label}: ${count} tools`)
  console.log(`  prepareDiscovery + instructions(): median ${median(prepares).toFixed(1)} ms (7 runs)`)
  console.log(`  first search (builds the index):   ${indexMs.toFixed(1)} ms`)
  console.log(`  one query, mean over ${runs}:        ${((total / runs) * 1000).toFixed(0)} µs`)
  for (const line of perQuery) console.log(`    ${line}`)
}

measure("JSON Schema tools", jsonTree(100, 100), 10_000)
measure("Effect Schema tools", effectTree(100, 100), 10_000)
