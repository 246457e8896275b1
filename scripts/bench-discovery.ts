// Discovery at scale (brief: one query over 10,000 tools < 1 ms; prepare + instructions() < 50 ms). Prints
// figures only; no timed tests. Run: `npm run bench:discovery` (builds, then runs dist/scripts/bench-discovery.js).
import { performance } from "node:perf_hooks"
import type { Tree } from "../src/tool/Tool.js"
import { prepareDiscovery } from "../src/discovery/index.js"
import { effectTree, jsonTree } from "./bench/discovery.js"

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
