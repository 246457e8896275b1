/**
 * What a sandbox (worker thread or child process) starts: it lowers its own priority first, then loads the sandbox.
 * Loading the interpreter and the frontend and warming them up takes about a CPU-second; a sandbox is often started
 * (the pool refilling behind a killed one) while another run is near its deadline, so that work must not compete
 * with the host's deadline timer. On Linux this applies to the calling thread alone: the worker's, or the child's.
 */
import { setPriority } from "node:os"
import { watchParent } from "./parent-watch.js"
import { SANDBOX_NICENESS } from "./protocol.js"

try {
  setPriority(SANDBOX_NICENESS)
} catch {}
watchParent()

await import("./sandbox.js")
