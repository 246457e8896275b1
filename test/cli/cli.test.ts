import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { fakeEngine } from "../corpus/fake-engine.js"
import { aCase, shop, writeCorpus } from "../corpus/helpers.js"
import { main } from "../../src/cli/cli.js"
import { runCli } from "./capture.js"

/** Calls the CLI in-process with captured streams and the node:vm stand-in engine. */
const cli = (argv: string[], stdin = "") => runCli(argv, { stdin, engine: fakeEngine })

const root = writeCorpus({
  "toolsets/shop.json": shop,
  "cases.cases.json": [aCase({ id: "good" }), aCase({ id: "bad", input: { code: "return 1" } })],
})
const toolsetFile = join(root, "toolsets", "shop.json")
const file = (name: string, content: string) => {
  const path = join(root, name)
  writeFileSync(path, content)
  return path
}

/** Every error path prints exactly one line on stderr and no stack trace. */
const oneLine = (stderr: string) => {
  expect(stderr.trimEnd().split("\n")).toHaveLength(1)
  expect(stderr).not.toMatch(/\n\s+at /)
}

describe("codemode (usage and exit codes)", () => {
  it("prints the usage: on stderr with status 2 without a command, on stdout with --help", async () => {
    const none = await cli([])
    expect(none).toMatchObject({ status: 2, stdout: "" })
    expect(none.stderr).toMatch(/^usage: codemode <command>/)
    const help = await cli(["--help"])
    expect(help).toMatchObject({ status: 0, stderr: "" })
    expect(help.stdout).toContain("corpus <root>")
  })

  it("has --help for each command", async () => {
    for (const command of ["corpus", "run", "normalize", "instructions"]) {
      const r = await cli([command, "--help"])
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(new RegExp(`^usage: codemode ${command}`))
    }
    expect((await cli(["help", "run"])).stdout).toMatch(/^usage: codemode run/)
  })

  it("rejects an unknown command or flag with one line and status 2", async () => {
    const unknown = await cli(["frobnicate"])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('unknown command "frobnicate"')
    oneLine(unknown.stderr)
    const flag = await cli(["corpus", root, "--bogus"])
    expect(flag.status).toBe(2)
    expect(flag.stderr).toBe("codemode corpus: Unknown option --bogus (see codemode corpus --help)\n")
    oneLine(flag.stderr)
    const missingValue = await cli(["corpus", root, "--dialect"])
    expect(missingValue.status).toBe(2)
    oneLine(missingValue.stderr)
  })
})

describe("codemode corpus", () => {
  it("prints the table and exits 0 whatever the coverage", async () => {
    const r = await cli(["corpus", root])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(`corpus ${root} (frontend on): 1/2 ok (50.0%)`)
    // One silently wrong answer, which V8 gives too: "ran ok, wrong" counts it, "≠ native" does not.
    expect(r.stdout).toMatch(/^dialect +cases +normalized +executed +ok +ok% +ran ok, wrong +≠ native$/m)
    expect(r.stdout).toMatch(/^opencode +2 +2 +2 +1 +50\.0% +1 +0$/m)
    expect(r.stdout).toContain("bad (opencode) [program (V8 agrees)]: wrong answer: expected")
  })

  it("--no-v8 reports the wrong answer without attributing it", async () => {
    const r = await cli(["corpus", root, "--no-v8"])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain("bad (opencode)")
    expect(r.stdout).toContain("wrong answer: expected")
    expect(r.stdout).not.toContain("V8 agrees")
    const json = JSON.parse((await cli(["corpus", root, "--json", "--no-v8"])).stdout)
    expect(json.cases.every((c: { cause?: unknown }) => c.cause === undefined)).toBe(true)
  })

  it("prints exactly the object of docs/corpus-format.md#json-report with --json", async () => {
    const r = await cli(["corpus", root, "--json", "--no-frontend"])
    expect(r.status).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(Object.keys(report)).toEqual(["root", "frontend", "total", "ok", "byDialect", "cases"])
    expect(report).toMatchObject({ root, frontend: false, total: 2, ok: 1 })
  })

  it("shows the frontend-off baseline beside the table with --baseline", async () => {
    const r = await cli(["corpus", root, "--baseline"])
    expect(r.stdout).toMatch(/^dialect .* baseline ok +baseline%$/m)
  })

  it("filters with --dialect", async () => {
    const r = await cli(["corpus", root, "--json", "--dialect", "pi"])
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 0, cases: [] })
    expect((await cli(["corpus", root, "--dialect", "pi"])).stdout).toBe(
      `corpus ${root}: no cases for dialect pi (the corpus has: opencode)\n`,
    )
  })

  it("exits 1 below --min-ok and 0 at or above it; a bad ratio is a usage error", async () => {
    const below = await cli(["corpus", root, "--min-ok", "0.9"])
    expect(below.status).toBe(1)
    expect(below.stderr).toBe("codemode corpus: 1/2 ok is below --min-ok 0.9\n")
    expect((await cli(["corpus", root, "--min-ok", "0.5"])).status).toBe(0)
    const bad = await cli(["corpus", root, "--min-ok", "lots"])
    expect(bad.status).toBe(2)
    oneLine(bad.stderr)
  })

  it("draws a progress line on an interactive stderr only, and erases it", async () => {
    const many = writeCorpus({
      "toolsets/shop.json": shop,
      "many.cases.json": Array.from({ length: 20 }, (_, i) => aCase({ id: `case-${i}` })),
    })
    let stderr = ""
    const io = { out: () => {}, err: (t: string) => void (stderr += t), readStdin: async () => "", engine: fakeEngine }
    expect(await main(["corpus", many], { ...io, interactive: true })).toBe(0)
    expect(stderr).toContain("\r0/20 case-0")
    expect(stderr).toContain("\r19/20 case-19")
    expect(stderr.endsWith("\r")).toBe(true)
    stderr = ""
    expect(await main(["corpus", many], io)).toBe(0)
    expect(stderr).toBe("")
  })

  it("works on an empty corpus and says so", async () => {
    const r = await cli(["corpus", writeCorpus({})])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/no cases found/)
  })

  it("exits 1 naming the file and field when the corpus cannot be loaded", async () => {
    const broken = writeCorpus({ "toolsets/shop.json": shop, "x.case.json": aCase({ toolset: "nope" }) })
    const r = await cli(["corpus", broken])
    expect(r.status).toBe(1)
    expect(r.stderr).toBe(
      'codemode corpus: x.case.json: toolset: unknown toolset "nope" (no toolsets/nope.json under the root)\n',
    )
    expect((await cli(["corpus", join(root, "missing")])).status).toBe(2) // a usage error, like a bad flag
    const two = writeCorpus({ "a.case.json": "{", "b.case.json": "[" })
    const many = await cli(["corpus", two])
    expect(many.status).toBe(1)
    expect(many.stderr).toMatch(
      /^codemode corpus: 2 problems in .*:\na\.case\.json: invalid JSON.*\nb\.case\.json: invalid JSON.*\n$/,
    )
  })

  it("needs exactly one root", async () => {
    expect((await cli(["corpus"])).status).toBe(2)
    expect((await cli(["corpus", root, root])).status).toBe(2)
  })
})

describe("codemode run / normalize / instructions", () => {
  it("runs a program file against a fixture toolset and prints the answer and calls", async () => {
    const program = file(
      "p.json",
      JSON.stringify({ code: "return (await tools.orders.list({ status: 'open' })).length" }),
    )
    const r = await cli(["run", program, "--tools", toolsetFile])
    expect(r).toMatchObject({ status: 0, stderr: "" })
    expect(r.stdout).toContain("answer: 2\n")
    expect(r.stdout).toContain("tool calls: orders.list")
  })

  it("reads stdin, prints the Result with --json, and exits 1 when the program fails", async () => {
    const ok = await cli(["run", "--json"], "return 1 + 1")
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, value: 2 })
    const failed = await cli(["run", "-", "--tools", toolsetFile], "return await tools.orders.list({ status: 'lost' })")
    expect(failed.status).toBe(1)
    expect(failed.stdout).toContain("ToolFailure: No such status")
  })

  it("prints a caret under the offending code", async () => {
    const { renderDiagnostic } = await import("../../src/cli/render.js")
    const text = renderDiagnostic(
      { kind: "UnknownTool", message: "no tool", location: { line: 2, column: 6 } },
      "x\nawait tools.nope()",
    )
    expect(text).toBe("UnknownTool: no tool\n  2:6\n  await tools.nope()\n        ^")
  })

  it("does not wait on a terminal when the file is omitted", async () => {
    let stderr = ""
    const io = {
      out: () => {},
      err: (t: string) => void (stderr += t),
      readStdin: async () => "return 1",
      engine: fakeEngine,
    }
    expect(await main(["run"], { ...io, stdinIsTerminal: true })).toBe(2)
    expect(stderr).toBe('codemode run: give a file, or "-" to read the program from stdin\n')
    expect(await main(["run", "-"], { ...io, stdinIsTerminal: true })).toBe(0)
  })

  it("reports a missing file or a bad toolset as a usage error in one line", async () => {
    const missing = await cli(["run", join(root, "nope.js")])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toMatch(/cannot read .*nope\.js: no such file/)
    oneLine(missing.stderr)
    const badTools = await cli(["run", "--tools", file("bad.json", '{"name":"bad","tools":[{"path":[]}]}')], "return 1")
    expect(badTools.status).toBe(2)
    expect(badTools.stderr).toMatch(/bad toolset: .*bad\.json: tools\[0\]\.path: must be a non-empty array/)
    oneLine(badTools.stderr)
    expect((await cli(["run", "--tools", file("notjson.json", "{")], "return 1")).status).toBe(2)
    expect((await cli(["run", "--base-url", "http://x"], "return 1")).status).toBe(2)
  })

  it("normalize prints the canonical code and the receipt; a diagnostic exits 1", async () => {
    const r = await cli(["normalize"], JSON.stringify({ code: "return await codemode.ping({})" }))
    expect(r.status).toBe(0)
    expect(r.stdout).toContain("return await tools.ping({})")
    expect(r.stdout).toContain("receipt: dialect cloudflare")
    const bad = await cli(["normalize", "--json"], JSON.stringify({ nothing: 1 }))
    expect(bad.status).toBe(1)
    expect(JSON.parse(bad.stdout).diagnostics[0].kind).toBe("ParseError")
  })

  it("renders a receipt's dialect, changes and warnings one per line", async () => {
    const { renderReceipt } = await import("../../src/cli/render.js")
    const receipt = {
      dialect: "pi",
      stages: ["envelope", "unwrap"],
      changes: [{ stage: "unwrap", rule: "async-iife", dialect: "pi", loc: { line: 1, column: 0 }, note: "x" }],
      warnings: [{ message: "unknown pragma key", loc: { line: 1, column: 3 }, replacement: "timeout_ms" }],
    }
    expect(renderReceipt(receipt)).toBe(
      "receipt: dialect pi; stages: envelope, unwrap\n" +
        "  change unwrap/async-iife (pi) at 1:0: x\n" +
        "  warning at 1:3: unknown pragma key (use timeout_ms)",
    )
    expect(renderReceipt({ dialect: undefined })).toBe("receipt: dialect undetected")
  })

  it("instructions needs tools", async () => {
    expect((await cli(["instructions"])).status).toBe(2)
    const r = await cli(["instructions", "--tools", toolsetFile])
    expect(r).toMatchObject({ status: 0, stdout: "fake instructions\n" })
    const cf = await cli(["instructions", "--tools", toolsetFile, "--dialect", "cloudflare"])
    expect(cf).toMatchObject({ status: 0, stdout: "cloudflare catalog of 1 tools\n" })
    const none = await cli(["instructions", "--tools", toolsetFile, "--dialect", "opencode"])
    expect(none).toMatchObject({ status: 0, stdout: "fake instructions\n" })
    expect(none.stderr).toContain("dialect opencode has no renderer of its own; printing the canonical ones")
    const unknown = await cli(["instructions", "--tools", toolsetFile, "--dialect", "cobol"])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('unknown dialect "cobol" (known: opencode, cloudflare)')
  })
})
