import { parse, type Statement } from "acorn"
import vm from "node:vm"
import type { NativeContext, NativeGlobal, ToolFailureShape } from "../interpreter/api.js"
import { CONTEXT_SCRIPT } from "./v8-context.js"

/**
 * Runs a canonical program under V8 itself (`node:vm`, a fresh context per run) with stub tools, for the differential
 * attribution of wrong answers (attribute.ts). The program is the body of an async function whose final expression
 * statement is its result (DIALECTS.md §6 "Program"), so it is run as exactly that. The environment is the seed 000
 * one, built from data: tools are async functions answering from `call`, a failed call rejects in the dialect's
 * tool-failure shape (DIALECTS.md §1.4), and prelude globals are the dialect's own host-side `NativeGlobal`s bridged
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
  /** The answer by CORPUS.md's rule; `unknownTools` are the messages of unknown-tool rejections the run produced. */
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
  const output = (values: ReadonlyArray<unknown>) => {
    last = values.length === 1 ? { value: values[0] } : undefined
  }
  const lookup = (pathJson: string): string => {
    const path = JSON.parse(pathJson) as string[]
    if (tools.has(pathJson)) return JSON.stringify({ kind: "tool", path })
    const keys = children.get(pathJson)
    if (keys) return JSON.stringify({ kind: "namespace", keys: [...keys] })
    const alias = env.resolve?.(path)
    if (alias && tools.has(key(alias))) return JSON.stringify({ kind: "tool", path: alias })
    return JSON.stringify({ kind: "unknown", message: `Unknown tool tools.${path.join(".")}` })
  }
  const call = async (pathJson: string, inputJson: string | undefined) => {
    const outcome = await env.call(JSON.parse(pathJson), inputJson === undefined ? undefined : JSON.parse(inputJson))
    return "error" in outcome ? { ok: false, message: outcome.error } : { ok: true, json: toJson(outcome.result) }
  }
  const natives = describeNatives(env.globals ?? {})
  const ctx: NativeContext = {
    callTool: async (path, input) => {
      const outcome = await env.call(path, input)
      if ("error" in outcome) throw new Error(outcome.error)
      return outcome.result
    },
    output: (_line, values) => output(values),
    exit: (value) => {
      throw new Exit(value)
    },
    throwError: (name, message) => {
      throw new Thrown(name, message)
    },
    store: new Map(),
  }
  const settled = (e: unknown) => {
    if (e instanceof Exit) return ((exit = e), { exit: true })
    if (e instanceof Thrown) return { ok: false, name: e.name, message: e.message }
    return { ok: false, name: "Error", message: e instanceof Error ? e.message : String(e) }
  }
  const native = (id: string, argsJson: string) => {
    const done = (v: unknown) => ({ ok: true, json: toJson(v) })
    try {
      const r = natives.fns.get(id)!.call(JSON.parse(argsJson) as unknown[], ctx)
      return r instanceof Promise ? r.then(done, settled) : done(r)
    } catch (e) {
      return settled(e)
    }
  }
  const host = {
    lookup,
    call,
    native,
    output: (argsJson: string) => output(JSON.parse(argsJson) as unknown[]),
    unknownTool: (message: string) => void unknownTools.push(message),
    failure: JSON.stringify(env.toolFailure ?? { kind: "error" }),
    natives: natives.json,
  }
  const context = vm.createContext({}, { codeGeneration: { strings: false, wasm: false } })
  const setup = vm.runInContext(CONTEXT_SCRIPT, context)(host) as { EXIT: unknown; toJson: (v: unknown) => string }
  let main: Promise<unknown>
  try {
    context.__main = vm.runInContext(`(async function () {"use strict";\n${body}\n})`, context)
    main = vm.runInContext("__main()", context, { timeout: timeoutMs }) as Promise<unknown>
  } catch (e) {
    return { kind: "cannot", why: `V8 rejects the code: ${describeThrown(e)}` }
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)))
  try {
    const value = await Promise.race([main, timeout])
    if (value === "timeout") return { kind: "cannot", why: `V8 did not finish within ${timeoutMs} ms` }
    return finish(value, setup, last, exit, unknownTools)
  } catch (e) {
    if (exit !== undefined) return finish(undefined, setup, last, exit, unknownTools)
    return { kind: "threw", message: describeThrown(e) }
  } finally {
    clearTimeout(timer)
  }
}

/** CORPUS.md's answer: the result when not null (`exit(v)` sets it), else the last one-argument output value. */
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
  return { kind: "answer", answer, unknownTools }
}
