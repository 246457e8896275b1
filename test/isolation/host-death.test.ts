/**
 * A sandbox never outlives its host (issue 36): a host process running a runaway program in `isolation: "process"`
 * dies — killed mid-run, or exiting on its own right after a TimeoutExceeded — and its sandbox processes must be gone
 * within a second, although the program in them never yields. The host is a child process of this test running the
 * built package (`dist/`): `npm run build` first.
 */
import { spawn } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const DIST = new URL("../../dist/src/index.js", import.meta.url).href

/** The host: starts a runaway run, reports its own child processes once the run is under way, then as told. */
const HOST = `
import { readdirSync, readFileSync } from "node:fs"
import { Effect } from "effect"
const { CodeMode } = await import(${JSON.stringify(DIST)})
const { warmUp } = await import(${JSON.stringify(new URL("../../dist/src/isolation/supervisor.js", import.meta.url).href)})
const timeoutMs = Number(process.env.TIMEOUT_MS)
const runtime = CodeMode.make({ isolation: "process", limits: { timeoutMs } })
await warmUp("process")
const children = () =>
  readdirSync("/proc/self/task").flatMap((t) => readFileSync("/proc/self/task/" + t + "/children", "utf8").split(" ").filter(Boolean).map(Number))
setTimeout(() => console.log(JSON.stringify({ children: children() })), 150)
const result = await Effect.runPromise(runtime.execute("let i = 0\\nfor (;;) i++"))
console.log(JSON.stringify({ kind: result.ok ? "ok" : result.error.kind }))
process.exit(0)
`

/** Alive and not a zombie (a container's init may not reap orphans at once). */
const alive = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z"
  } catch {
    return false
  }
}

/** ms until every pid is gone, polled every 10 ms, or undefined if some outlived `capMs`. */
const goneWithin = async (pids: ReadonlyArray<number>, capMs: number): Promise<number | undefined> => {
  const t0 = performance.now()
  while (performance.now() - t0 < capMs) {
    if (!pids.some(alive)) return performance.now() - t0
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return pids.some(alive) ? undefined : performance.now() - t0
}

const startHost = (timeoutMs: number) => {
  const host = spawn(process.execPath, ["--input-type=module", "-e", HOST], {
    env: { ...process.env, TIMEOUT_MS: String(timeoutMs) },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines: Array<Record<string, unknown>> = []
  let buffer = ""
  const waiters: Array<() => void> = []
  host.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk
    let at: number
    while ((at = buffer.indexOf("\n")) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, at)) as Record<string, unknown>)
      buffer = buffer.slice(at + 1)
      for (const w of waiters.splice(0)) w()
    }
  })
  const line = async (key: string) => {
    for (;;) {
      const found = lines.find((l) => key in l)
      if (found !== undefined) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const exited = new Promise<void>((resolve) => host.on("close", () => resolve()))
  return { host, line, exited }
}

describe("a sandbox process never outlives its host", () => {
  it("the host is killed mid-run: the sandbox running the program is gone within a second", async () => {
    const { host, line, exited } = startHost(60_000)
    const { children } = (await line("children")) as { children: Array<number> }
    expect(children.length).toBeGreaterThan(0)
    expect(children.every(alive)).toBe(true)
    host.kill("SIGKILL")
    await exited
    const ms = await goneWithin(children, 5_000)
    console.log(`sandboxes of a killed host gone after ${ms === undefined ? "> 5000" : Math.round(ms)} ms`)
    expect(ms, "every sandbox gone").toBeDefined()
    expect(ms!).toBeLessThan(1_000)
  }, 60_000)

  it("the host exits right after a TimeoutExceeded: its sandboxes are gone within a second", async () => {
    const { line, exited } = startHost(400)
    const { children } = (await line("children")) as { children: Array<number> }
    expect(children.length).toBeGreaterThan(0)
    expect(await line("kind")).toEqual({ kind: "TimeoutExceeded" })
    await exited
    const ms = await goneWithin(children, 5_000)
    console.log(`sandboxes of an exited host gone after ${ms === undefined ? "> 5000" : Math.round(ms)} ms`)
    expect(ms, "every sandbox gone").toBeDefined()
    expect(ms!).toBeLessThan(1_000)
  }, 60_000)
})
