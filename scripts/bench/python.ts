// Python rows (docs/python.md): W1–W3 written in Python, run through the frontend and the runtime (text to Result, as
// runtime.run does), beside the same programs under CPython (python3, timed inside one process).
import { spawnSync } from "node:child_process"
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import { timed, timing, type Row, type Timing } from "./measure.js"
import type { Section } from "./section.js"

const PW1 = `s = 0
for i in range(100000):
    s += i
s`

const PW2 = `def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
fib(20)`

const PW3 = `items = []
for i in range(10000):
    items.append({"id": i, "name": "item" + str(i), "price": i % 97, "tags": ["a"] if i % 3 == 0 else []})
total = sum(x["price"] * 2 for x in items if x["price"] > 10 and len(x["tags"]) == 0)
total`

const WORKLOADS: ReadonlyArray<readonly [string, string, string]> = [
  ["PW1", "Python: loop 100k", PW1],
  ["PW2", "Python: fib(20)", PW2],
  ["PW3", "Python: 10k dicts filter/map/sum", PW3],
]

/** CPython's p50/p99 of compiling and running `source` `runs` times after `warmup` runs, in one process. */
const cpython = (source: string, runs: number, warmup: number): Timing | undefined => {
  const script = [
    "import sys, time, json",
    "src = sys.stdin.read()",
    "def once():",
    "    exec(compile(src, '<bench>', 'exec'), {})",
    `for _ in range(${warmup}): once()`,
    "out = []",
    `for _ in range(${runs}):`,
    "    t = time.perf_counter(); once(); out.append((time.perf_counter() - t) * 1000)",
    "print(json.dumps(sorted(out)))",
  ].join("\n")
  const r = spawnSync("python3", ["-c", script], { input: source, encoding: "utf8" })
  if (r.status !== 0) return undefined
  const samples = JSON.parse(r.stdout) as number[]
  return { p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.ceil(samples.length * 0.99) - 1]! }
}

const ours = (source: string) => {
  const runtime = CodeMode.make({ tools: {} })
  return async () => {
    const result = await Effect.runPromise(runtime.run({ code: source }))
    if (!result.ok) throw new Error(`ours: ${result.error.kind}: ${result.error.message}`)
    return result.value
  }
}

export const pythonSection: Section = {
  ids: WORKLOADS.map(([id]) => id),
  what: "W1–W3 written in Python: ours (Python text to Result) vs CPython 3 in the V8 column",
  env: "BENCH_PYTHON",
  inputs: WORKLOADS.map(([, , source]) => source),
  run: async (_rows, want) => {
    const out: Row[] = []
    for (const [id, label, source] of WORKLOADS) {
      if (!want(id)) continue
      const reference = cpython(source, 15, 3)
      out.push({
        id,
        label,
        ...timed(await timing(ours(source), 15, 3), undefined, reference),
        note: `the V8 column is CPython (python3 -c, exec of the text per sample)${reference ? "" : ": python3 not found"}`,
      })
    }
    return out
  },
}
