/**
 * The executor seam (docs/architecture.md "Executors"): every entry point of a runtime runs in the mode the host
 * chose. The host's interpreter is wrapped to count compilations: a program compiled in a sandbox never reaches it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { afterEach, describe, expect, it } from "vitest"
import { CodeMode, Frontend } from "../../src/index.js"
import { interpreter as closureInterpreter } from "../../src/interpreter/index.js"
import { useInterpreter } from "../../src/runtime/engine.js"
import { executeParsed } from "../../src/runtime/make.js"
import { parseProgram } from "../../src/syntax/parse.js"

let compiled = 0
const counting = {
  compile: (...args: Parameters<typeof closureInterpreter.compile>) => {
    compiled++
    return closureInterpreter.compile(...args)
  },
}

afterEach(() => useInterpreter(closureInterpreter))

const parsed = (code: string) => {
  const p = parseProgram(code)
  if (!p.ok) throw new Error("test program must parse")
  return p
}

describe("executeParsed goes through the runtime's executor", () => {
  for (const mode of ["none", "worker", "process"] as const)
    it(`isolation "${mode}": compiled ${mode === "none" ? "in the host" : "in the sandbox"}`, async () => {
      useInterpreter(counting)
      compiled = 0
      const runtime = CodeMode.make({ isolation: mode })
      const p = parsed("const xs = [6, 7]\nreturn xs[0] * xs[1]")
      const result = await Effect.runPromise(executeParsed(runtime, p.program, p.code))
      expect(result).toMatchObject({ ok: true, value: 42 })
      expect(compiled).toBe(mode === "none" ? 1 : 0)
    }, 30_000)

  it("a worker runtime refuses a program whose prelude cannot cross, instead of running it in the host", async () => {
    useInterpreter(counting)
    compiled = 0
    const runtime = CodeMode.make({ isolation: "worker" })
    const n = Frontend.normalize("store('k', 1)\ntext(String(load('k')))", { tools: [] })
    expect(n.program).toBeDefined()
    const result = await Effect.runPromise(executeParsed(runtime, n.program!, n.source, n.compile))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toMatch(/cannot cross into the worker sandbox.*runtime\.run/)
    expect(compiled).toBe(0)
  })
})

/** Relative imports of every TypeScript file under `dir`. */
const importsUnder = (dir: string): Array<{ file: string; target: string }> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .flatMap((f) =>
      [...readFileSync(join(dir, f), "utf8").matchAll(/from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"/g)].map((m) => ({
        file: join(dir, f),
        target: join(dir, f, "..", m[1] ?? m[2]!),
      })),
    )

describe("the layers the seam keeps apart", () => {
  it("src/runtime imports nothing from src/isolation", () => {
    expect(importsUnder("src/runtime").filter((i) => i.target.startsWith("src/isolation"))).toEqual([])
  })
  it("src/mcp imports nothing from src/cli", () => {
    expect(importsUnder("src/mcp").filter((i) => i.target.startsWith("src/cli"))).toEqual([])
  })
  it("the check sees an import when there is one", () => {
    expect(importsUnder("src/isolation").some((i) => i.target.startsWith("src/runtime"))).toBe(true)
  })
})
