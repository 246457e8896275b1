// CLI start-up (issue 18: `codemode --help` under 300 ms): wall time of a whole `node dist/src/cli/main.js …` process,
// next to a bare `node -e 0` in the same run, so the figure reads as "Node itself + what our imports add".
import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Row } from "./measure.js"

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "cli", "main.js")

/** Median wall time (ms) of a fresh process, after one warm-up (file cache). */
const processMs = (args: ReadonlyArray<string>, runs: number): number => {
  const samples: number[] = []
  for (let i = 0; i <= runs; i++) {
    const start = performance.now()
    const result = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "ignore"] })
    if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`)
    if (i > 0) samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]!
}

export const startupRows = (runs = 11): Row[] => {
  const node = processMs(["-e", "0"], runs)
  const row = (id: string, label: string, args: ReadonlyArray<string>): Row => {
    const ms = processMs([main, ...args], runs)
    return {
      id,
      label,
      ours: ms,
      quickjs: undefined,
      v8: undefined,
      note: `node -e 0: ${node.toFixed(0)} ms in this run; ours adds ${(ms - node).toFixed(0)} ms (target: --help < 300 ms)`,
    }
  }
  return [
    row("C1", "codemode --help (whole process)", ["--help"]),
    row("C2", "codemode run --help (whole process)", ["run", "--help"]),
    row("C3", "codemode --version (whole process)", ["--version"]),
  ]
}
