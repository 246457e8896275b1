import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { coverageFiles } from "../src/corpus/coverage-files.js"
import { readGaps, syncGaps } from "../src/corpus/known-gaps.js"
import { runCorpus, type CorpusReport } from "../src/corpus/runner.js"

/**
 * Writes `corpus/COVERAGE.md` and `corpus/coverage.svg` (issue "Corpus …", part 3). With two file arguments it renders
 * saved `codemode corpus --json` outputs (frontend on, then off); without, it runs the bundled corpus both ways.
 * `--sync-gaps` also rewrites `corpus/known-gaps.json` from the frontend-on run (new failures get the runner's
 * message as a first reason; fixed cases are dropped).
 */
const args = process.argv.slice(2)
const syncing = args.includes("--sync-gaps")
const [onFile, offFile] = args.filter((a) => a !== "--sync-gaps")
const root = "corpus"
const read = (file: string): CorpusReport => JSON.parse(readFileSync(file, "utf8")) as CorpusReport
const on = onFile ? read(onFile) : await runCorpus(root)
const off = offFile ? read(offFile) : await runCorpus(root, { frontend: false })
const { markdown, svg } = await coverageFiles(on, off, join(root, "COVERAGE.md"))
writeFileSync(join(root, "COVERAGE.md"), markdown)
writeFileSync(join(root, "coverage.svg"), svg)
process.stdout.write(
  `wrote ${root}/COVERAGE.md and ${root}/coverage.svg: ${on.ok}/${on.total} ok (frontend off: ${off.ok})\n`,
)
if (syncing) {
  const gapsFile = join(root, "known-gaps.json")
  const { gaps } = readGaps(gapsFile, JSON.parse(readFileSync(gapsFile, "utf8")))
  const synced = syncGaps(on.cases, gaps)
  writeFileSync(gapsFile, `${JSON.stringify(synced, null, 2)}\n`)
  process.stdout.write(`wrote ${gapsFile}: ${synced.length} known gaps (was ${gaps.length})\n`)
}
