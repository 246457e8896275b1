import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * What `codemode --help`, `--version` and a command's `--help` load before answering: the static import graph of
 * the built executable and of each command module (dynamic `import()` is not followed; that is how the runtime, the
 * frontend and Effect are deferred). Any package in it is paid by every invocation, `--help` included; the time it
 * takes is measured by `npm run bench:startup` (rows C1–C3), not here.
 */
const DIST = "dist/src/cli"
const built = existsSync(join(DIST, "main.js"))

const staticGraph = (entry: string) => {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const text = readFileSync(file, "utf8")
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"\n]+)"|^import\s*"([^"]+)"/gm)) {
      const spec = (m[1] ?? m[2])!
      if (spec.startsWith(".")) visit(join(dirname(file), spec))
      else if (!spec.startsWith("node:")) packages.add(spec)
    }
  }
  visit(entry)
  return { files: [...files], packages: [...packages] }
}

describe.skipIf(!built)("CLI start-up: what is loaded before the first answer", () => {
  it("the executable itself (--help, --version, usage errors) loads only the CLI's own small modules", () => {
    const graph = staticGraph(join(DIST, "main.js"))
    expect(graph.packages).toEqual([])
    expect(graph.files.every((file) => file.startsWith(`${DIST}/`))).toBe(true)
    // main, cli, io, usage, help and the one-class usage-error module.
    expect(graph.files.length).toBeLessThanOrEqual(6)
  })

  it.each(["corpus", "run", "normalize", "instructions", "mcp"])(
    "`codemode %s --help` loads no package (Effect, acorn, the MCP SDK come in when the command runs)",
    (command) => {
      const graph = staticGraph(join(DIST, "commands", `${command}.js`))
      expect(graph.packages).toEqual([])
      expect(graph.files.filter((file) => /\/(interpreter|frontend|runtime)\//.test(file))).toEqual([])
    },
  )

  it("the library and the CLI's commands import Effect module by module, never a package index that loads all of it", () => {
    // "effect" re-exports every module of Effect (~200 files, about 0.3–0.4 s of CPU to load on this machine) and
    // "effect/http" every HTTP module, server side included; a command pays for what it imports on every run.
    const entries = ["dist/src/index.js", "dist/src/mcp/index.js", "dist/src/ai-sdk/index.js"]
    const loaded = entries.flatMap((entry) => staticGraph(entry).packages)
    const dynamic = staticGraph(join(DIST, "commands", "run.js")).files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!),
    )
    expect(loaded).toContain("effect/Effect")
    expect(dynamic).toContain("effect/Effect")
    expect([...loaded, ...dynamic].filter((spec) => spec === "effect" || spec === "effect/http")).toEqual([])
  })

  it("sucrase (TypeScript stripping, about 65 modules) is not in the library's static graph: it loads on the first TypeScript program", () => {
    const entries = ["dist/src/index.js", "dist/src/mcp/index.js", "dist/src/ai-sdk/index.js"]
    expect(entries.flatMap((entry) => staticGraph(entry).packages)).not.toContain("sucrase")
  })

  it("recast (the printer, with ast-types and esprima) is not in the library's static graph: it loads on the first program the frontend rewrites", () => {
    const entries = ["dist/src/index.js", "dist/src/mcp/index.js", "dist/src/ai-sdk/index.js", "dist/src/Frontend.js"]
    const graphs = entries.map((entry) => staticGraph(entry))
    expect(graphs.flatMap((g) => g.files)).toContain("dist/src/frontend/ast/reprint.js")
    expect(graphs.flatMap((g) => g.packages).filter((p) => /^(recast|ast-types|esprima)(\/|$)/.test(p))).toEqual([])
  })
})
