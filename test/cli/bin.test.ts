import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

/**
 * The built executable (package.json "bin"): the shebang, and that `main`'s status becomes the process exit code.
 * Runs only after `npm run build`; everything else is tested in-process through `main` (cli.test.ts).
 */
const BIN = "dist/bin/codemode.js"
const built = existsSync(BIN)

describe.skipIf(!built)("the built codemode executable", () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 })

  it("starts with a node shebang", () => {
    expect(readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true)
  })

  it("exits 0 with --help, 2 on a bad flag with one line on stderr", () => {
    const help = run("--help")
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: codemode/)
    const bad = run("corpus", "corpus", "--bogus")
    expect(bad.status).toBe(2)
    expect(bad.stderr).toBe("codemode corpus: Unknown option --bogus (see codemode corpus --help)\n")
  })

  it("exits 2 when the corpus root does not exist (a usage error)", () => {
    const missing = run("corpus", "no/such/root")
    expect(missing.status).toBe(2)
    expect(missing.stderr).toBe("codemode corpus: no/such/root: no such directory\n")
  })
})
