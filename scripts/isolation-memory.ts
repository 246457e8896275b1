// `node dist/scripts/isolation-memory.js`: what each isolation mode costs a library host in memory (SECURITY.md
// "Choosing the default"). For each mode, a fresh host process loads the package, runs one small program, waits for
// its pool to settle, and reports its own resident size and its sandbox processes'. Prints one JSON line per mode.
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const INDEX = new URL("../src/index.js", import.meta.url).href
const HOST = `
import { readdirSync, readFileSync } from "node:fs"
import { Effect } from "effect"
const { CodeMode } = await import(${JSON.stringify(INDEX)})
const mode = process.argv[1]
const kb = (pid, field) => Number(readFileSync("/proc/" + pid + "/status", "utf8").split(field + ":")[1].trim().split(/\\s+/)[0])
const children = () => readdirSync("/proc/self/task").flatMap((t) =>
  readFileSync("/proc/self/task/" + t + "/children", "utf8").split(" ").filter(Boolean).map(Number))
const runtime = CodeMode.make({ isolation: mode })
const program = "let s = 0\\nfor (let i = 0; i < 1000; i++) s += i\\nreturn s"
for (let i = 0; i < 20; i++) await Effect.runPromise(runtime.execute(program))
await new Promise((r) => setTimeout(r, 1500))
globalThis.gc?.()
const sandboxes = children().map((pid) => kb(pid, "VmRSS"))
console.log(JSON.stringify({ mode, hostRssMb: Math.round(kb("self", "VmRSS") / 1024),
  sandboxes: sandboxes.length, sandboxRssMb: Math.round(sandboxes.reduce((a, b) => a + b, 0) / 1024) }))
process.exit(0)
`

const cwd = fileURLToPath(new URL("../..", import.meta.url))
for (const mode of ["none", "worker", "process"])
  process.stdout.write(
    execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", HOST, mode], { cwd, encoding: "utf8" }),
  )
