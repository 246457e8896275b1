/**
 * Test harness: parse → compile → run against a fake host; and the same program through `node:vm` as the body of
 * an async function (the differential oracle, docs/design.md#canonical-programs).
 */
import vm from "node:vm"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { compile } from "../../src/interpreter/index.js"
import type { CompileOptions } from "../../src/interpreter/api.js"
import { HostFailure, type Host, type RunOutcome } from "../../src/interpreter/host.js"
import { diagnostic } from "../../src/diagnostic.js"

export type ToolImpl = (input: unknown) => unknown | Promise<unknown>

export interface FakeHostOptions {
  readonly tools?: Record<string, ToolImpl>
  readonly deadline?: number
  readonly cancelled?: () => boolean
}

export interface FakeHost extends Host {
  readonly lines: Array<string>
  readonly calls: Array<{ path: string; input: unknown }>
}

/** A host over a flat map "ns.tool" → implementation (async or not); failures of a HostFailure pass through. */
export const fakeHost = (options: FakeHostOptions = {}): FakeHost => {
  const tools = options.tools ?? {}
  const names = Object.keys(tools)
  const lines: Array<string> = []
  const calls: Array<{ path: string; input: unknown }> = []
  let seed = 1
  return {
    lines,
    calls,
    lookup: (path) => {
      const key = path.join(".")
      if (tools[key]) return "tool"
      if (path.length === 0 || names.some((n) => n.startsWith(key + "."))) return "namespace"
      return undefined
    },
    keys: (path) => {
      const prefix = path.length === 0 ? "" : path.join(".") + "."
      if (path.length > 0 && tools[path.join(".")]) return []
      const out = new Set<string>()
      for (const n of names) if (n.startsWith(prefix)) out.add(n.slice(prefix.length).split(".")[0]!)
      if (path.length === 0) out.add("$codemode")
      return [...out].sort()
    },
    callTool: async (path, input) => {
      const key = path.join(".")
      calls.push({ path: key, input })
      try {
        return await tools[key]!(input)
      } catch (e) {
        if (e instanceof HostFailure) throw e
        throw new HostFailure(diagnostic("ToolFailure", e instanceof Error ? e.message : String(e)), true)
      }
    },
    log: (line) => {
      lines.push(line)
    },
    deadline: options.deadline,
    cancelled: options.cancelled ?? (() => false),
    random: () => {
      seed = (seed * 16807) % 2147483647
      return (seed - 1) / 2147483646
    },
  }
}

export const run = async (code: string, host: Host = fakeHost(), options: CompileOptions = {}): Promise<RunOutcome> => {
  const compiled = compile(parseJavaScript(code), code, options)
  if (!compiled.ok) return { ok: false, diagnostic: compiled.diagnostic }
  return compiled.program.run(host)
}

/** Runs and expects success; returns the value. */
export const value = async (code: string, host?: Host, options?: CompileOptions): Promise<unknown> => {
  const r = await run(code, host, options)
  if (!r.ok) throw new Error(`expected success, got ${r.diagnostic.kind}: ${r.diagnostic.message}`)
  return r.value
}

/** Runs and expects failure; returns the diagnostic. */
export const failure = async (code: string, host?: Host, options?: CompileOptions) => {
  const r = await run(code, host, options)
  if (r.ok) throw new Error(`expected failure, got ${JSON.stringify(r.value)}`)
  return r.diagnostic
}

/**
 * The oracle: V8 runs the program as an async function body in a fresh context holding `globals` (none by default).
 * Returns the JSON result (undefined → null) or the thrown error's name.
 */
export const oracle = async (
  code: string,
  globals: Record<string, unknown> = {},
): Promise<{ ok: true; json: string } | { ok: false; name: string }> => {
  const context = vm.createContext(globals)
  try {
    // Strict, with `this` undefined, as our programs run (the program is an async function body).
    const fn = vm.runInContext(`(async function () {"use strict";\n${code}\n})`, context) as () => Promise<unknown>
    const v = await fn.call(undefined)
    return { ok: true, json: JSON.stringify(v === undefined ? null : v) ?? "null" }
  } catch (e) {
    return { ok: false, name: (e as { name?: string })?.name ?? typeof e }
  }
}

/** Ours, in the oracle's shape. */
export const ours = async (code: string): Promise<{ ok: true; json: string } | { ok: false; name: string }> => {
  const r = await run(code)
  if (r.ok) return { ok: true, json: JSON.stringify(r.value) }
  const m = /^Uncaught: /.test(r.diagnostic.message)
  return { ok: false, name: m ? "thrown" : r.diagnostic.kind }
}
