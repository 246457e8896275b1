import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import type { Engine } from "../../src/corpus/engine.js"
import { fakeEngine } from "../corpus/fake-engine.js"
import { aCase, shop, writeCorpus } from "../corpus/helpers.js"
import { runCli } from "./capture.js"

/**
 * The command line as a new user meets it: --version, the default timeout, exit statuses, the toolset format and
 * the shipped examples, the hint for a broken JSON file, skipped OpenAPI operations, and --svg.
 */
const repo = resolve(import.meta.dirname, "../..")
const examples = join(repo, "examples")

const cli = (argv: string[], engine?: Engine, stdin = "") => runCli(argv, { stdin, ...(engine ? { engine } : {}) })

const dir = writeCorpus({ "toolsets/shop.json": shop, "a.case.json": aCase() })
const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe("codemode --version", () => {
  it("prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { version: string }
    for (const flag of ["--version", "-v"])
      expect(await cli([flag])).toEqual({ status: 0, stdout: `codemode-polyglot ${version}\n`, stderr: "" })
  })
})

describe("codemode run: the default timeout", () => {
  /** The stand-in engine, recording the limits each runtime is made with. */
  const recording = () => {
    const seen: unknown[] = []
    const engine: Engine = {
      ...fakeEngine,
      codeMode: {
        ...fakeEngine.codeMode!,
        make: (options) => {
          seen.push((options as { limits?: unknown }).limits)
          return fakeEngine.codeMode!.make(options)
        },
      },
    }
    return { engine, seen }
  }

  it("stops a program after 30 s unless --timeout says otherwise", async () => {
    const program = file("one.js", "return 1")
    const plain = recording()
    expect((await cli(["run", program], plain.engine)).status).toBe(0)
    expect(plain.seen).toEqual([{ timeoutMs: 30_000 }])
    const given = recording()
    expect((await cli(["run", program, "--timeout", "500"], given.engine)).status).toBe(0)
    expect(given.seen).toEqual([{ timeoutMs: 500 }])
    expect((await cli(["run", "--help"])).stdout).toContain("--timeout <ms>      execution timeout (default 30000")
  })
})

describe("exit statuses", () => {
  it("a usage error is status 2 with one line, whatever the command", async () => {
    const cases: Array<[string[], string]> = [
      [["corpus", join(dir, "missing")], `codemode corpus: ${join(dir, "missing")}: no such directory\n`],
      [
        ["corpus", dir, "--dialect", "cobol"],
        'codemode corpus: unknown dialect "cobol" (known: opencode, pi, cloudflare, vercel, tanstack, deepseek, codex, utcp)\n',
      ],
      [["run", "--x"], "codemode run: Unknown option --x (see codemode run --help)\n"],
      [["normalize", "--timeout"], "codemode normalize: Unknown option --timeout (see codemode normalize --help)\n"],
      [
        ["corpus", dir, "--svg"],
        "codemode corpus: Option --svg <value> argument missing (see codemode corpus --help)\n",
      ],
    ]
    for (const [argv, stderr] of cases) expect(await cli(argv, fakeEngine)).toEqual({ status: 2, stdout: "", stderr })
  })

  it("a known dialect without cases is not an error", async () => {
    const r = await cli(["corpus", dir, "--dialect", "pi"], fakeEngine)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain("no cases for dialect pi")
  })
})

describe("reading a program file", () => {
  it("says when JSON-looking input is not JSON and is run as JavaScript", async () => {
    const broken = file("broken.json", '{"code": "return 1",}')
    const r = await cli(["run", broken], fakeEngine)
    expect(r.stderr.split("\n")[0]).toMatch(
      new RegExp(
        `^codemode run: ${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not valid JSON \\(.+\\); running it as a JavaScript program$`,
      ),
    )
    const viaStdin = await cli(["normalize", "-"], fakeEngine, "[1, 2,]")
    expect(viaStdin.stderr).toMatch(
      /^codemode normalize: the input is not valid JSON \(.+\); running it as a JavaScript program\n/,
    )
    for (const fine of [file("ok.json", '{"code": "return 1"}'), file("plain.js", "return 1")])
      expect((await cli(["run", fine], fakeEngine)).stderr).toBe("")
  })
})

describe("the toolset format and the shipped examples", () => {
  it("--help describes the toolset file and names the shipped example, which exists", async () => {
    for (const command of ["run", "normalize", "instructions"]) {
      const help = (await cli([command, "--help"])).stdout
      for (const key of ['"path"', '"description"', '"input"', '"cases"', '"when"', '"result"', '"error"', '"default"'])
        expect(help, `${command} --help mentions ${key}`).toContain(key)
      expect(help).toContain("examples/toolsets/shop.json")
    }
    expect(existsSync(join(examples, "toolsets", "shop.json"))).toBe(true)
  })

  it("the shipped programs run against the shipped toolset (real runtime and frontend)", async () => {
    for (const program of ["cloudflare.json", "codex.js", "utcp.json"]) {
      const r = await cli([
        "run",
        join(examples, "programs", program),
        "--tools",
        join(examples, "toolsets/shop.json"),
        "--json",
        "--isolation",
        "none", // in-process: the test runs the TypeScript sources
      ])
      expect(r.status, `${program}: ${r.stderr}`).toBe(0)
      const result = JSON.parse(r.stdout) as { value: unknown; logs?: string[]; lastOutput?: unknown }
      expect([result.value, result.lastOutput], program).toContainEqual(["Ada Lovelace", "Grace Hopper"])
    }
  })
})

describe("codemode run --openapi", () => {
  it("says which operations were skipped and why, and still runs", async () => {
    const spec = file(
      "upload.json",
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        servers: [{ url: "http://127.0.0.1:9" }],
        paths: {
          "/ping": { get: { operationId: "ping", responses: { "204": { description: "none" } } } },
          "/upload": {
            post: {
              operationId: "upload",
              requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } },
              responses: { "204": { description: "none" } },
            },
          },
        },
      }),
    )
    const r = await cli(
      ["run", "--openapi", spec, "--isolation", "none", "-"],
      undefined,
      "return Object.keys(tools.api)",
    )
    expect(r.stderr).toMatch(
      /^codemode run: --openapi .*upload\.json: 1 operation skipped \(no tool made\):\n {2}POST \/upload: .+\n$/,
    )
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('answer: ["ping"]')
  })
})

describe("codemode corpus --svg", () => {
  it("draws the coverage picture of any corpus, with the frontend-off bar", async () => {
    const out = join(dir, "coverage.svg")
    const r = await cli(["corpus", examples, "--svg", out])
    expect(r.status, r.stderr).toBe(0)
    const svg = readFileSync(out, "utf8")
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    const ok = /(\d+)\/(\d+) ok \((?:[\d.]+)%\)/.exec(r.stdout)!
    const rows = [...svg.matchAll(/>(\d+)\/(\d+) ok</g)].map((m) => [Number(m[1]), Number(m[2])])
    expect(rows).toHaveLength(8)
    expect(rows.reduce((n, [good]) => n + good!, 0)).toBe(Number(ok[1]))
    expect(rows.reduce((n, [, all]) => n + all!, 0)).toBe(Number(ok[2]))
    const bad = await cli(["corpus", examples, "--svg", join(dir, "no", "such", "dir", "x.svg")])
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/^codemode corpus: cannot write .*x\.svg: ENOENT\n$/)
  })
})
