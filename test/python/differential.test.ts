import { spawnSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { programs } from "./programs.js"
import { makeRuntime, runPython, type FixtureTool } from "./run.js"

/**
 * Differential conformance against CPython (docs/python.md#conformance): every program's printed lines, result, tool
 * calls and uncaught exception name must agree with `python3` running it with the same fixture tools
 * (fixtures/tools.json, bound as Python functions by cpython.py). One python3 process runs them all. Differences
 * that remain are listed in known-differences.json with a reason; a listed program that agrees fails the run.
 */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const fixtures = JSON.parse(readFileSync(here("fixtures/tools.json"), "utf8")) as Record<string, FixtureTool>
const known = JSON.parse(readFileSync(here("known-differences.json"), "utf8")) as Record<string, string>

interface Outcome {
  readonly stdout: string
  readonly result: unknown
  readonly calls: ReadonlyArray<[string, unknown]>
  readonly error: string | null
}

const python = spawnSync("python3", ["--version"], { encoding: "utf8" })
const hasPython = python.status === 0

const cpython = (): Outcome[] => {
  const r = spawnSync("python3", [here("cpython.py"), here("fixtures/tools.json")], {
    input: JSON.stringify(programs.map((p) => p.code)),
    encoding: "utf8",
    // Sets of strings print in hash order: a fixed seed keeps CPython's output the same from run to run.
    env: { ...process.env, PYTHONHASHSEED: "0" },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`cpython.py failed: ${r.stderr}`)
  return JSON.parse(r.stdout) as Outcome[]
}

let calls: Array<[string, unknown]> = []
const runtime = makeRuntime(fixtures, () => calls)

const ours = async (code: string): Promise<Outcome & { diagnostic?: string }> => {
  calls = []
  const { n, result } = await runPython(runtime, code)
  if (!result)
    return {
      stdout: "",
      result: null,
      calls,
      error: "Diagnostic",
      diagnostic: n.diagnostics.map((d) => `${d.kind}: ${d.message}`).join("; "),
    }
  const r = result as unknown as {
    ok: boolean
    value?: unknown
    logs: string[]
    error?: { name?: string; message?: string; kind?: string }
  }
  const stdout = (r.logs ?? []).map((l) => `${l}\n`).join("")
  const error = r.ok ? null : pyName(r)
  return { stdout, result: r.ok ? (r.value ?? null) : null, calls, error }
}

/** The Python exception name an uncaught guest error carries (`KeyError: 'x'` → KeyError). */
const pyName = (r: { error?: { name?: string; message?: string; kind?: string } }): string => {
  const m = /^Uncaught: ([A-Za-z]+):/.exec(r.error?.message ?? "")
  return m?.[1] ?? r.error?.kind ?? "Error"
}

describe.skipIf(!hasPython)("Python programs agree with CPython", () => {
  it(
    `${programs.length} programs: printed output, result, tool calls and uncaught exceptions`,
    { timeout: 120_000 },
    async () => {
      const expected = cpython()
      const disagree: Record<string, string> = {}
      for (let i = 0; i < programs.length; i++) {
        const p = programs[i]!
        const got = await ours(p.code)
        const want = expected[i]!
        const same =
          got.stdout === want.stdout &&
          JSON.stringify(got.result) === JSON.stringify(want.result) &&
          JSON.stringify(got.calls) === JSON.stringify(want.calls) &&
          got.error === want.error
        if (!same) disagree[p.id] = JSON.stringify({ want, got })
      }
      if (process.env.UPDATE) writeFileSync(here("disagreements.local.json"), JSON.stringify(disagree, null, 1))
      const unexpected = Object.keys(disagree).filter((id) => !(id in known))
      const stale = Object.keys(known).filter((id) => !(id in disagree))
      expect(unexpected.map((id) => `${id}\n  ${disagree[id]}`)).toEqual([])
      expect(stale).toEqual([])
      expect(programs.length - Object.keys(known).length).toBeGreaterThanOrEqual(300)
    },
  )
})

if (!hasPython)
  describe("Python programs agree with CPython", () =>
    it.skip("python3 is not installed: the CPython differential suite is skipped", () => {}))
