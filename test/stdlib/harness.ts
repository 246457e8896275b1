/**
 * Differential harness (issue "Standard library breadth and differential conformance against V8"): one pure
 * program runs through our interpreter and through V8 (`node:vm`, as the body of an async function), and both
 * outcomes are reduced to the same comparable shape: the JSON of the result, or `{ "$error": name }` when the
 * program throws. Programs are wrapped identically on both sides so a thrown error's *name* is observed by the
 * program itself (our uncaught diagnostics carry the message, not the name).
 */
import vm from "node:vm"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { compile } from "../../src/interpreter/index.js"
import type { Host } from "../../src/interpreter/host.js"
import { POLYFILLS } from "./polyfills.js"

// Our dates are UTC by design (@opencode-ai/codemode 1.18); V8's local-time getters and locale strings agree with them only under
// TZ=UTC. Node re-reads TZ when it is assigned, so the oracle is pinned here rather than in the environment.
process.env.TZ = "UTC"

export type Outcome = { readonly json: string } | { readonly failure: string }

/** Catch-all wrapper: the program is an inner async arrow body; a throw becomes data naming the error. */
export const wrap = (code: string): string =>
  `try { return await (async () => {\n${code}\n})() } catch (e) { return { $error: e !== null && typeof e === "object" && typeof e.name === "string" ? e.name : "non-error " + typeof e } }`

/** A host with no tools, a fixed clock-free deadline and a deterministic random source. */
export const pureHost = (): Host => {
  let seed = 42
  return {
    lookup: (path) => (path.length === 0 ? "namespace" : undefined),
    keys: (path) => (path.length === 0 ? ["$codemode"] : []),
    callTool: () => Promise.reject(new Error("no tools in stdlib programs")),
    log: () => {},
    deadline: Date.now() + 10_000,
    cancelled: () => false,
    random: () => {
      seed = (seed * 16807) % 2147483647
      return (seed - 1) / 2147483646
    },
  }
}

export const runOurs = async (code: string): Promise<Outcome> => {
  const src = wrap(code)
  const compiled = compile(parseJavaScript(src), src, {})
  if (!compiled.ok) return { failure: `${compiled.diagnostic.kind}: ${compiled.diagnostic.message}` }
  const r = await compiled.program.run(pureHost())
  if (!r.ok) return { failure: `${r.diagnostic.kind}: ${r.diagnostic.message}` }
  return { json: JSON.stringify(r.value) }
}

/** Compiled once, run in each fresh context (compiling it per program was a third of a context's cost). */
const polyfills = new vm.Script(POLYFILLS, { filename: "polyfills.js" })

/** A fresh V8 context with the host globals a program may use and the polyfills. */
export const v8Context = (): vm.Context => {
  // URL/URLSearchParams/structuredClone are Node globals, not V8 built-ins: lend the host ones (their errors are host-realm, so
  // programs compare error names, not instanceof).
  // Timers, queueMicrotask and performance are host (HTML/Node) globals too: lent the same way, as are the
  // encoders, base64 and crypto (they return host-realm Uint8Arrays: programs compare contents, not instanceof).
  const context = vm.createContext({
    URL,
    URLSearchParams,
    structuredClone,
    setTimeout,
    setInterval,
    clearTimeout,
    clearInterval,
    queueMicrotask,
    performance,
    TextEncoder,
    TextDecoder,
    atob,
    btoa,
    crypto,
  })
  polyfills.runInContext(context)
  return context
}

/**
 * Runs `code` in V8: in a fresh context unless one is given (a caller whose programs change no global state, such as
 * the regex-op programs, may run many in one context).
 */
export const runV8 = async (code: string, context: vm.Context = v8Context()): Promise<Outcome> => {
  // A program may leave a promise rejected and unobserved (an async `replace` callback that throws is never awaited by
  // V8): that is the oracle's behaviour, not a fault of the test run, so such rejections are absorbed while it runs.
  const listeners = process.listeners("unhandledRejection")
  process.removeAllListeners("unhandledRejection")
  const absorb = () => {}
  process.on("unhandledRejection", absorb)
  try {
    const f = vm.runInContext(`(async function () {"use strict";\n${wrap(code)}\n})`, context) as () => Promise<unknown>
    const v = await f.call(undefined)
    // Our result boundary turns undefined into null (@opencode-ai/codemode 1.18); compare through the same lens.
    return { json: JSON.stringify(v === undefined ? null : v, (_k, x) => (x === undefined ? null : x)) ?? "null" }
  } catch (e) {
    return { failure: `V8: ${(e as Error)?.message ?? String(e)}` }
  } finally {
    // Node reports unobserved rejections after the current macrotask: wait for that before restoring the listeners.
    await new Promise((resolve) => setImmediate(resolve))
    process.off("unhandledRejection", absorb)
    for (const listener of listeners) process.on("unhandledRejection", listener)
  }
}

export const same = (a: Outcome, b: Outcome): boolean => ("json" in a && "json" in b ? a.json === b.json : false)
