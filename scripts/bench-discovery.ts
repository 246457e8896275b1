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

/** Wall and CPU milliseconds of `work`; CPU time (user + system) is the figure that survives a loaded machine. */
const time = (work: () => void): { wall: number; cpu: number } => {
  const cpu = process.cpuUsage()
  const wall = performance.now()
  work()
  const used = process.cpuUsage(cpu)
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 }
}

const format = ({ wall, cpu }: { wall: number; cpu: number }, unit: "ms" | "µs" = "ms") =>
  unit === "ms"
    ? `${cpu.toFixed(1)} ms CPU (${wall.toFixed(1)} ms wall)`
    : `${(cpu * 1000).toFixed(0)} µs CPU (${(wall * 1000).toFixed(0)} µs wall)`

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

const measure = (label: string, makeTree: () => Tree<any>, count: number): void => {
  const prepares: Array<{ wall: number; cpu: number }> = []
  let discovery = prepareDiscovery(makeTree())
  for (let round = 0; round < 7; round++) {
    // A fresh tree each round: schema conversion caches are keyed by schema object and must not carry over.
    const tree = makeTree()
    prepares.push(
      time(() => {
        discovery = prepareDiscovery(tree)
        discovery.instructions()
      }),
    )
  }
  const index = time(() => discovery.search({ query: "warm up" }))
  for (const query of queries) discovery.search({ query }) // warm the JIT
  console.log(`${label}: ${count} tools`)
  const sorted = [...prepares].sort((a, b) => a.cpu - b.cpu)
  // The minimum is the figure least disturbed by other processes; the median shows the spread.
  console.log(
    `  prepareDiscovery + instructions(): min ${format(sorted[0]!)}, median ${format(sorted[3]!)} over 7 runs`,
  )
  console.log(`  first search (builds the index):   ${format(index)}`)
  const all: Array<{ wall: number; cpu: number }> = []
  for (const query of queries) {
    const iterations = 500
    const spent = time(() => {
      for (let i = 0; i < iterations; i++) discovery.search({ query, limit: 10 })
    })
    const each = { wall: spent.wall / iterations, cpu: spent.cpu / iterations }
    all.push(each)
    console.log(`    query ${JSON.stringify(query).padEnd(30)} ${format(each, "µs")}`)
  }
  const mean = {
    wall: all.reduce((s, x) => s + x.wall, 0) / all.length,
    cpu: all.reduce((s, x) => s + x.cpu, 0) / all.length,
  }
  console.log(`  one query, mean over the ${queries.length} queries: ${format(mean, "µs")}`)
}

// A fixed loop as a yardstick: on a loaded machine even CPU time inflates (shared caches, SMT), so the figures
// above are comparable across runs only relative to this one.
const calibration = time(() => {
  let sum = 0
  for (let i = 0; i < 1e8; i++) sum += i % 7
  if (sum < 0) console.log(sum)
})
console.log(`calibration: a 1e8-iteration loop takes ${format(calibration)} (about 100 ms on an idle modern core)`)

measure("JSON Schema tools", () => jsonTree(100, 100), 10_000)
measure("Effect Schema tools", () => effectTree(100, 100), 10_000)
