// `npm run fuzz`: long fuzzing runs (issue 9 item 4). Each property of test/fuzz/properties.ts runs for --runs
// programs under --seed (random unless given, always printed); a failure is shrunk by fast-check and saved as JSON
// under test/fuzz/regressions/, which test/fuzz/regressions.test.ts replays in `npm test`.
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { PROPERTIES } from "../test/fuzz/properties.js"
import { describeReport, runProperty } from "../test/fuzz/runner.js"

const HELP = `usage: npm run fuzz -- [--runs N] [--seed S] [--property NAME|all] [--save-dir DIR]

  --runs N         programs per property (default 1000000)
  --seed S         fast-check seed (default: random, printed)
  --property NAME  one of: ${Object.keys(PROPERTIES).join(", ")}, or all (default all)
  --save-dir DIR   where shrunk counterexamples are written (default test/fuzz/regressions)
  --help           this text

Properties:
${Object.values(PROPERTIES)
  .map((p) => `  ${p.name.padEnd(13)} ${p.description}`)
  .join("\n")}

Exit code 1 when any property failed. Reliability at the issue's counts: --property parser --runs 100000 is the
100,000 parser inputs; the 10,000 sequential executions run in full in npm test (test/fuzz/reliability.test.ts).`

const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  if (i < 0) return undefined
  const v = args[i + 1]
  if (v === undefined || v.startsWith("--")) throw new Error(`--${name} needs a value`)
  return v
}
const integer = (name: string, fallback: number): number => {
  const v = option(name)
  if (v === undefined) return fallback
  const n = Number(v.replaceAll("_", ""))
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got ${v}`)
  return n
}

const main = async (): Promise<number> => {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(HELP)
    return 0
  }
  const runs = integer("runs", 1_000_000)
  const seed = integer("seed", Math.floor(Math.random() * 2 ** 31))
  const which = option("property") ?? "all"
  if (which !== "all" && !(which in PROPERTIES)) throw new Error(`unknown property ${which}\n\n${HELP}`)
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
  const saveDir = path.resolve(option("save-dir") ?? path.join(repo, "test", "fuzz", "regressions"))
  const names = which === "all" ? Object.keys(PROPERTIES) : [which]
  console.log(`fuzz: seed ${seed}, ${runs} programs per property, properties ${names.join(", ")}`)
  console.log(`fuzz: replay with --seed ${seed}; counterexamples go to ${saveDir}`)
  let failed = 0
  for (const name of names) {
    const t0 = Date.now()
    let last = t0
    const report = await runProperty(PROPERTIES[name]!, {
      runs,
      seed,
      saveDir,
      onProgress: (n) => {
        const now = Date.now()
        if (now - last < 10_000 && n !== runs) return
        last = now
        const rate = (1000 * n) / Math.max(1, now - t0)
        const eta = (runs - n) / Math.max(rate, 1e-9)
        console.log(`  ${name}: ${n}/${runs} (${rate.toFixed(0)}/s, ~${Math.ceil(eta / 60)} min left)`)
      },
    })
    const stats = PROPERTIES[name]!.stats?.()
    console.log(describeReport(report) + (stats === undefined ? "" : `; ${stats}`))
    if (report.failure !== undefined) failed++
  }
  console.log(failed === 0 ? "fuzz: all properties held" : `fuzz: ${failed} properties failed (seed ${seed})`)
  return failed === 0 ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(String((e as Error)?.message ?? e))
    process.exit(2)
  },
)
