import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { coverageFiles } from "../src/corpus/coverage-files.js"
import { runCorpus, type CorpusReport } from "../src/corpus/runner.js"

/**
 * Writes `corpus/COVERAGE.md` and `corpus/coverage.svg` (issue "Corpus …", part 3). With two arguments it renders
 * saved `codemode corpus --json` outputs (frontend on, then off); without, it runs the bundled corpus both ways.
 */
const [onFile, offFile] = process.argv.slice(2)
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
