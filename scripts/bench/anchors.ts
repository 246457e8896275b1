import * as vm from "node:vm"
import { getQuickJS, type QuickJSContext, type QuickJSWASMModule } from "quickjs-emscripten"
import { W6_TOOLS_JS } from "./workloads.js"

/** Host-side trivial tool, the same for every engine. */
const inc = (x: { n: number }) => ({ n: x.n + 1 })

/** V8 anchor: the same body compiled once as an async function in a fresh `node:vm` context. */
export const v8 = (source: string, withTools: "none" | "bench" | "shop") => {
  const context = vm.createContext({ console: { log: () => {} } })
  if (withTools === "bench") context.tools = { bench: { inc: async (x: { n: number }) => inc(x) } }
  if (withTools === "shop") context.tools = { shop: vm.runInContext(W6_TOOLS_JS, context) }
  const script = new vm.Script(`(async function () {\n${source}\n})()`)
  return () => script.runInContext(context) as Promise<unknown>
}

let quickjs: QuickJSWASMModule | undefined
export const loadQuickJS = async () => (quickjs ??= await getQuickJS())

/**
 * QuickJS-wasm anchor: evaluates the body as an async function and drains the job queue. Tools are an in-guest
 * async wrapper over a host function (W4/W5) or the same pure JavaScript fixtures (W6).
 */
export const quick = (source: string, withTools: "none" | "bench" | "shop") => {
  const module = quickjs!
  const context: QuickJSContext = module.newContext()
  context.runtime.setMemoryLimit(512 * 1024 * 1024)
  const log = context.newFunction("log", () => context.undefined)
  const consoleObject = context.newObject()
  context.setProp(consoleObject, "log", log)
  context.setProp(context.global, "console", consoleObject)
  log.dispose()
  consoleObject.dispose()
  if (withTools === "bench") {
    const host = context.newFunction("__inc", (arg) => {
      const out = inc({ n: context.getNumber(context.getProp(arg, "n")) })
      const object = context.newObject()
      const n = context.newNumber(out.n)
      context.setProp(object, "n", n)
      n.dispose()
      return object
    })
    context.setProp(context.global, "__inc", host)
    host.dispose()
    context.unwrapResult(context.evalCode(`globalThis.tools = { bench: { inc: async (x) => __inc(x) } }`)).dispose()
  }
  if (withTools === "shop")
    context.unwrapResult(context.evalCode(`globalThis.tools = { shop: ${W6_TOOLS_JS} }`)).dispose()
  const code = `(async function () {\n${source}\n})().then((v) => { globalThis.__result = v }, (e) => { globalThis.__error = String(e) })`
  const run = () => {
    context.unwrapResult(context.evalCode(code)).dispose()
    context.runtime.executePendingJobs(-1)
    const error = context.getProp(context.global, "__error")
    const failed = context.typeof(error) !== "undefined"
    const message = failed ? context.dump(error) : undefined
    error.dispose()
    if (failed) throw new Error(`QuickJS: ${message}`)
  }
  return Object.assign(run, { dispose: () => context.dispose() })
}
