// Frontend speed (brief target: median warm `normalize` of a typical 30-line program < 0.5 ms per dialect). Prints
// figures only; no timed tests. Run: `npm run bench:frontend` (builds, then runs dist/scripts/bench-frontend.js).
import { performance } from "node:perf_hooks"
import { normalize } from "../src/Frontend.js"
import { programs, tools } from "./bench/frontend.js"

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

console.log("dialect     detected    changes  median ms  (target < 0.5)")
for (const [dialect, input] of Object.entries(programs)) {
  const options = { tools, limits: { timeoutMs: 60_000 } }
  const first = normalize(input, options)
  for (let i = 0; i < 300; i++) normalize(input, options)
  const times: number[] = []
  for (let i = 0; i < 1000; i++) {
    const t = performance.now()
    normalize(input, options)
    times.push(performance.now() - t)
  }
  const d = first.diagnostics[0]
  const ok = first.ok ? "" : `  (diagnostic: ${d?.message} at ${d?.location?.line}:${d?.location?.column})`
  console.log(
    `${dialect.padEnd(12)}${String(first.receipt.dialect ?? "-").padEnd(12)}${String(first.receipt.changes.length).padStart(7)}  ${median(times).toFixed(3).padStart(9)}${ok}`,
  )
}
