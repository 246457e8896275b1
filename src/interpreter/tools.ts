/**
 * Tool references and calls (@opencode-ai/codemode 1.18 "First-class promises", docs/dialects.md#canonical-contract "Calls"/"Enumeration"). A call starts
 * eagerly: the returned native promise is already running on the host; its output is copied in, its failure turned
 * into the guest rejection the dialect expects (`CompileOptions.toolFailure`).
 */
import { clipName, diagnostic } from "../diagnostic.js"
import { BoundaryError, copyIn, copyOut } from "./boundary.js"
import { chargeData } from "./memory-budget.js"
import { Fatal, GuestThrow, Interrupted, kindError, makeError, type Pos } from "./errors.js"
import { HostFailure } from "./host.js"
import type { Run } from "./run-state.js"
import { newObject } from "./values.js"

const IDENT = /^[A-Za-z_$][\w$]*$/

export const renderPath = (path: ReadonlyArray<string>): string =>
  "tools" + path.map((s) => (IDENT.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")

export const callTool = (
  rt: Run,
  path: ReadonlyArray<string>,
  input: unknown,
  pos: Pos | undefined,
  as?: string | undefined,
) => {
  if (rt.stopped) throw rt.stopped
  if (rt.host.lookup(path) !== "tool") throw unknownTool(rt, path, pos)
  let data: unknown
  try {
    data = copyOut(input, "input", undefined, rt)
  } catch (e) {
    if (!(e instanceof BoundaryError)) throw e
    // An un-awaited promise is a data mistake (as in a result), not a shape the tool's schema refuses.
    throw kindError(
      e.pending ? "InvalidDataValue" : "InvalidToolInput",
      `Invalid input for ${renderPath(path)}: ${e.message}`,
      pos,
    )
  }
  let started: Promise<unknown>
  // A host that copies outputs into guest objects itself saves the second copy (Host.callToolInto).
  const host = rt.host
  const built = host.callToolInto !== undefined
  try {
    started = built
      ? host.callToolInto!(path, data, as, newObject)
      : as === undefined
        ? host.callTool(path, data)
        : host.callTool(path, data, as)
  } catch (e) {
    started = Promise.reject(e)
  }
  const call = new GuestCall(rt, path, pos, started, built)
  const p = new Promise<unknown>(call.bind)
  call.promise = p
  started.then(
    (out) => call.fulfil(out),
    (failure) => call.fail(failure),
  )
  // Interruptible (@opencode-ai/codemode 1.18: `Promise.race` interrupts its losing in-flight calls): the host call then never
  // settles, so the guest promise rejects instead of hanging whoever still awaits it, and leaves the drain set.
  if (rt.host.cancel !== undefined) (rt.interruptible ??= new Map()).set(p, call)
  rt.trackCall(p)
  rt.workNames.set(p, call)
  return p
}

/**
 * One call's guest promise, settled by whichever comes first: the host call or its interruption. One object per call
 * (its methods on the prototype) instead of a closure per outcome; the run's bookkeeping (`Run.trackCall`) is
 * updated as the promise settles instead of through reactions of its own.
 */
class GuestCall {
  finished = false
  resolve: (value: unknown) => void = noop
  reject: (reason: unknown) => void = noop
  promise: Promise<unknown> | undefined = undefined
  /** The executor of the guest promise: keeps its resolving functions. */
  readonly bind = (resolve: (value: unknown) => void, reject: (reason: unknown) => void): void => {
    this.resolve = resolve
    this.reject = reject
  }

  constructor(
    readonly rt: Run,
    readonly path: ReadonlyArray<string>,
    readonly pos: Pos | undefined,
    readonly started: Promise<unknown>,
    /** The host built the output as guest values (Host.callToolInto): taken as it is. */
    readonly built: boolean,
  ) {}

  /** Output copied in (unless the host built it) and charged (a budget stop is not an invalid output). */
  fulfil(out: unknown): void {
    if (this.finished) return
    this.finish()
    let value: unknown
    try {
      value = this.built ? out : copyIn(out)
    } catch (e) {
      const why = e instanceof BoundaryError ? e.message : "it is not data"
      return this.settleRejected(
        kindError("InvalidToolOutput", `Invalid output from ${renderPath(this.path)}: ${why}`, this.pos),
      )
    }
    try {
      value = chargeData(this.rt, value)
    } catch (e) {
      return this.settleRejected(e)
    }
    this.rt.callSettled(this.promise!)
    this.resolve(value)
  }

  /** The failure as the guest sees it. */
  fail(failure: unknown): void {
    if (this.finished) return
    this.finish()
    if (failure instanceof HostFailure && failure.interrupted) {
      // Host interruption: nothing to report or wait for; only an await that reaches it ends the run (run-program.ts).
      this.rt.callInterrupted(this.promise!)
      return this.reject(new Interrupted(failure.diagnostic))
    }
    let reason: unknown
    try {
      reason = toolRejection(this.rt, this.path, failure, this.pos)
    } catch (e) {
      reason = e
    }
    this.settleRejected(reason)
  }

  /** Settled or interrupted: no longer one of the run's interruptible calls. */
  private finish(): void {
    this.finished = true
    this.rt.interruptible?.delete(this.promise!)
  }

  private settleRejected(reason: unknown): void {
    this.rt.callRejected(this.promise!)
    this.reject(reason)
  }

  /** The call as a receipt names it: its tool and where the program made it. */
  describe(): string {
    const at = this.pos === undefined ? "" : ` (line ${this.pos.line})`
    return `the call to ${renderPath(this.path)}${at}`
  }

  interrupt(): void {
    if (this.finished) return
    this.finish()
    const rt = this.rt
    rt.host.cancel?.call(rt.host, this.started)
    rt.callInterrupted(this.promise!)
    this.reject(
      new GuestThrow(
        makeError("Error", "This tool call was interrupted because another value settled a Promise.race first."),
        this.pos,
      ),
    )
  }
}

const noop = (): void => {}

/** Interrupts `p` if it is a tool call of `rt` still in flight (a no-op for any other value). */
export const interruptToolCall = (rt: Run, p: unknown): void => {
  if (p instanceof Promise) rt.interruptible?.get(p)?.interrupt()
}

/** The guest-visible rejection of a failed call; non-catchable failures stop the run (docs/dialects.md#canonical-contract "Errors"). */
const toolRejection = (rt: Run, path: ReadonlyArray<string>, failure: unknown, pos: Pos | undefined) => {
  const diag = failure instanceof HostFailure ? failure.diagnostic : diagnostic("ToolFailure", "Tool execution failed")
  if (failure instanceof HostFailure && !failure.catchable) rt.stop(new Fatal(diag))
  const shape = rt.options.toolFailure
  let value: unknown
  if (shape?.kind === "string") value = diag.message
  else if (shape?.kind === "errorClass") {
    const e = makeError(shape.name, diag.message, [shape.name, "Error"])
    e[shape.toolNameField] = path.join(".")
    value = e
  } else value = makeError("Error", diag.message)
  return new GuestThrow(value, pos, { ...diag, location: diag.location ?? pos })
}

const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]!
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "")

/** Longest name compared for suggestions: the edit distance is quadratic (an 8 KB name against 8 KB names stalled). */
const MAX_SUGGEST_LENGTH = 128

/**
 * "Did you mean" candidates: names under the deepest existing namespace of `path`, closest first. Names longer than
 * MAX_SUGGEST_LENGTH get none, and a candidate whose length differs by more than the threshold is skipped before
 * the distance (which is at least the difference) is computed; the comparisons count as the run's work.
 */
export const suggest = (rt: Run, path: ReadonlyArray<string>): Array<string> => {
  let depth = path.length - 1
  while (depth > 0 && rt.host.lookup(path.slice(0, depth)) !== "namespace") depth--
  const base = path.slice(0, depth)
  const raw = path[depth] ?? ""
  if (raw.length > MAX_SUGGEST_LENGTH) return []
  const wanted = norm(raw)
  const limit = Math.max(2, Math.floor(wanted.length / 2))
  const scored = rt.host
    .keys(base)
    .filter((k) => k.length <= 4 * MAX_SUGGEST_LENGTH)
    .map((k) => ({ k, n: norm(k) }))
    .filter(({ n }) => Math.abs(n.length - wanted.length) <= limit)
    .map(({ k, n }) => {
      rt.work(n.length * wanted.length)
      return { k, d: n === wanted ? 0 : distance(n, wanted) }
    })
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || (a.k < b.k ? -1 : 1))
    .slice(0, 3)
  return scored.map((x) => renderPath([...base, x.k]))
}

/**
 * Native work of a failed lookup per character of the path, as `Run.work` elements: the host joins, hashes and
 * aliases the path twice, the message quotes it, the guest catches the error (measured: about 30 times an
 * `indexOf` element per character). Charged on every unknown path, so a loop of calls with an 8 KB computed name
 * reads the clock on each call instead of every few hundred (it ran 1.2 s past a 300 ms deadline).
 */
const UNKNOWN_WORK_PER_CHAR = 32

const chargeUnknown = (rt: Run, path: ReadonlyArray<string>): void => {
  let chars = 0
  for (const s of path) chars += s.length
  rt.work(UNKNOWN_WORK_PER_CHAR * chars)
}

/**
 * Calling a path that is not a tool, worded as the reference words it (`Unknown tool 'a.b'.`, `Tool 'a' is not
 * callable.`), followed by what to do: the closest names, or how to list a namespace's tools.
 */
export const unknownTool = (rt: Run, path: ReadonlyArray<string>, pos: Pos | undefined): GuestThrow => {
  chargeUnknown(rt, path)
  const kind = rt.host.lookup(path)
  const name = clipName(path.join("."))
  if (kind === "namespace") {
    const list = `Object.keys(${clipName(renderPath(path))})`
    return kindError(
      "UnknownTool",
      `Tool '${name}' is not callable: it is a namespace (${list} lists its tools).`,
      pos,
      [`${list} lists its tools.`],
    )
  }
  const suggestions = suggest(rt, path)
  if (suggestions.length === 0 && path.length > 1 && rt.host.lookup(path.slice(0, 1)) === undefined) {
    // No near name and no such namespace: say which namespaces exist, the likeliest fix (`tools.github` absent).
    const roots = rt.host.keys([]).filter((k) => rt.host.lookup([k]) === "namespace")
    if (roots.length > 0) {
      const shown = roots.slice(0, 12).map((k) => clipName(k))
      const more = roots.length > shown.length ? `, and ${roots.length - shown.length} more` : ""
      const hint = `There is no namespace '${clipName(path[0]!)}'; the namespaces are ${shown.join(", ")}${more}.`
      return kindError("UnknownTool", `Unknown tool '${name}'. ${hint}`, pos, [hint])
    }
  }
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(", ")}?` : ""
  return kindError("UnknownTool", `Unknown tool '${name}'.${hint}`, pos, suggestions)
}

/** `Object.keys(tools.ns)` / `for…in`: names at the node; a tool lists `[]`; an unknown path is UnknownTool. */
export const toolKeys = (rt: Run, path: ReadonlyArray<string>, pos: Pos | undefined): Array<string> => {
  if (path.length > 0 && rt.host.lookup(path) === undefined) throw unknownNamespace(rt, path, pos)
  return [...rt.host.keys(path)]
}

/** Enumerating a path that holds nothing: UnknownTool naming it as a namespace, with the closest names and the idioms. */
const unknownNamespace = (rt: Run, path: ReadonlyArray<string>, pos: Pos | undefined): GuestThrow => {
  chargeUnknown(rt, path)
  const near = suggest(rt, path)
  const hint = near.length > 0 ? `. Did you mean ${near.join(", ")}?` : ""
  return kindError("UnknownTool", `Unknown tool namespace '${path.join(".")}'${hint}`, pos, [
    ...near,
    "Object.keys(tools) lists the namespaces; tools.$codemode.search({ query }) finds tools by intent.",
  ])
}

/** `Object.values`/`Object.entries` over a tool reference: tools are not data; the names are one call away. */
export const toolValuesError = (method: "values" | "entries", pos: Pos | undefined): GuestThrow =>
  kindError(
    "InvalidDataValue",
    `Object.${method}(...) cannot read tool references: they are not plain data. Use Object.keys(tools) for names, or tools.$codemode.search({ query }) for signatures.`,
    pos,
  )
