/**
 * A sandbox process never outlives its host (issue 36): a program that never yields keeps the sandbox's main thread
 * from ever seeing the IPC channel close, so a thread of its own watches the parent and kills the whole process
 * (SIGKILL: no handler, no pending work) once the parent is gone, whatever the program is doing.
 */
import { isMainThread, Worker } from "node:worker_threads"

/** How often the watcher looks: a sandbox outlives a host that died by at most about this long. */
export const PARENT_POLL_MS = 100

const WATCHER = `
const { workerData } = require("node:worker_threads")
// Re-parented (to init or a subreaper) once the host is gone; the host's pid is never ours to signal.
setInterval(() => { if (process.ppid !== workerData.ppid) process.kill(process.pid, "SIGKILL") }, workerData.every)
`

/** Starts the watcher in a sandbox that is a child process (a worker thread dies with its host anyway). */
export const watchParent = (): void => {
  if (!isMainThread || process.send === undefined) return
  const watcher = new Worker(WATCHER, {
    eval: true,
    workerData: { ppid: process.ppid, every: PARENT_POLL_MS },
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    env: {},
    stdout: false,
    stderr: false,
  })
  // It must not keep the sandbox alive by itself, nor take it down if it fails to start.
  watcher.unref()
  watcher.on("error", () => {})
}
