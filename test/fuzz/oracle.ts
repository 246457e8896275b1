/**
 * The fast differential oracle (issue 9 item 4, "agreement with node:vm on pure programs"): V8 runs the program in
 * one `node:vm` context reused for every program (a fresh context costs ~1 ms; a `vm.Script` compile costs tens of
 * microseconds), our interpreter runs it through `compile` + `run` with the stdlib suite's pure host. Both sides
 * wrap the program identically (test/stdlib/harness.ts `wrap`), so a throw is compared by its error name.
 */
import vm from "node:vm"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { compile } from "../../src/interpreter/index.js"
import { pureHost, wrap, type Outcome } from "../stdlib/harness.js"
import { POLYFILLS } from "../stdlib/polyfills.js"

let context: vm.Context | undefined
const shared = (): vm.Context => {
  if (context === undefined) {
    context = vm.createContext({ structuredClone })
    vm.runInContext(POLYFILLS, context)
  }
  return context
}

export const runV8 = async (code: string): Promise<Outcome> => {
  try {
    const script = new vm.Script(`(async function () {"use strict";\n${wrap(code)}\n})()`)
    const v = await (script.runInContext(shared()) as Promise<unknown>)
    // Our result boundary turns undefined into null (@opencode-ai/codemode 1.18); compare through the same lens.
    return { json: JSON.stringify(v === undefined ? null : v, (_k, x) => (x === undefined ? null : x)) ?? "null" }
  } catch (e) {
    return { failure: `V8: ${(e as Error)?.message ?? String(e)}` }
  }
}

export const runOurs = async (code: string): Promise<Outcome> => {
  const src = wrap(code)
  let tree
  try {
    tree = parseJavaScript(src)
  } catch (e) {
    return { failure: `parse: ${(e as Error).message}` }
  }
  const compiled = compile(tree, src, {})
  if (!compiled.ok) return { failure: `${compiled.diagnostic.kind}: ${compiled.diagnostic.message}` }
  const r = await compiled.program.run(pureHost())
  if (!r.ok) return { failure: `${r.diagnostic.kind}: ${r.diagnostic.message}` }
  return { json: JSON.stringify(r.value) }
}

export const show = (o: Outcome): string => ("json" in o ? o.json : `FAILED ${o.failure}`)

/** How meaningful the compared programs were: how many ran to their final `return` rather than throwing. */
export const stats = { compared: 0, threw: 0 }

/**
 * undefined when both engines agree; otherwise both outcomes. A program V8 rejects is a generator bug (the grammar
 * must only write valid JavaScript), so it fails too rather than being skipped.
 */
export const disagreement = async (code: string): Promise<string | undefined> => {
  const [v8, ours] = [await runV8(code), await runOurs(code)]
  stats.compared++
  if ("json" in v8 && v8.json.startsWith('{"$error"')) stats.threw++
  return "json" in v8 && "json" in ours && ours.json === v8.json ? undefined : `V8: ${show(v8)}\nours: ${show(ours)}`
}
