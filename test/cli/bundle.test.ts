import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * The executable as it ships: `package.json` "bin" is a small bundle (scripts/bundle.ts) that answers help and the
 * version itself and runs every command from `cli.cjs`, the whole CLI as one CommonJS file with a V8 code cache made
 * by the build (`cli.cjs.cache`, loaded by src/compiled.ts); the isolation sandbox is the same pair, `sandbox.js`
 * and `sandbox.cjs`. Read here from what the build wrote: each bundled module starts with a comment naming its file
 * (`// dist/src/cli/cli.js`, `// node_modules/effect/dist/Effect.js`).
 */
const BIN = "dist/bin"
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { bin: { codemode: string } }
const built = existsSync(join(BIN, "codemode.js"))

/** The bundle files a file loads before it runs (static imports, followed), and the modules bundled into them. */
const staticGraph = (entry: string) => {
  const files = new Set<string>()
  const modules: string[] = []
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const text = readFileSync(file, "utf8")
    for (const m of text.matchAll(/^\/\/ ((?:node_modules|dist)\/\S+)$/gm)) modules.push(m[1]!)
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"\n]+)"|^import\s*"([^"]+)"/gm)) {
      const spec = (m[1] ?? m[2])!
      if (spec.startsWith(".")) visit(join(dirname(file), spec))
      else expect(spec, `${file} imports a package at start-up`).toMatch(/^node:/)
    }
  }
  visit(entry)
  return { files: [...files], modules }
}

const bundleFiles = () => readdirSync(BIN).filter((f) => /\.c?js$/.test(f))
const bundledModules = () =>
  new Set(
    bundleFiles().flatMap((f) => [
      ...readFileSync(join(BIN, f), "utf8").matchAll(/^\/\/ ((?:node_modules|dist)\/\S+\.[cm]?js)$/gm),
    ]),
  )

describe.skipIf(!built)("the bundled codemode executable", () => {
  it('is what package.json "bin" names', () => {
    expect(manifest.bin.codemode).toBe(`./${BIN}/codemode.js`)
  })

  it("`--help`, a command's `--help` and `--version` load one small file, and every command the CLI in cli.cjs", () => {
    const graph = staticGraph(join(BIN, "codemode.js"))
    expect(graph.files).toEqual([join(BIN, "codemode.js")])
    expect([...new Set(graph.modules)].sort()).toEqual([
      "dist/src/cli/bin.js",
      "dist/src/cli/help.js",
      "dist/src/cli/usage.js",
      "dist/src/compiled.js",
    ])
    expect(readFileSync(join(BIN, "codemode.js"), "utf8")).toContain('new URL("./cli.cjs", import.meta.url)')
    const cli = staticGraph(join(BIN, "cli.cjs")).modules
    for (const command of ["corpus", "run", "normalize", "instructions", "mcp"])
      expect(cli).toContain(`dist/src/cli/commands/${command}.js`)
  })

  it("the sandbox's entry loads sandbox.cjs, which holds the interpreter and the frontend, and the bundled runtime starts that entry", () => {
    const entry = staticGraph(join(BIN, "sandbox.js"))
    expect(entry.files).toEqual([join(BIN, "sandbox.js")])
    expect(entry.modules.filter((m) => !m.startsWith("dist/src/isolation/"))).toEqual(["dist/src/compiled.js"])
    expect(readFileSync(join(BIN, "sandbox.js"), "utf8")).toContain('new URL("./sandbox.cjs", import.meta.url)')
    const sandbox = staticGraph(join(BIN, "sandbox.cjs")).modules
    expect(sandbox).toContain("dist/src/isolation/sandbox.js")
    expect(sandbox.some((m) => m.startsWith("dist/src/interpreter/"))).toBe(true)
    expect(sandbox.some((m) => m.startsWith("dist/src/frontend/"))).toBe(true)
    const pool = bundleFiles().filter((f) =>
      readFileSync(join(BIN, f), "utf8").includes("// dist/src/isolation/pool.js"),
    )
    expect(pool).toEqual(["cli.cjs"])
    // In the CommonJS file, `import.meta.url` is the file's own URL (scripts/bundle.ts).
    expect(readFileSync(join(BIN, "cli.cjs"), "utf8")).toContain('new URL("./sandbox.js", __codemodeUrl)')
  })

  it("every bundle file is ASCII (a single other character would make the whole text a two-byte string)", () => {
    for (const file of bundleFiles()) expect(/[^\0-\x7f]/.test(readFileSync(join(BIN, file), "utf8")), file).toBe(false)
  })

  it("every bundled package's licence text is shipped, and licence comments in bundled code are kept", () => {
    const licences = readFileSync(join(BIN, "THIRD-PARTY-LICENSES.txt"), "utf8")
    const packages = new Map<string, string>()
    const modules = bundledModules()
    for (const [, module] of modules) {
      const at = module!.lastIndexOf("node_modules/")
      if (at < 0) continue
      const parts = module!.slice(at + "node_modules/".length).split("/")
      const dir = module!.slice(0, at) + "node_modules/" + parts.slice(0, parts[0]!.startsWith("@") ? 2 : 1).join("/")
      packages.set(dir, module!)
    }
    expect([...packages.keys()]).toContain("node_modules/effect")
    const output = bundleFiles()
      .map((f) => readFileSync(join(BIN, f), "utf8"))
      .join("\n")
    for (const dir of packages.keys()) {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string; version: string }
      expect(licences, dir).toContain(`${pkg.name}@${pkg.version} (`)
      const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f))
      if (file !== undefined) expect(licences).toContain(readFileSync(join(dir, file), "utf8").trim())
    }
    // A licence comment (`/*! … */`, `@license`, `@preserve`) in any bundled file survives bundling.
    let kept = 0
    for (const [, module] of modules) {
      const text = readFileSync(module!, "utf8")
      if (!/\/\*!|@license|@preserve/.test(text)) continue
      for (const [comment] of text.matchAll(/\/\*(?:!|\*?[^*]*@(?:license|preserve))[\s\S]*?\*\//g)) {
        expect(output, `${module}'s licence comment`).toContain(comment.split("\n")[0]!.trim())
        kept++
      }
    }
    expect(kept).toBeGreaterThan(0)
  })

  it("recast is loaded only by a program the frontend rewrites, from its own file, and prints that program", () => {
    // A preload that names, at exit, every CommonJS file the process loaded (recast is one: dist/bin/recast.cjs).
    const preload = `data:text/javascript,${encodeURIComponent(
      'import { createRequire } from "node:module"; const loaded = createRequire(process.cwd() + "/").cache; ' +
        'process.on("exit", () => process.stderr.write("\\nloaded: " + Object.keys(loaded).join(" ")))',
    )}`
    const cli = (args: ReadonlyArray<string>, input: string) =>
      spawnSync(process.execPath, ["--import", preload, join(BIN, "codemode.js"), ...args], {
        input,
        encoding: "utf8",
      })
    const loaded = (stderr: string) => stderr.slice(stderr.lastIndexOf("\nloaded: ") + 9).split(" ")
    const canonical = cli(["run", "--isolation", "none", "-"], "const xs = [1, 2].map((x) => x * 2)\nreturn xs")
    expect(canonical.stdout).toMatch(/^answer: \[2,4\]\n/)
    expect(loaded(canonical.stderr).filter((f) => f.includes("recast"))).toEqual([])
    const unwrapped = cli(
      ["normalize", "-"],
      "export default async () => {\n  const xs = [1, 2].map((x) => x * 2)\n  return xs\n}",
    )
    expect(unwrapped.stdout).toMatch(
      /^const xs = \[1, 2\]\.map\(\(x\) => x \* 2\)\nreturn xs\n\nreceipt: .*stages: unwrap\n/,
    )
    expect(loaded(unwrapped.stderr)).toContain(join(process.cwd(), BIN, "recast.cjs"))
    // …and nowhere else: no bundle file holds any of its modules.
    const holders = readdirSync(BIN).filter((f) =>
      /^\/\/ node_modules\/(recast|ast-types|esprima)\//m.test(readFileSync(join(BIN, f), "utf8")),
    )
    expect(holders).toEqual(["recast.cjs"])
  })

  it("cli.cjs and sandbox.cjs come with a code cache V8 accepts; a cache rejected (other V8 flags, another file's, a damaged byte) changes nothing but the time", () => {
    /** How each file's cache is used, asked from a fresh `node` with these flags (src/compiled.ts). */
    const cacheUse = (dir: string, flags: ReadonlyArray<string> = []) => {
      const files = ["cli.cjs", "sandbox.cjs"].map((f) => join(dir, f))
      const check = spawnSync(
        process.execPath,
        [
          ...flags,
          "--input-type=module",
          "-e",
          `import { compileCached } from ${JSON.stringify(join(process.cwd(), "dist/src/compiled.js"))}
           for (const f of ${JSON.stringify(files)}) console.log(compileCached(f).cache)`,
        ],
        { encoding: "utf8" },
      )
      expect(check.stderr).toBe("")
      return check.stdout.trim().split("\n")
    }
    expect(cacheUse(BIN)).toEqual(["accepted", "accepted"])
    // V8's own check: a start with other V8 flags.
    expect(cacheUse(BIN, ["--stack-size=900"])).toEqual(["rejected", "rejected"])
    const dir = mkdtempSync(join(tmpdir(), "codemode-cache-"))
    try {
      cpSync(BIN, join(dir, "bin"), { recursive: true })
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({ name: "codemode-polyglot", version: "0.0.0", type: "module" }),
      )
      // The CLI gets the sandbox's cache (V8 data made for another source of another length), and the sandbox its
      // own with one byte changed in the middle: V8 would run that one, and crash.
      cpSync(join(BIN, "sandbox.cjs.cache"), join(dir, "bin", "cli.cjs.cache"))
      const damaged = readFileSync(join(BIN, "sandbox.cjs.cache"))
      damaged[damaged.length >> 1] ^= 1
      writeFileSync(join(dir, "bin", "sandbox.cjs.cache"), damaged)
      expect(cacheUse(join(dir, "bin"))).toEqual(["rejected", "rejected"])
      const run = spawnSync(process.execPath, [join(dir, "bin", "codemode.js"), "run", "-"], {
        input: 'const r = [5, 3].map((x) => x + 1)\nconsole.log("r", r)\nreturn { r, sum: r[0] + r[1] }',
        encoding: "utf8",
      })
      expect(run.stderr).toBe("")
      expect(run.stdout).toMatch(/^answer: \{"r":\[6,4\],"sum":10\}\nlogs:\n {2}r \[6,4\]\n/)
      expect(run.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it("runs a program with the default isolation from dist/bin alone (no dist/src next to it)", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-bin-"))
    try {
      cpSync(BIN, join(dir, "bin"), { recursive: true })
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({ name: "codemode-polyglot", version: "9.9.9", type: "module" }),
      )
      const run = spawnSync(process.execPath, [join(dir, "bin", "codemode.js"), "run", "-"], {
        input: "const xs = [3, 1, 2].toSorted()\nconsole.log(xs.join())\nreturn xs.at(-1) * 7",
        encoding: "utf8",
        timeout: 110_000,
      })
      expect(run.stderr).toBe("")
      expect(run.stdout).toMatch(/^answer: 21\nlogs:\n {2}1,2,3\n/)
      expect(run.status).toBe(0)
      const version = spawnSync(process.execPath, [join(dir, "bin", "codemode.js"), "--version"], { encoding: "utf8" })
      expect(version.stdout).toBe("codemode-polyglot 9.9.9\n")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
