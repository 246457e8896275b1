import { Context, Effect } from "effect"
import { CodeMode, Tool } from "../../src/index.js"
import { Execution } from "../../src/runtime/execution.js"
import { prepareTree, RESERVED_NAMESPACE } from "../../src/runtime/tree.js"
import { prepareDiscovery, searchTool } from "../../src/runtime/discovery.js"
import { resolveLimits } from "../../src/runtime/limits.js"
import * as vm from "node:vm"
import { W6_TOOLS_JS } from "./workloads.js"
import { parseProgram } from "../../src/syntax/parse.js"
import { interpreter } from "../../src/runtime/engine.js"
import { freshState } from "../../src/runtime/session-state.js"

const inc = Tool.make({
  description: "Adds one",
  input: { type: "object" },
  run: (x: { n: number }) => Effect.succeed({ n: x.n + 1 }),
})

// W6's fixture functions, evaluated once per process: a fresh node:vm context per cold sample (~1 ms) is harness
// cost, not the runtime's (the tools are host code; `CodeMode.make` only receives them).
let fixtures: Record<string, (x: unknown) => Promise<unknown>> | undefined

/** W6's fixture functions wrapped as tools (a JSON Schema input: render-only); new `Tool`s for every runtime. */
const shopTools = () => {
  const fns = (fixtures ??= vm.runInNewContext(W6_TOOLS_JS) as Record<string, (x: unknown) => Promise<unknown>>)
  return Object.fromEntries(
    Object.entries(fns).map(([name, fn]) => [
      name,
      Tool.make({ description: name, input: { type: "object" }, run: (x: unknown) => Effect.promise(() => fn(x)) }),
    ]),
  )
}

export const toolsFor = (kind: "none" | "bench" | "shop") =>
  kind === "bench" ? { bench: { inc } } : kind === "shop" ? { shop: shopTools() } : {}

/** Ours: `runtime.execute(source)` (parse + compile + run) through Effect.runPromise; fails loudly on a Failure. */
export const ours = (source: string, kind: "none" | "bench" | "shop") => {
  const runtime = CodeMode.make({ tools: toolsFor(kind) })
  return async () => {
    const result = await Effect.runPromise(runtime.execute(source))
    if (!result.ok) throw new Error(`ours: ${result.error.kind}: ${result.error.message}`)
    return result.value
  }
}

/** The runtime's own share of a call, without any interpreter: Host.callTool → fiber → settle, awaited in turn. */
export const hostOnly = (calls: number, concurrent: boolean) => {
  const tree = prepareTree({ bench: { inc } })
  const discovery = prepareDiscovery(tree, undefined)
  const prepared = {
    tree,
    search: {
      name: `${RESERVED_NAMESPACE}.search`,
      path: [RESERVED_NAMESPACE, "search"],
      definition: searchTool(discovery),
      decodeInput: undefined,
      decodeOutput: undefined,
    },
    hooks: {},
    resolved: new WeakMap(),
  }
  const limits = resolveLimits(undefined)
  const path = Object.freeze(["bench", "inc"])
  return async () => {
    const host = new Execution(prepared, limits, Context.empty() as Context.Context<never>, freshState("test"))
    if (concurrent) await Promise.all(Array.from({ length: calls }, (_, n) => host.callTool(path, { n })))
    else for (let n = 0; n < calls; n++) await host.callTool(path, { n })
  }
}

/** Parse and compile without running (what a cache miss costs before the first step). */
export const compileOnce = (source: string): void => {
  const parsed = parseProgram(source)
  if (!parsed.ok) throw new Error(parsed.diagnostic.message)
  const compiled = interpreter().compile(parsed.program, parsed.code)
  if (!compiled.ok) throw new Error(compiled.diagnostic.message)
}
