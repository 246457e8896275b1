// `npm run conformance -- [--snapshot 1.18.16|v2|all] [--reference] [--list]`
// Runs the reference's own test suite (`@opencode-ai/codemode` 1.18.16, and its later v2 line) against this package,
// prints the figures, and checks the outcome against the committed list of known differences
// (test/conformance/opencode-differences.json): a listed test that now passes, or a failing test that is not
// listed, fails the check, the way engine262 keeps its test262 skip list honest. See docs/conformance.md.
//
// The suite is not part of this repository: it is looked up in $OPENCODE_CONFORMANCE, else in the team workshop's
// conformance folder beside the repository (or beside its parent, for a git worktree). When it is absent the script
// says so and exits 0.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { checkDifferences, type Differences, type Row, SNAPSHOTS, type Snapshot } from "./conformance/check.js"

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const LIST = join(repo, "test", "conformance", "opencode-differences.json")

const usage = `usage: npm run conformance -- [--snapshot 1.18.16|v2|all] [--reference] [--list]
  --snapshot <s>   which reference line to run (default all)
  --reference      also run the reference's suite on the reference itself (slower)
  --list           print every failing test that is not listed, as JSON entries to fill in
environment: OPENCODE_CONFORMANCE=<suite folder holding run.sh>, CONFORMANCE_WORK=<scratch dir> (default .cache/conformance)`

const argv = process.argv.slice(2)
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(usage)
  process.exit(0)
}
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const wanted = option("--snapshot") ?? "all"
if (wanted !== "all" && !SNAPSHOTS.includes(wanted as Snapshot)) {
  console.error(`unknown snapshot '${wanted}'\n${usage}`)
  process.exit(2)
}
const snapshots: ReadonlyArray<Snapshot> = wanted === "all" ? SNAPSHOTS : [wanted as Snapshot]

// The workshop sits beside the canonical checkout; a git worktree of it lives one folder deeper.
const candidates =
  process.env["OPENCODE_CONFORMANCE"] !== undefined
    ? [process.env["OPENCODE_CONFORMANCE"]]
    : [1, 2].map((up) => join(repo, ...Array<string>(up).fill(".."), "shared", "conformance", "opencode"))
const suite = candidates.find((dir) => existsSync(join(dir, "run.sh")))
if (suite === undefined) {
  console.log(
    `conformance: skipped - the reference suite is not here (looked in ${candidates.join(", ")}; set OPENCODE_CONFORMANCE to its folder)`,
  )
  process.exit(0)
}

const work = process.env["CONFORMANCE_WORK"] ?? join(repo, ".cache", "conformance")
const differences = JSON.parse(readFileSync(LIST, "utf8")) as Differences
let failed = false
for (const snapshot of snapshots) {
  console.log(`== ${snapshot}: running the reference's tests against dist/ (first run installs bun from npm)`)
  execFileSync("bash", [join(suite, "run.sh")], {
    cwd: repo,
    env: {
      ...process.env,
      PROJECT: repo,
      WORK: work,
      SNAPSHOT: snapshot,
      REF_SUITE: argv.includes("--reference") ? "1" : "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  const result = JSON.parse(readFileSync(join(work, `ours-${snapshot}`, "result-ours-bun.json"), "utf8")) as {
    rows: ReadonlyArray<Row>
  }
  const report = checkDifferences(result.rows, differences[snapshot] ?? {})
  console.log(report.summary)
  for (const line of report.problems) console.log(`  ${line}`)
  if (argv.includes("--list") && report.unlisted.length > 0)
    console.log(JSON.stringify(Object.fromEntries(report.unlisted.map((k) => [k, ""])), null, 2))
  if (report.problems.length > 0) failed = true
}
if (failed) {
  console.log(`conformance: the outcome differs from ${LIST.slice(repo.length + 1)} (see above)`)
  process.exit(1)
}
