import { parse, type Statement } from "acorn"
import vm from "node:vm"
import type { NativeContext, NativeGlobal, ToolFailureShape } from "../interpreter/api.js"
import { CONTEXT_SCRIPT } from "./v8-context.js"

/**
 * Runs a canonical program under V8 itself (`node:vm`, a fresh context per run) with stub tools, for the differential
 * attribution of wrong answers (attribute.ts). The program is the body of an async function whose final expression
 * statement is its result (docs/dialects.md#canonical-contract "Program"), so it is run as exactly that. The environment is the @opencode-ai/codemode 1.18
 * one, built from data: tools are async functions answering from `call`, a failed call rejects in the dialect's
 * tool-failure shape (docs/dialects.md#output-and-errors), and prelude globals are the dialect's own host-side `NativeGlobal`s bridged
 * through JSON (their implementation is not ours to re-check: they are the dialect's documented behaviour).
 */
export type ToolOutcome = { readonly result: unknown } | { readonly error: string }

export interface V8Environment {
  /** Canonical paths of every tool the program may call (namespaces are their prefixes). */
  readonly tools: ReadonlyArray<ReadonlyArray<string>>
  readonly call: (path: ReadonlyArray<string>, input: unknown) => ToolOutcome | Promise<ToolOutcome>
  /** A dialect spelling of an unknown path → its canonical path (the runtime's alias hook, src/runtime/run.ts). */
  readonly resolve?: ((path: ReadonlyArray<string>) => ReadonlyArray<string> | undefined) | undefined
  readonly globals?: Readonly<Record<string, NativeGlobal>> | undefined
  readonly toolFailure?: ToolFailureShape | undefined
  readonly timeoutMs?: number | undefined
}

export type V8Outcome =
  /** The answer by the rule of docs/corpus-format.md#the-answer; `unknownTools` are the messages of unknown-tool rejections the run produced. */
  | { readonly kind: "answer"; readonly answer: unknown; readonly unknownTools: ReadonlyArray<string> }
  | { readonly kind: "threw"; readonly message: string }
  | { readonly kind: "cannot"; readonly why: string }

const PARSE = {
  ecmaVersion: "latest",
  sourceType: "script",
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
} as const

/** The program as an async function body: a final expression statement becomes `return (expr);`. */
export const asFunctionBody = (code: string): string => {
  const body = parse(code, PARSE).body as Statement[]
  const last = body.at(-1)
  if (last?.type !== "ExpressionStatement" || ("directive" in last && last.directive !== undefined)) return code
  const e = last.expression
  return `${code.slice(0, last.start)}return (${code.slice(e.start, e.end)});${code.slice(last.end)}`
}

class Exit {
  constructor(readonly value: unknown) {}
}
class Thrown {
  constructor(
    readonly name: string,
    readonly message: string,
  ) {}
}

const key = (path: ReadonlyArray<string>) => JSON.stringify(path)
const toJson = (v: unknown): string | undefined => (v === undefined ? undefined : JSON.stringify(v))

/** `{ kind, ... }` descriptions of the prelude globals, and their functions by dotted id. */
const describeNatives = (globals: Readonly<Record<string, NativeGlobal>>) => {
  const fns = new Map<string, Extract<NativeGlobal, { kind: "function" }>>()
  const describe = (id: string, g: NativeGlobal): unknown => {
    if (g.kind === "function") return (fns.set(id, g), { kind: "function" })
    if (g.kind === "value") return { kind: "value", json: toJson(g.value) }
    if (g.kind === "errorClass") return { kind: "errorClass", name: g.name }
    const members = Object.fromEntries(Object.entries(g.members).map(([k, m]) => [k, describe(`${id}.${k}`, m)]))
    return { kind: "namespace", members }
  }
  const described = Object.fromEntries(Object.entries(globals).map(([k, g]) => [k, describe(k, g)]))
  return { json: JSON.stringify(described), fns }
}

const describeThrown = (e: unknown): string => {
  if (typeof e === "object" && e !== null && "message" in e) {
    const name = "name" in e ? String(e.name) : "Error"
    return `${name}: ${String(e.message)}`
  }
  return `uncaught ${typeof e === "string" ? JSON.stringify(e) : String(e)}`
}

export const runInV8 = async (code: string, env: V8Environment): Promise<V8Outcome> => {
  let body: string
  try {
    body = asFunctionBody(code)
  } catch (e) {
    return { kind: "cannot", why: `V8 cannot parse the code the runtime ran (${(e as Error).message})` }
  }
  const timeoutMs = env.timeoutMs ?? 5_000
  const tools = new Set(env.tools.map(key))
  const children = new Map<string, Set<string>>()
  for (const path of env.tools)
    path.forEach((segment, i) => {
      const parent = key(path.slice(0, i))
      children.set(parent, (children.get(parent) ?? new Set()).add(segment))
    })
  const unknownTools: string[] = []
  let last: { value: unknown } | undefined
  let exit: Exit | undefined
  const output = (values: ReadonlyArray<unknown> | undefined) => {
    last = values?.length === 1 ? { value: values[0] } : undefined
  }
  const lookup = (pathJson: string): string => {
    const path = JSON.parse(pathJson) as string[]
    if (tools.has(pathJson)) return JSON.stringify({ kind: "tool", path })
    const keys = children.get(pathJson)
    if (keys) return JSON.stringify({ kind: "namespace", keys: [...keys] })
    const alias = env.resolve?.(path)
    if (alias && tools.has(key(alias))) return JSON.stringify({ kind: "tool", path: alias })
    return JSON.stringify({ kind: "unknown", message: `Unknown tool '${path.join(".")}'.` })
  }
  const call = async (pathJson: string, inputJson: string | undefined): Promise<string> => {
    const input = inputJson === undefined ? undefined : JSON.parse(inputJson)
    const outcome = await env.call(JSON.parse(pathJson) as string[], input)
    return JSON.stringify(
      "error" in outcome ? { ok: false, message: outcome.error } : { ok: true, value: outcome.result },
    )
  }
  const natives = describeNatives(env.globals ?? {})
  const ctx: NativeContext = {
    callTool: async (path, input) => {
      const outcome = await env.call(path, input)
      if ("error" in outcome) throw new Error(outcome.error)
      return outcome.result
    },
    output: (_line, values) => output(values),
    // A notification is no output: it never answers (Codex `notify`).
    notify: () => undefined,
    exit: (value) => {
      throw new Exit(value)
    },
    throwError: (name, message) => {
      throw new Thrown(name, message)
    },
    store: new Map(),
  }
  const settled = (e: unknown): string => {
    if (e instanceof Exit) return ((exit = e), JSON.stringify({ exit: true }))
    if (e instanceof Thrown) return JSON.stringify({ ok: false, name: e.name, message: e.message })
    return JSON.stringify({ ok: false, name: "Error", message: e instanceof Error ? e.message : String(e) })
  }
  const done = (v: unknown): string => JSON.stringify({ ok: true, value: v })
  const native = (id: string, argsJson: string): string | Promise<string> => {
    const r = natives.fns.get(id)!.call(JSON.parse(argsJson) as unknown[], ctx)
    return r instanceof Promise ? r.then(done).catch(settled) : done(r)
  }
  // Every host function answers with text or a promise of text and never throws (failures become text), so nothing
  // of this realm crosses into the program's.
  const host = {
    lookup: (pathJson: string) => attempt(() => lookup(pathJson)),
    call: (pathJson: string, inputJson: string | undefined) => call(pathJson, inputJson).catch(settled),
    native: (id: string, argsJson: string) => attempt(() => native(id, argsJson), settled),
    output: (argsJson: string | undefined) =>
      attempt(() => output(argsJson === undefined ? undefined : JSON.parse(argsJson))),
    unknownTool: (message: string) => void unknownTools.push(String(message)),
    failure: JSON.stringify(env.toolFailure ?? { kind: "error" }),
    natives: natives.json,
  }
  // `afterEvaluate`: the program's promise jobs run only when the host drains them, under a timeout, so a program
  // that loops in microtasks (`for (;;) await null`) is stopped instead of starving this process's event loop.
  const context = vm.createContext(
    {},
    { codeGeneration: { strings: false, wasm: false }, microtaskMode: "afterEvaluate" },
  )
  const deadline = Date.now() + timeoutMs
  const budget = () => ({ timeout: Math.max(1, deadline - Date.now()) })
  const late: V8Outcome = { kind: "cannot", why: `V8 did not finish within ${timeoutMs} ms` }
  let setup: { toJson: (v: unknown) => string }
  let state: { value: unknown } | { error: unknown } | undefined
  try {
    setup = vm.runInContext(CONTEXT_SCRIPT, context)(host) as typeof setup
    context.__main = vm.runInContext(`(async function () {"use strict";\n${body}\n})`, context)
    const main = vm.runInContext("__main()", context, budget()) as Promise<unknown>
    main.then(
      (value) => (state = { value }),
      (error) => (state = { error }),
    )
  } catch (e) {
    return Date.now() >= deadline ? late : { kind: "cannot", why: `V8 rejects the code: ${describeThrown(e)}` }
  }
  const drain = new vm.Script("0")
  while (state === undefined) {
    if (Date.now() >= deadline) return late
    await new Promise((resolve) => setImmediate(resolve))
    try {
      drain.runInContext(context, budget())
    } catch {
      return late
    }
  }
  if ("value" in state || exit !== undefined)
    return finish("value" in state ? state.value : undefined, setup, last, exit, unknownTools)
  return { kind: "threw", message: describeThrown(state.error) }
}

const attempt = <T>(f: () => T, onError: (e: unknown) => T = () => undefined as T): T => {
  try {
    return f()
  } catch (e) {
    return onError(e)
  }
}

/** the answer of docs/corpus-format.md#the-answer: the result when not null (`exit(v)` sets it), else the last one-argument output value. */
const finish = (
  value: unknown,
  setup: { toJson: (v: unknown) => string },
  last: { value: unknown } | undefined,
  exit: Exit | undefined,
  unknownTools: ReadonlyArray<string>,
): V8Outcome => {
  let result: unknown
  try {
    const text = setup.toJson(exit !== undefined ? exit.value : value)
    result = text === undefined ? null : JSON.parse(text)
  } catch (e) {
    return { kind: "threw", message: `the result is not data: ${describeThrown(e)}` }
  }
  const answer = result !== null ? result : last !== undefined ? (last.value ?? null) : null
  return { kind: "answer", answer, unknownTools: [...new Set(unknownTools)] }
}
