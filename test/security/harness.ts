/**
 * Mechanical escape detection for the security corpus (issue "Security and reliability", item 1).
 *
 * - a host canary (`globalThis.__securityCanary`) that payloads try to reach and call;
 * - canary secrets in tool closures, in host error messages/causes and in `process.env`;
 * - snapshots of the host's intrinsics (own keys and value identities) before and after every run;
 * - counters of `unhandledRejection` / `uncaughtException` events;
 * - every `execute` must resolve to a value the `Result` schema accepts.
 */
import { Effect, Schema } from "effect"
import { CodeMode, Tool } from "../../src/index.js"
import { toolError } from "../../src/tool/ToolError.js"

export const SECRETS = [
  "SECRET-closure-7f3a",
  "SECRET-error-91bc",
  "SECRET-cause-4d2e",
  "SECRET-env-c0ff",
  "SECRET-defect-5e6f",
  "SECRET-thrown-a1b2",
] as const

/** Markers of host internals that must never reach a Result either (paths and stack frames of the host). */
export const HOST_MARKERS = ["node:internal", "node_modules", "/work/", "at async", "    at "] as const

const state = { canary: 0, unhandled: 0, uncaught: 0, badToolInput: 0 }
export const counters = (): Readonly<typeof state> => ({ ...state })

const g = globalThis as Record<string, unknown>
g.__securityCanary = (tag?: unknown) => {
  state.canary++
  return `ESCAPED:${String(tag)}`
}
process.env.SECURITY_CANARY_TOKEN = SECRETS[3]
process.on("unhandledRejection", () => void state.unhandled++)
process.on("uncaughtException", () => void state.uncaught++)

const plainData = (v: unknown, depth = 0): boolean => {
  if (depth > 40) return false
  if (v === null || ["string", "number", "boolean"].includes(typeof v)) return true
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype && v.every((x) => plainData(x, depth + 1))
  if (typeof v !== "object") return false
  const proto = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== null) return false
  return Object.values(v as object).every((x) => plainData(x, depth + 1))
}

/** Tools: each run closure holds a secret; failures carry secrets in messages and causes. */
export const tools = {
  echo: Tool.make({
    description: "Echo the input back",
    input: { type: "object" },
    run: (input: unknown) => {
      const closureSecret = "SECRET-closure-7f3a"
      if (!plainData(input)) state.badToolInput++
      return Effect.succeed(closureSecret.length > 0 ? input : null)
    },
  }),
  strict: Tool.make({
    description: "Requires a string id",
    input: Schema.Struct({ id: Schema.String }),
    run: ({ id }: { id: string }) => {
      if (typeof id !== "string" || !plainData({ id })) state.badToolInput++
      return Effect.succeed({ id, len: id.length })
    },
  }),
  leaky: Tool.make({
    description: "Fails with host errors full of secrets",
    input: { type: "object" },
    run: () => Effect.fail(new Error("Authorization: Bearer SECRET-error-91bc", { cause: "SECRET-cause-4d2e" })),
  }),
  refuse: Tool.make({
    description: "Refuses with a safe message and a secret cause",
    input: { type: "object" },
    run: () => Effect.fail(toolError("Refused", new Error("SECRET-cause-4d2e"))),
  }),
  defect: Tool.make({
    description: "Dies",
    input: { type: "object" },
    run: () => Effect.die(new Error("SECRET-defect-5e6f")),
  }),
  throws: Tool.make({
    description: "Throws synchronously",
    input: { type: "object" },
    run: () => {
      throw new Error("SECRET-thrown-a1b2")
    },
  }),
  slow: Tool.make({
    description: "Takes 20 ms",
    input: { type: "object" },
    run: () => Effect.as(Effect.sleep("20 millis"), { ok: true }),
  }),
}

/** Host intrinsics whose shape must not change: own keys and the identity of every data value/accessor. */
const intrinsics: Record<string, unknown> = {
  globalThis,
  Object,
  "Object.prototype": Object.prototype,
  Function,
  "Function.prototype": Function.prototype,
  "Array.prototype": Array.prototype,
  "String.prototype": String.prototype,
  "Number.prototype": Number.prototype,
  "Boolean.prototype": Boolean.prototype,
  "Promise.prototype": Promise.prototype,
  Promise,
  Error,
  "Error.prototype": Error.prototype,
  "TypeError.prototype": TypeError.prototype,
  "RegExp.prototype": RegExp.prototype,
  "Map.prototype": Map.prototype,
  "Set.prototype": Set.prototype,
  "Date.prototype": Date.prototype,
  JSON,
  Math,
  Array,
  String,
  Symbol,
  Reflect,
  "AsyncFunction.prototype": Object.getPrototypeOf(async () => 0),
  "Generator.prototype": Object.getPrototypeOf(function* () {}),
  "process.env": process.env,
}

export type Snapshot = Map<string, unknown>
export const snapshot = (): Snapshot => {
  const out: Snapshot = new Map()
  for (const [name, obj] of Object.entries(intrinsics)) {
    out.set(`${name}#proto`, Object.getPrototypeOf(obj))
    out.set(`${name}#extensible`, Object.isExtensible(obj))
    for (const key of Reflect.ownKeys(obj as object)) {
      const d = Object.getOwnPropertyDescriptor(obj, key)!
      out.set(`${name}.${String(key)}`, "value" in d ? d.value : [d.get, d.set])
    }
  }
  return out
}
export const diff = (a: Snapshot, b: Snapshot): Array<string> => {
  const changed: Array<string> = []
  for (const [k, v] of a) {
    const w = b.get(k)
    if (Array.isArray(v) && Array.isArray(w) ? v[0] !== w[0] || v[1] !== w[1] : !Object.is(v, w)) changed.push(k)
  }
  for (const k of b.keys()) if (!a.has(k)) changed.push(k)
  // Effect installs its fiber registry on globalThis lazily on first use: host-owned, not guest-made.
  return changed.filter((k) => !k.startsWith("globalThis.~effect/"))
}

export const runtime = CodeMode.make({ tools, limits: { timeoutMs: 300, maxToolCalls: 50 } })

export interface Verdict {
  readonly result: unknown
  readonly resultValid: boolean
  readonly canaryCalls: number
  readonly badToolInputs: number
  readonly prototypeChanges: ReadonlyArray<string>
  readonly leaks: ReadonlyArray<string>
  readonly escapedMarker: boolean
}

const isResult = Schema.is(CodeMode.Result)

/** Runs one program and reports every mechanical escape signal. */
export const judge = async (code: string, rt = runtime): Promise<Verdict> => {
  const before = snapshot()
  const c0 = counters()
  let result: unknown
  try {
    result = await Effect.runPromise(rt.execute(code) as Effect.Effect<unknown>)
  } catch (e) {
    result = { thrown: String(e) }
  }
  // Let stray reactions (and any escaped timers) run before looking.
  await new Promise((r) => setTimeout(r, 0))
  const c1 = counters()
  const text = JSON.stringify(result) ?? ""
  return {
    result,
    resultValid: isResult(result),
    canaryCalls: c1.canary - c0.canary,
    badToolInputs: c1.badToolInput - c0.badToolInput,
    prototypeChanges: diff(before, snapshot()),
    leaks: [...SECRETS, ...HOST_MARKERS].filter((s) => text.includes(s)),
    escapedMarker: text.includes("ESCAPED"),
  }
}
