/**
 * Which sandbox the library's isolated modes start: the bundled one (`dist/bin/sandbox.js`, about half the CPU to
 * start) when the build made it, else the unbundled entry next to the library (`dist/src/isolation/boot.js`, a build
 * by tsc alone). Both are run here from the library's build, as an installed package runs them, in a process of its
 * own; the sandbox a run used is read from the host's child processes (Linux `ps`).
 */
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const root = process.cwd()
const built = existsSync(join(root, "dist/bin/sandbox.js")) && process.platform === "linux"

/** Runs a program with `isolation: "process"` through the library in `dist` and names the sandbox it started. */
const runWith = (dist: string) => {
  const script = `
    import { execFileSync } from "node:child_process"
    import * as Effect from "effect/Effect"
    import { CodeMode } from ${JSON.stringify(join(dist, "src/index.js"))}
    const runtime = CodeMode.make({ tools: {}, isolation: "process" })
    const result = await Effect.runPromise(runtime.execute("const xs = [6, 7]\\nreturn xs[0] * xs[1]"))
    const children = execFileSync("ps", ["-o", "args=", "--ppid", String(process.pid)], { encoding: "utf8" })
    console.log(JSON.stringify({ value: result.value, ok: result.ok, sandboxes: children.split("\\n").filter((l) => l.includes("sandbox") || l.includes("boot")) }))
    process.exit(0)`
  const host = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" })
  expect(host.stderr).toBe("")
  return JSON.parse(host.stdout) as { value: unknown; ok: boolean; sandboxes: string[] }
}

describe.skipIf(!built)("the library's isolated modes", () => {
  it("start the bundled sandbox next to the library's build", () => {
    const { value, ok, sandboxes } = runWith(join(root, "dist"))
    expect({ value, ok }).toEqual({ value: 42, ok: true })
    expect(sandboxes.length).toBeGreaterThan(0)
    expect(sandboxes.every((args) => args.includes(join(root, "dist/bin/sandbox.js")))).toBe(true)
  }, 60_000)

  it("start the unbundled entry when the build has no bundle", () => {
    // A copy of the library's build without dist/bin, inside the repository so its packages resolve.
    const dist = join(root, ".cache", `isolation-entry-${process.pid}`, "dist")
    try {
      mkdirSync(dist, { recursive: true })
      for (const dir of ["src", "dialects"]) cpSync(join(root, "dist", dir), join(dist, dir), { recursive: true })
      const { value, ok, sandboxes } = runWith(dist)
      expect({ value, ok }).toEqual({ value: 42, ok: true })
      expect(sandboxes.length).toBeGreaterThan(0)
      expect(sandboxes.every((args) => args.includes(join(dist, "src/isolation/boot.js")))).toBe(true)
    } finally {
      rmSync(join(dist, ".."), { recursive: true, force: true })
    }
  }, 60_000)
})
