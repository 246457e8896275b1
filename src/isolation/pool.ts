import { fork, type ChildProcess } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"
import type { FromSandbox, ToSandbox } from "./protocol.js"

export { ISOLATION_MODES, type IsolationMode } from "../runtime/executor.js"

/** How a sandbox ended: `oom` when V8 reported its heap exhausted (or the process aborted). */
export interface SandboxExit {
  readonly oom: boolean
  readonly detail: string
}

/** Defined by the bundled executable's build (scripts/bundle.ts): its own sandbox, relative to the bundle's files. */
declare const CODEMODE_SANDBOX: string | undefined

/**
 * The sandbox's entry point. The bundled sandbox (`dist/bin/sandbox.js`, scripts/bundle.ts) when there is one: it
 * starts on about half the CPU of the unbundled one (one file, with a code cache). The bundled executable names its
 * own, next to it (`CODEMODE_SANDBOX`); the library's build finds it at `dist/bin` beside `dist/src`. Without a
 * bundle (a build by tsc alone), the compiled `boot.ts` next to this module in `dist/`; when this module runs from
 * source (vitest), the built copies under `dist/` (a sandbox must be plain JavaScript: it is started by Node itself,
 * not by the test runner).
 */
export const sandboxEntry = (): string => {
  if (typeof CODEMODE_SANDBOX === "string") return fileURLToPath(new URL(CODEMODE_SANDBOX, import.meta.url))
  const candidates = [
    new URL("../../bin/sandbox.js", import.meta.url),
    new URL("./boot.js", import.meta.url),
    new URL("../../dist/bin/sandbox.js", import.meta.url),
  ].map((url) => fileURLToPath(url))
  return (
    candidates.find((file) => existsSync(file)) ??
    fileURLToPath(new URL("../../dist/src/isolation/boot.js", import.meta.url))
  )
}

/** How often a busy child's resident memory is read, and what it may use beyond its heap cap (code, stacks, buffers). */
const RSS_POLL_MS = 20
export const RSS_OVERHEAD_MB = 96
const PAGE_SIZE = 4096

/** One sandbox: a worker thread or a child process running `sandbox.ts`, reused for one run at a time. */
export class Sandbox {
  readonly ready: Promise<void>
  /** Shape ids this sandbox has been sent. */
  readonly shapes = new Set<number>()
  exited: SandboxExit | undefined
  /** Set by the pool once `ready` resolved. */
  isReady = false
  private listener: ((message: FromSandbox) => void) | undefined
  private exitListener: ((exit: SandboxExit) => void) | undefined
  private readonly worker: Worker | undefined
  private readonly child: ChildProcess | undefined
  private stderr = ""
  private watcher: ReturnType<typeof setInterval> | undefined
  private overLimit = false

  constructor(
    readonly mode: "worker" | "process",
    private readonly capMb: number | undefined,
  ) {
    let ready!: () => void
    let failed!: (error: Error) => void
    this.ready = new Promise<void>((resolve, reject) => {
      ready = resolve
      failed = reject
    })
    this.ready.catch(() => {})
    const onMessage = (message: FromSandbox) => {
      if (message.t === "ready") return ready()
      this.listener?.(message)
    }
    const onExit = (exit: SandboxExit) => {
      if (this.exited !== undefined) return
      this.exited = exit
      failed(new Error(`the sandbox could not start: ${exit.detail}`))
      this.exitListener?.(exit)
    }
    if (mode === "worker") {
      let oom = false
      this.worker = new Worker(sandboxEntry(), {
        env: {},
        ...(capMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: capMb } }),
      })
      this.worker.on("message", onMessage)
      this.worker.on("error", (error: Error & { code?: string }) => {
        oom ||= error.code === "ERR_WORKER_OUT_OF_MEMORY"
      })
      this.worker.on("exit", (code) => onExit({ oom, detail: oom ? "out of memory" : `exit code ${code}` }))
    } else {
      this.child = fork(sandboxEntry(), [], {
        env: {},
        execArgv: capMb === undefined ? [] : [`--max-old-space-size=${capMb}`],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      })
      this.child.stderr!.setEncoding("utf8")
      this.child.stderr!.on("data", (chunk: string) => {
        this.stderr = (this.stderr + chunk).slice(-4096)
      })
      this.child.on("message", (message) => onMessage(message as FromSandbox))
      this.child.on("error", () => {})
      this.child.on("exit", (code, signal) => {
        const oom =
          this.overLimit ||
          /heap out of memory|Allocation failed|Reached heap limit/.test(this.stderr) ||
          signal === "SIGABRT"
        onExit({ oom, detail: signal !== null ? `signal ${signal}` : `exit code ${code}` })
      })
    }
    this.unref()
  }

  /** Routes the sandbox's messages and its end to the run that holds it (one at a time). */
  attach(onMessage: (message: FromSandbox) => void, onExit: (exit: SandboxExit) => void): void {
    this.listener = onMessage
    this.exitListener = onExit
    this.ref()
    this.watch()
  }

  detach(): void {
    this.listener = undefined
    this.exitListener = undefined
    if (this.watcher !== undefined) clearInterval(this.watcher)
    this.watcher = undefined
    this.unref()
  }

  /**
   * A child process near its heap cap can spend seconds in V8's last-resort collections before it aborts, so while
   * it runs a program its resident memory is read from outside (Linux `/proc`) and it is killed once that exceeds
   * the cap plus the process's own overhead. A worker shares this process's memory; its cap is V8's alone.
   */
  private watch(): void {
    const pid = this.child?.pid
    if (this.capMb === undefined || pid === undefined || process.platform !== "linux") return
    const limit = (this.capMb + RSS_OVERHEAD_MB) * 2 ** 20
    const read = () => {
      try {
        const resident = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE_SIZE
        if (resident > limit) {
          this.overLimit = true
          this.child!.kill("SIGKILL")
        }
      } catch {
        if (this.watcher !== undefined) clearInterval(this.watcher)
      }
    }
    this.watcher = setInterval(read, RSS_POLL_MS)
    this.watcher.unref()
  }

  send(message: ToSandbox): void {
    if (this.exited !== undefined) return
    try {
      if (this.worker !== undefined) this.worker.postMessage(message)
      else this.child!.send(message)
    } catch {
      // A message that cannot be sent (the channel just closed) is the same as a dead sandbox: the exit follows.
    }
  }

  /** Ends the sandbox at once, whatever it is doing (SIGKILL; `terminate()` for a worker). */
  kill(): void {
    this.detach()
    if (this.exited === undefined) {
      dying.add(this)
      this.exitListener = () => dying.delete(this)
    }
    if (this.worker !== undefined) void this.worker.terminate().catch(() => {})
    else this.child!.kill("SIGKILL")
  }

  // An idle sandbox must not keep the host process alive; a busy one does, like any pending I/O.
  ref(): void {
    this.worker?.ref()
    this.child?.ref()
    ;(this.child?.channel as { ref?: () => void } | undefined)?.ref?.()
    ;(this.child?.stderr as { ref?: () => void } | null | undefined)?.ref?.()
  }

  unref(): void {
    this.worker?.unref()
    this.child?.unref()
    ;(this.child?.channel as { unref?: () => void } | undefined)?.unref?.()
    ;(this.child?.stderr as { unref?: () => void } | null | undefined)?.unref?.()
  }
}

/** A sandbox lent to one run; `release` is idempotent, so every way a run ends may call it. */
export interface Lease {
  readonly sandbox: Sandbox
  /** Back to the pool (`reusable`: after a clean end) or killed; the next queued run gets a sandbox. */
  readonly release: (reusable: boolean) => void
}

/**
 * Sandboxes of one mode and heap cap, shared by every runtime that needs that kind: at most `max` lent at once, the
 * runs beyond waiting in a queue (first come, first served) for one to come back, so a burst of concurrent runs
 * reuses warm sandboxes instead of starting a process each (src/isolation/README.md "Concurrency").
 */
class Pool {
  private readonly idle: Array<Sandbox> = []
  private readonly queue: Array<(lease: Lease) => void> = []
  private lent = 0

  constructor(
    private readonly mode: "worker" | "process",
    private readonly capMb: number | undefined,
    private readonly warm: number,
    readonly max: number,
  ) {}

  private spawn(): Sandbox {
    const sandbox = new Sandbox(this.mode, this.capMb)
    sandbox.ready.then(
      () => (sandbox.isReady = true),
      () => this.drop(sandbox),
    )
    return sandbox
  }

  private drop(sandbox: Sandbox): void {
    const at = this.idle.indexOf(sandbox)
    if (at >= 0) this.idle.splice(at, 1)
  }

  /**
   * A ready idle sandbox if there is one, else one still starting, else a new one; the pool refills behind, from
   * the second run on. A host that runs one program (`codemode run`) starts one sandbox, not a second one that
   * would compete with the first's start-up and outlive the host for a CPU-second.
   */
  private take(): Lease {
    for (let i = this.idle.length - 1; i >= 0; i--) if (this.idle[i]!.exited !== undefined) this.idle.splice(i, 1)
    const at = this.idle.findIndex((s) => s.isReady)
    const sandbox = at >= 0 ? this.idle.splice(at, 1)[0]! : (this.idle.shift() ?? this.spawn())
    if (this.acquired++ > 0) this.fillSoon()
    this.lent++
    let released = false
    return {
      sandbox,
      release: (reusable) => {
        if (released) return
        released = true
        this.lent--
        this.putBack(sandbox, reusable)
      },
    }
  }
  private acquired = 0

  /**
   * Lends a sandbox to `give` now (returns undefined) or once one comes back; the function returned takes a run
   * still waiting out of the queue (its deadline passed, or it was interrupted).
   */
  acquire(give: (lease: Lease) => void): (() => void) | undefined {
    if (this.lent < this.max && this.queue.length === 0) return void give(this.take())
    this.queue.push(give)
    return () => {
      const at = this.queue.indexOf(give)
      if (at >= 0) this.queue.splice(at, 1)
    }
  }

  /** How many runs wait for a sandbox. */
  get waiting(): number {
    return this.queue.length
  }

  /** Back to the pool after a clean end; a sandbox that may be in any other state is killed instead. */
  private putBack(sandbox: Sandbox, reusable: boolean): void {
    sandbox.detach()
    if (reusable && sandbox.exited === undefined && this.idle.length < this.max) this.idle.unshift(sandbox)
    else if (sandbox.exited === undefined) sandbox.kill()
    while (this.queue.length > 0 && this.lent < this.max) this.queue.shift()!(this.take())
    this.fillSoon()
  }

  /**
   * Starting a sandbox blocks the host for a moment (fork and exec: tens of ms on a loaded machine), so it happens
   * after the current run has been dispatched and its deadline armed, never between.
   */
  private fillSoon(): void {
    if (this.filling) return
    this.filling = true
    setImmediate(() => {
      this.filling = false
      this.fill()
    }).unref()
  }
  private filling = false

  /** Keeps `warm` sandboxes started ahead of need, within the bound: lent and idle together stay at most `max`. */
  fill(): void {
    while (this.idle.length < this.warm && this.idle.length + this.lent < this.max) this.idle.push(this.spawn())
  }

  /** Ends the idle sandboxes (started or still starting): the host will run nothing more. */
  stop(): void {
    for (const sandbox of this.idle.splice(0)) sandbox.kill()
  }

  /** Resolves when a warm sandbox is ready (benchmarks and tests measure runs, not spawns). */
  async ready(): Promise<void> {
    this.fill()
    // Waiting for them is pending work: keep the host alive until they answer.
    await Promise.all(
      this.idle.map((s) => {
        s.ref()
        return s.ready.catch(() => {}).finally(() => s.unref())
      }),
    )
  }
}

const pools = new Map<string, Pool>()

/** Sandboxes killed but not yet gone (a worker in a native call `terminate()` cannot interrupt can take seconds). */
const dying = new Set<Sandbox>()

/**
 * Resolves once every killed sandbox has exited, or after `maxMs`, with the number still running: lets a test see
 * what a killed sandbox does after its run's Result (a worker can still take the whole process down).
 */
export const killedSandboxesGone = async (maxMs: number): Promise<number> => {
  const until = Date.now() + maxMs
  while (dying.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10))
  return dying.size
}

/** Sandboxes kept started ahead of need, per mode and heap cap. */
export const WARM_SANDBOXES = 1

/**
 * Sandboxes lent at once per mode and heap cap (also the most kept idle): twice the cores, at least 4, at most 16. A
 * run mostly waits on its tool calls, which run in the host, so more sandboxes than cores keep the cores busy;
 * beyond that they only compete for them (src/isolation/README.md "Concurrency" has the measurements).
 */
export const MAX_SANDBOXES = Math.min(16, Math.max(4, 2 * availableParallelism()))

/**
 * Starts the sandbox a host is about to need, without waiting for it: `codemode run` calls this before it loads the
 * runtime, so the sandbox's start-up (Node, the interpreter, its warm-up run) overlaps the host's own instead of
 * following it. The runtime's first run then takes this sandbox (`acquire`); the kind must be the one that run asks
 * for (`heapCapMb` of the same memory budget), or it stays idle.
 */
export const prestart = (mode: "worker" | "process", maxMemoryBytes: number | undefined): void =>
  poolFor(mode, heapCapMb(maxMemoryBytes)).fill()

/** Ends every idle sandbox of every pool (`codemode run` once its one run is over, or failed before it). */
export const stopIdle = (): void => {
  for (const pool of pools.values()) pool.stop()
}

export const poolFor = (mode: "worker" | "process", capMb: number | undefined): Pool => {
  const key = `${mode}:${capMb ?? ""}`
  let pool = pools.get(key)
  if (pool === undefined) pools.set(key, (pool = new Pool(mode, capMb, WARM_SANDBOXES, MAX_SANDBOXES)))
  return pool
}

/**
 * The heap cap of a sandbox for a budget of `maxMemoryBytes`: the sandbox's own baseline (the interpreter and the
 * frontend loaded: about 25 MB used, 60 MB reserved; close to it V8 collects all the time) plus twice the budget, so a run the estimate lets through is never killed by V8
 * first, and one the estimate misjudges is killed before it gets far. No budget: V8's default.
 */
export const heapCapMb = (maxMemoryBytes: number | undefined): number | undefined =>
  maxMemoryBytes === undefined ? undefined : SANDBOX_BASELINE_MB + Math.ceil((2 * maxMemoryBytes) / 2 ** 20)

export const SANDBOX_BASELINE_MB = 96
