import type { Diagnostic } from "../diagnostic.js"
import { HostFailure, type Host } from "../interpreter/host.js"
import { RANDOM_SEED, seededRandom } from "../runtime/random.js"
import { RESERVED_NAMESPACE } from "../runtime/tree.js"
import type { JournalInput } from "../runtime/journal-data.js"
import type { FromSandbox, SandboxLimits, TreeShape } from "./protocol.js"

/** A tree shape indexed for lookups inside the sandbox. */
export interface Shape {
  readonly namespaces: ReadonlyMap<string, ReadonlyArray<string>>
  readonly tools: ReadonlySet<string>
  readonly source: TreeShape
}

export const indexShape = (shape: TreeShape): Shape => ({
  namespaces: new Map(shape.namespaces),
  tools: new Set(shape.tools),
  source: shape,
})

/**
 * The session's Pi/Codex `store` inside the sandbox: a copy of the session's entries when the run started, whose
 * writes are reported to the supervisor as they happen, which applies them to the session's state in the host.
 */
export class ReportingStore extends Map<string, unknown> {
  private report: ((message: FromSandbox) => void) | undefined

  constructor(entries: ReadonlyArray<readonly [string, unknown]> | undefined, post: (message: FromSandbox) => void) {
    super(entries)
    this.report = post
  }

  override set(key: string, value: unknown): this {
    super.set(key, value)
    this.report?.({ t: "stored", key, value })
    return this
  }

  override delete(key: string): boolean {
    const had = super.delete(key)
    if (had) this.report?.({ t: "stored", key, deleted: true })
    return had
  }
}

const isSearch = (path: ReadonlyArray<string>) =>
  path.length === 2 && path[0] === RESERVED_NAMESPACE && path[1] === "search"

/**
 * The interpreter's `Host` inside a sandbox: the tree's shape answers `lookup`/`keys` locally; every tool call and
 * log line is a message to the supervisor, which runs the call through the host's own `Execution` (resolution,
 * decoding, `maxToolCalls`, approvals, hooks, sanitization) and answers with plain data.
 */
export class GuestHost implements Host {
  readonly deadline: number | undefined
  readonly timeoutMs: number | undefined
  readonly maxMemoryBytes: number | undefined
  readonly random = seededRandom(RANDOM_SEED)
  /** The session's `store`/`load` entries as the run started, plus its own writes (ReportingStore). */
  readonly store: Map<string, unknown>
  private readonly pending = new Map<
    number,
    { readonly resolve: (value: unknown) => void; readonly reject: (e: unknown) => void }
  >()
  private readonly ids = new WeakMap<Promise<unknown>, number>()
  private next = 0
  input: Host["input"]

  constructor(
    private readonly shape: Shape,
    limits: SandboxLimits,
    private readonly post: (message: FromSandbox) => void,
    private readonly alias?: (path: ReadonlyArray<string>) => ReadonlyArray<string> | undefined,
    private readonly onOutput?: (values: ReadonlyArray<unknown>) => void,
    stored?: ReadonlyArray<readonly [string, unknown]>,
  ) {
    this.store = new ReportingStore(stored, post)
    this.deadline = limits.timeoutMs === undefined ? undefined : Date.now() + limits.timeoutMs
    this.timeoutMs = limits.timeoutMs
    this.maxMemoryBytes = limits.maxMemoryBytes
  }

  readonly cancelled = (): boolean => false

  /**
   * Journals this run's nondeterministic reads: each is posted to the supervisor, whose journal checks it; the first
   * `replay.length` reads answer the recorded values (of the same kind) instead of the live ones.
   */
  record(replay: ReadonlyArray<JournalInput>): void {
    let at = 0
    this.input = (kind, live) => {
      const recorded = replay[at++]
      const value = recorded !== undefined && recorded.k === kind ? recorded.v : live()
      this.post({ t: "input", k: kind, v: value })
      return typeof value === "object" ? [...value] : value
    }
  }

  private isTool(path: ReadonlyArray<string>): boolean {
    return isSearch(path) || (path[0] !== RESERVED_NAMESPACE && this.shape.tools.has(path.join(".")))
  }

  /** The canonical path of a tool the program named by a dialect's spelling (runtime.run only). */
  private canonical(path: ReadonlyArray<string>): ReadonlyArray<string> | undefined {
    if (this.isTool(path)) return path
    if (path[0] === RESERVED_NAMESPACE) return undefined
    const aliased = this.alias?.(path)
    return aliased !== undefined && this.shape.tools.has(aliased.join(".")) ? aliased : undefined
  }

  lookup(path: ReadonlyArray<string>): "tool" | "namespace" | undefined {
    if (path.length === 0) return "namespace"
    if (this.canonical(path) !== undefined) return "tool"
    if (path[0] === RESERVED_NAMESPACE) return path.length === 1 ? "namespace" : undefined
    return this.shape.namespaces.has(path.join(".")) ? "namespace" : undefined
  }

  keys(path: ReadonlyArray<string>): ReadonlyArray<string> {
    if (path.length === 0) return [...this.shape.namespaces.get("")!, RESERVED_NAMESPACE]
    if (path.length === 1 && path[0] === RESERVED_NAMESPACE) return ["search"]
    return this.shape.namespaces.get(path.join(".")) ?? []
  }

  callTool(path: ReadonlyArray<string>, input: unknown, as?: string): Promise<unknown> {
    const id = this.next++
    const promise = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }))
    this.ids.set(promise, id)
    this.post({ t: "call", id, path: [...(this.canonical(path) ?? path)], input, ...(as === undefined ? {} : { as }) })
    return promise
  }

  cancel(promise: Promise<unknown>): void {
    const id = this.ids.get(promise)
    if (id === undefined || !this.pending.has(id)) return
    this.pending.delete(id)
    this.post({ t: "cancel", id })
  }

  /** The supervisor's answer to a call. */
  settle(
    id: number,
    ok: boolean,
    value: unknown,
    diagnostic?: Diagnostic,
    catchable?: boolean,
    interrupted?: boolean,
  ): void {
    const waiter = this.pending.get(id)
    if (waiter === undefined) return
    this.pending.delete(id)
    if (ok) waiter.resolve(value)
    else waiter.reject(new HostFailure(diagnostic!, catchable ?? true, interrupted === true))
  }

  log(line: string, values?: ReadonlyArray<unknown>): void {
    this.post({ t: "log", line })
    if (values !== undefined) this.onOutput?.(values)
  }

  notify(text: string): void {
    this.post({ t: "notify", text })
  }
}
