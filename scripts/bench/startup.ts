// CLI start-up (issue 18: `codemode --help` under 300 ms): wall time of a whole `node dist/bin/codemode.js …` process
// next to a bare `node -e 0` in the same run, so the figure reads as "Node itself + what our imports add".
import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Row } from "./measure.js"

// The executable as it ships (package.json "bin"): the bundle scripts/bundle.ts builds.
const main = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "codemode.js")

/** Median wall time (ms) of a fresh process, after one warm-up (file cache); `input` is written to its stdin. */
const processMs = (args: ReadonlyArray<string>, runs: number, input?: string): number => {
  const samples: number[] = []
  for (let i = 0; i <= runs; i++) {
    const start = performance.now()
    const result = spawnSync(process.execPath, args, {
      stdio: [input === undefined ? "ignore" : "pipe", "ignore", "ignore"],
      ...(input === undefined ? {} : { input }),
    })
    if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`)
    if (i > 0) samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]!
}

export const startupRows = (runs = 11): Row[] => {
  const node = processMs(["-e", "0"], runs)
  const row = (id: string, label: string, args: ReadonlyArray<string>, input?: string): Row => {
    const ms = processMs([main, ...args], runs, input)
    return {
      id,
      label,
      ours: ms,
      quickjs: undefined,
      v8: undefined,
      note: `node -e 0: ${node.toFixed(0)} ms in this run; ours adds ${(ms - node).toFixed(0)} ms (target: ${input === undefined ? "--help" : "start-up"} < 300 ms)`,
    }
  }
  return [
    row("C1", "codemode --help (whole process)", ["--help"]),
    row("C2", "codemode run --help (whole process)", ["run", "--help"]),
    row("C3", "codemode --version (whole process)", ["--version"]),
    // A whole `run` of the smallest program: the runtime, the frontend and Effect load, the program runs, the
    // answer prints; C5 adds the default isolation's child process (which loads the interpreter again).
    row(
      "C4",
      "codemode run of 'return 1', --isolation none (whole process)",
      ["run", "--isolation", "none", "-"],
      "return 1",
    ),
    row("C5", "codemode run of 'return 1', default isolation (whole process)", ["run", "-"], "return 1"),
  ]
}
