import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { MAX_SOURCE_LENGTH } from "../../src/syntax/parse.js"

/**
 * `codemode run` isolates by default (issue 14: "the default for the CLI and the MCP gateway is the isolated mode"),
 * proven through the built executable as a user runs it, by an outcome only a supervised sandbox produces: the heap
 * cap's own message. The program is an array literal of half a million elements in a source at the program size
 * limit (1 MB): parsing and compiling it grows a process by about 170 MB (resident, measured with --isolation none:
 * 67 MB for `return 1`, 236 MB for this; since the parse builds no location objects, half the source grows it by
 * about 100 MB and no longer outgrows the sandbox), where no estimate of the interpreter looks, so in a sandbox
 * capped for a 1 MB budget (its baseline + 2 MB, src/isolation/pool.ts `heapCapMb`) V8 runs out of heap and the
 * supervisor reports it. The same command with `--isolation none` is the control: it must not end with that message
 * (the interpreter's own estimate stops it), so the test fails if the default silently became `none`. The frontend is
 * off (`--no-frontend`) so the host does not also normalize a megabyte: one sandbox start and one in-process parse.
 * Runs only after `npm run build`.
 */
const BIN = "dist/bin/codemode.js"
const BUDGET = 1_000_000
const SOURCE_LENGTH = MAX_SOURCE_LENGTH

const dir = mkdtempSync(join(tmpdir(), "codemode-isolation-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const program = join(dir, "big-array.js")
writeFileSync(program, `return [${"0,".repeat((SOURCE_LENGTH - 32) / 2)}].length`)

const run = (...flags: string[]) => {
  const args = [BIN, "run", program, "--no-frontend", "--memory", String(BUDGET), "--timeout", "120000", "--json"]
  const child = spawnSync(process.execPath, [...args, ...flags], { encoding: "utf8", timeout: 240_000 })
  expect(child.stderr).toBe("")
  expect(child.status).toBe(1)
  return JSON.parse(child.stdout) as { ok: boolean; error?: { kind: string; message: string } }
}

const SANDBOX_HEAP_CAP =
  `Execution exceeded its memory budget of ${BUDGET} bytes (limits.maxMemoryBytes): the sandbox ran out of heap ` +
  "and was stopped."

describe.skipIf(!existsSync(BIN))("codemode run isolates by default", () => {
  it("says so in --help", () => {
    const help = spawnSync(process.execPath, [BIN, "run", "--help"], { encoding: "utf8", timeout: 60_000 })
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/--isolation <mode> +where the program runs: process \(default: a child process/)
  })

  it("without --isolation, a program that outgrows the sandbox heap ends with the heap cap's message", () => {
    const isolated = run()
    expect(isolated).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: SANDBOX_HEAP_CAP } })
    // The control: in-process, the same program meets the interpreter's estimate, never a sandbox.
    const inProcess = run("--isolation", "none")
    expect(inProcess).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    expect(inProcess.error!.message).not.toContain("sandbox")
    expect(inProcess.error!.message).toContain(`memory budget of ${BUDGET} bytes`)
  }, 300_000)
})
