import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { writeCorpus, shop, aCase } from "../corpus/helpers.js"
import { terminalSafe } from "../../src/cli/io.js"
import { runCli } from "./capture.js"

// Sequences a hostile program, tool or file would use to drive a terminal.
const HOSTILE = [
  "\x1b[2J", // CSI: clear the screen
  "\x1b]0;owned\x07", // OSC 0: retitle the window, ended by BEL
  "\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\", // OSC 8: a hyperlink
  "\x1b]52;c;b3duZWQ=\x07", // OSC 52: write the clipboard
  "safe\b\b\b\bEVIL", // backspace overprinting
  "\u009b2J", // C1 CSI
  "\u202eevil\u202c", // bidi override
  "line\rOVER", // carriage return overprinting
].join(" ")

const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/

const hostileToolset = {
  ...shop,
  name: "hostile",
  tools: [
    {
      path: ["notes", "read"],
      description: "Read a note",
      input: { type: "object" },
      cases: [{ when: {}, result: { text: HOSTILE } }],
    },
  ],
}

const root = writeCorpus({
  "toolsets/hostile.json": hostileToolset,
  "toolsets/shop.json": shop,
  "c.cases.json": [aCase()],
})
const file = (name: string, content: string | Buffer) => {
  const path = join(root, name)
  writeFileSync(path, content)
  return path
}
const run = (argv: string[], stdin = "") => runCli(["run", "--isolation", "none", ...argv], { stdin })

describe("a terminal-safe CLI", () => {
  it("escapes what a program logs and returns, visibly", async () => {
    const program = file("p.js", `console.log(${JSON.stringify(HOSTILE)})\nreturn ${JSON.stringify(HOSTILE)}`)
    const r = await run([program])
    expect(r.status).toBe(0)
    expect(r.stdout).not.toMatch(UNSAFE)
    expect(r.stdout).toContain("\\u001b[2J")
    expect(r.stdout).toContain("\\u001b]52;c;b3duZWQ=\\u0007")
    expect(r.stdout).toContain("\\u202eevil")
  })

  it("escapes a tool's result on its way to the terminal", async () => {
    const program = file("t.js", "const n = await tools.notes.read({})\nconsole.log(n.text)\nreturn n.text")
    const r = await run([program, "--tools", join(root, "toolsets", "hostile.json")])
    expect(r.status).toBe(0)
    expect(r.stdout).not.toMatch(UNSAFE)
    expect(r.stdout).toContain("\\u0008\\u0008\\u0008\\u0008EVIL")
  })

  it("escapes the program's own text in a diagnostic's source line", async () => {
    const r = await run([file("bad.js", `const x = "\x1b]0;owned\x07" +\nreturn (`)])
    expect(r.status).toBe(1)
    expect(r.stdout + r.stderr).not.toMatch(UNSAFE)
    expect(r.stdout).toMatch(/ParseError/)
  })

  it("keeps --json valid JSON that decodes to the very strings the program produced", async () => {
    const r = await run(["--json"], `console.log(${JSON.stringify(HOSTILE)})\nreturn ${JSON.stringify(HOSTILE)}`)
    expect(r.stdout).not.toMatch(UNSAFE)
    const result = JSON.parse(r.stdout)
    expect(result.value).toBe(HOSTILE)
    expect(result.logs).toEqual([HOSTILE])
  })

  it("refuses a binary file as not text, without echoing it", async () => {
    const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe])
    const r = await run([file("a.out", binary)])
    expect(r.status).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/a\.out is not a text file/)
    expect(r.stderr).not.toMatch(UNSAFE)
    const stdin = await run(["-"], "return 1\u0000")
    expect(stdin.status).toBe(2)
    expect(stdin.stderr).toMatch(/not a text file/)
  })

  it("terminalSafe keeps line feeds and tabs and escapes everything a terminal acts on", () => {
    expect(terminalSafe("a\tb\nc")).toBe("a\tb\nc")
    expect(terminalSafe("\x1b[31mred\x07")).toBe("\\u001b[31mred\\u0007")
    expect(terminalSafe("é ü 日本 🙂")).toBe("é ü 日本 🙂")
    expect(terminalSafe(HOSTILE)).not.toMatch(UNSAFE)
  })
})

describe("the first hour", () => {
  it("a negative --timeout gets the CLI's own message, with or without '='", async () => {
    const spaced = await run(["--timeout", "-1"], "return 1")
    const joined = await run(["--timeout=-1"], "return 1")
    expect(spaced.status).toBe(2)
    expect(spaced.stderr).toBe(joined.stderr)
    expect(spaced.stderr).not.toMatch(/ambiguous/)
  })

  it("a receipt line never ends in an empty note", async () => {
    const r = await run([], "// @exec: not json\nreturn 1")
    expect(r.stdout).toMatch(/change pragmas\/unusable-pragma at 1:0: \S/)
    expect(r.stdout).not.toMatch(/: \n/)
  })

  it("--svg says where it wrote the chart", async () => {
    const svg = join(root, "chart.svg")
    const r = await runCli(["corpus", root, "--svg", svg])
    expect(existsSync(svg)).toBe(true)
    expect(r.stderr).toContain(`wrote the coverage chart to ${svg}`)
  })
})
