// Bytes allocated by one W6 execution, stage by stage (the investigation aid behind docs/performance-design.md's cold-start
// paragraph; prints, never asserts). The young generation is made large enough (the script re-runs itself with
// --max-semi-space-size) that no collection runs inside a step, so the growth of the used heap across a step is
// what the step allocated; the median of the samples is printed (a sample a collection fell into is an outlier).
//   node dist/scripts/bench/alloc.js                      this build
//   node dist/scripts/bench/alloc.js /other/checkout/dist  this build and others, samples interleaved (A/B)
// Stages: parse (a new text), compile (a fresh AST), run (a fresh compiled program against a fresh host: the
// whole run, tool outputs included), calls (a program that only makes W6's tool calls: the outputs' copies and the
// calls' promises), cold (CodeMode.make + execute of a new text: what W6c allocates). N samples after W warm-ups.
// METRIC=cpu prints CPU time per step instead (user + system, median; default young generation, collections
// included), for an interleaved A/B of the same stages.
import { spawnSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import * as v8 from "node:v8"
import { Effect } from "effect"

const cpu = process.env.METRIC === "cpu"
if (!cpu && !process.execArgv.some((a) => a.startsWith("--max-semi-space-size"))) {
  const child = spawnSync(process.execPath, ["--max-semi-space-size=256", ...process.argv.slice(1)], {
    stdio: "inherit",
  })
  process.exit(child.status ?? 1)
}

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const roots = [here, ...process.argv.slice(2).map((d) => path.resolve(d))]
const N = Number(process.env.N ?? 40)
const W = Number(process.env.W ?? 20)

const CALLS = `const customers = await tools.shop.listCustomers({ active: true })
const pages = await Promise.all([0, 1, 2, 3].map((page) => tools.shop.listOrders({ page, status: "open" })))
const prices = await Promise.all(["s1", "s2", "s3", "s13"].map((sku) => tools.shop.price({ sku })))
await tools.shop.audit({ ids: ["o1", "o2", "o3"] })
return 0`

interface Build {
  readonly name: string
  readonly steps: Record<string, (i: number) => unknown>
  /** Untimed preparation of sample i's input. */
  readonly prepare: (i: number) => void
}

const load = async (root: string): Promise<Build> => {
  const at = (p: string) => import(pathToFileURL(path.join(root, p)).href)
  const { CodeMode } = await at("src/index.js")
  const { parseProgram } = await at("src/syntax/parse.js")
  const { interpreter } = await at("src/runtime/engine.js")
  const { runCompiled } = await at("src/runtime/execute.js")
  const { resolveLimits } = await at("src/runtime/limits.js")
  const { prepareTree } = await at("src/runtime/tree.js")
  const { toolsFor } = await at("scripts/bench/ours.js")
  const { W6 } = await at("scripts/bench/workloads.js")
  const text = (i: number) => W6 + `\n// ${i}`
  const compile = (source: string) => {
    const p = parseProgram(source)
    const c = p.ok ? interpreter().compile(p.program, p.code) : undefined
    if (!c?.ok) throw new Error("does not compile")
    return c.program
  }
  const prepared = () => ({
    tree: prepareTree({ shop: toolsFor("shop").shop }),
    search: undefined,
    hooks: {},
    resolved: new WeakMap(),
    store: new Map(),
  })
  const limits = resolveLimits(undefined)
  let ast = parseProgram(text(-1))
  let program = compile(text(-1))
  let calls = compile(CALLS + "\n// -1")
  let host = prepared()
  const run = async (p: unknown) => {
    const r: { ok: boolean } = await Effect.runPromise(runCompiled(host, p, limits))
    if (!r.ok) throw new Error(JSON.stringify(r))
  }
  return {
    name: path.relative(process.cwd(), root) || ".",
    steps: {
      parse: (i) => parseProgram(text(i)),
      compile: () => interpreter().compile(ast.program, ast.code),
      run: () => run(program),
      calls: () => run(calls),
      cold: async (i) => {
        const r: { ok: boolean } = await Effect.runPromise(CodeMode.make({ tools: toolsFor("shop") }).execute(text(i)))
        if (!r.ok) throw new Error(JSON.stringify(r))
      },
    },
    prepare: (i) => {
      ast = parseProgram(text(i))
      program = compile(text(i))
      calls = compile(CALLS + `\n// ${i}`)
      host = prepared()
    },
  }
}

const builds = await Promise.all(roots.map(load))
const stages = Object.keys(builds[0]!.steps)
const used = cpu
  ? () => {
      const u = process.cpuUsage()
      return u.user + u.system
    }
  : () => v8.getHeapStatistics().used_heap_size
const samples = builds.map(() => new Map(stages.map((s) => [s, [] as Array<number>])))
for (let i = 0; i < W + N; i++) {
  for (const [b, build] of builds.entries()) {
    build.prepare(i)
    for (const stage of stages) {
      const before = used()
      await build.steps[stage]!(i)
      const grown = used() - before
      if (i >= W) samples[b]!.get(stage)!.push(grown)
    }
  }
}
// What reading the heap size itself allocates.
const empty: Array<number> = []
for (let i = 0; i < 50; i++) {
  const before = used()
  await Promise.resolve()
  empty.push(used() - before)
}
const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const base = median(empty)
const kb = (n: number) => (cpu ? `${n} µs` : `${((n - base) / 1024).toFixed(1)} KB`)
console.log(["stage".padEnd(8), ...builds.map((b) => b.name.padStart(14))].join("  "))
for (const stage of stages)
  console.log([stage.padEnd(8), ...samples.map((s) => kb(median(s.get(stage)!)).padStart(14))].join("  "))
