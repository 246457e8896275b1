import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { streamAsk, type Ask } from "../../src/cli/approve.js"
import { main } from "../../src/cli/cli.js"

/**
 * `codemode run --approve` against the real runtime, with the shop toolset of the corpus. The gate runs in the host
 * whatever the isolation: the first test, the timeout (whose end must reach a pending question from the sandbox's
 * supervisor; it reuses the first test's sandbox, warm) run programs in the default sandbox process; the others,
 * the built executable's included, use `--isolation none` (a sandbox's start-up is a CPU-second, at low priority,
 * that proves nothing more here: the gate and the terminal are the host's).
 */
const SHOP = "corpus/toolsets/shop.json"
const dir = mkdtempSync(join(tmpdir(), "codemode-approve-"))
const program = (name: string, code: string) => {
  const path = join(dir, name)
  writeFileSync(path, code)
  return path
}
const LIST = program(
  "list.js",
  `let r
try { r = await tools.orders.list({ status: "open" }) } catch (e) { return "refused: " + e.message }
return r.length`,
)
const TWO = program(
  "two.js",
  `const a = await tools.customers.search({ query: "Ada" })
let b = "ran"
try { await tools.payments.refund({ orderId: "o-1", amount: 1 }) } catch (e) { b = e.message }
return { a: a.length > 0, b }`,
)

const cli = async (argv: string[], io: { terminal: boolean; ask?: Ask }) => {
  let stdout = ""
  let stderr = ""
  const status = await main(argv, {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    readStdin: async () => "",
    stdinIsTerminal: io.terminal,
    ask: io.ask,
  })
  return { status, stdout, stderr }
}

/** A terminal made of two streams: what the user types, and what the prompt writes. */
const terminal = (typed: string | undefined) => {
  const input = new PassThrough()
  const output = new PassThrough()
  let shown = ""
  output.on("data", (chunk) => (shown += String(chunk)))
  const ask: Ask = (question, signal) => {
    const asked = streamAsk(input, output)(question, signal)
    if (typed !== undefined) setImmediate(() => (typed === "" ? input.end() : input.write(typed)))
    return asked
  }
  return { ask, shown: () => shown }
}

describe("codemode run --approve", () => {
  it("without a terminal, a covered call is denied with a reason that says so; others run", async () => {
    const { status, stdout } = await cli(["run", TWO, "--tools", SHOP, "--approve", "payments", "--json"], {
      terminal: false,
    })
    expect(status).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({
      ok: true,
      value: {
        a: true,
        b: "Tool call 'payments.refund' was denied: approval is asked on a terminal and stdin is not one (codemode run --approve)",
      },
      toolCalls: [{ name: "customers.search" }, { name: "payments.refund" }],
    })
  })

  it("asks Allow tools.x.y({...})? [y/N]; y runs the call", async () => {
    const term = terminal("y\n")
    const { stdout } = await cli(
      ["run", LIST, "--tools", SHOP, "--approve", "orders.list", "--isolation", "none", "--json"],
      { terminal: true, ask: term.ask },
    )
    expect(term.shown()).toBe('Allow tools.orders.list({"status":"open"})? [y/N] ')
    const result = JSON.parse(stdout)
    expect(result.ok).toBe(true)
    expect(typeof result.value).toBe("number")
  })

  for (const [typed, reason] of [
    ["n\n", "denied on the terminal"],
    ["\n", "denied on the terminal"],
    ["sure\n", "denied on the terminal"],
    ["", "no answer on the terminal"],
  ] as const)
    it(`answering ${JSON.stringify(typed)} denies (${reason})`, async () => {
      const term = terminal(typed)
      const { stdout } = await cli(["run", LIST, "--tools", SHOP, "--approve", "*", "--isolation", "none", "--json"], {
        terminal: true,
        ask: term.ask,
      })
      expect(JSON.parse(stdout)).toMatchObject({
        ok: true,
        value: `refused: Tool call 'orders.list' was denied: ${reason}`,
      })
    })

  it("the run's timeout ends a pending question and the run", async () => {
    // The deadline must leave the program time to reach its call; the sandbox runs at low priority, and on a loaded
    // machine it can wait seconds for a core. A run that timed out before the question was asked had nothing to end
    // and proves nothing either way: it is run again with twice the deadline (2, 4, then 8 s). Whatever run asked
    // must have its question ended by the timeout, and the run end in TimeoutExceeded.
    for (const timeout of [2_000, 4_000, 8_000]) {
      let asked = false
      let aborted = false
      const ask: Ask = (_question, signal) => {
        asked = true
        return new Promise((resolve) => signal.addEventListener("abort", () => ((aborted = true), resolve(undefined))))
      }
      const { status, stdout } = await cli(
        ["run", LIST, "--tools", SHOP, "--approve", "orders", "--timeout", String(timeout), "--json"],
        { terminal: true, ask },
      )
      expect(status).toBe(1)
      expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
      if (!asked && timeout < 8_000) continue
      expect(asked, `the program reached its call within ${timeout} ms`).toBe(true)
      expect(aborted).toBe(true)
      return
    }
  }, 60_000)

  it("a name that matches no tool is a usage error (a typo must not leave a tool ungated)", async () => {
    const { status, stderr } = await cli(["run", LIST, "--tools", SHOP, "--approve", "orders.lst"], {
      terminal: false,
    })
    expect(status).toBe(2)
    expect(stderr).toMatch(/^codemode run: --approve orders\.lst: no such tool or namespace \(tools: .*orders\.list, /)
    expect(stderr.split("\n")).toHaveLength(2)
  })
})

/** The built executable, as a user runs it: stdin piped (deny) and a pseudo-terminal from `script` (ask). */
const BIN = "dist/bin/codemode.js"
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0
describe.skipIf(!existsSync(BIN))("the codemode executable with --approve", () => {
  it("denies when stdin is a pipe", () => {
    const args = [BIN, "run", LIST, "--tools", SHOP, "--approve", "orders.list", "--isolation", "none"]
    const run = spawnSync(process.execPath, args, {
      input: "y\n",
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(run.stdout).toContain(
      `answer: "refused: Tool call 'orders.list' was denied: approval is asked on a terminal and stdin is not one`,
    )
    expect(run.status).toBe(0)
  })

  it.skipIf(!hasScript)("asks on a terminal and runs the call on y", () => {
    const command = `${process.execPath} ${BIN} run ${LIST} --tools ${SHOP} --approve orders --isolation none`
    const run = spawnSync("script", ["-q", "-e", "-c", command, "/dev/null"], {
      input: "y\n",
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(run.stdout).toContain('Allow tools.orders.list({"status":"open"})? [y/N] ')
    expect(run.stdout).toMatch(/answer: \d+\r?\n/)
    expect(run.status).toBe(0)
  })
})
