// A test-only stand-in for src/interpreter (node:vm, NOT confined): it lets the runtime's Host side be tested until
// the real interpreter is wired in src/runtime/engine.ts. It follows the Host contract of src/interpreter/host.ts.
import * as vm from "node:vm"
import { diagnostic } from "../../src/diagnostic.js"
import type { Interpreter } from "../../src/interpreter/api.js"
import { HostFailure, type Host, type RunOutcome } from "../../src/interpreter/host.js"

const toolsProxy = (host: Host, path: ReadonlyArray<string>): unknown =>
  new Proxy(function () {}, {
    get: (_t, key) => (typeof key === "string" && key !== "then" ? toolsProxy(host, [...path, key]) : undefined),
    apply: (_t, _this, args) => {
      if (host.lookup(path) === undefined)
        return Promise.reject(new HostFailure(diagnostic("UnknownTool", `Unknown tool '${path.join(".")}'.`), true))
      return host.callTool(path, JSON.parse(JSON.stringify(args[0] ?? null)))
    },
    ownKeys: () => [...host.keys(path), "prototype"],
    getOwnPropertyDescriptor: (_t, key) =>
      key === "prototype"
        ? { value: {}, writable: true, enumerable: false, configurable: false }
        : { value: undefined, enumerable: true, configurable: true },
  })

export const vmInterpreter: Interpreter = {
  compile: (_program, source) => ({
    ok: true,
    program: {
      run: async (host: Host): Promise<RunOutcome> => {
        const context = vm.createContext({
          tools: toolsProxy(host, []),
          console: {
            log: (...xs: Array<unknown>) =>
              host.log(xs.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(" "), xs),
          },
        })
        try {
          const pending = vm.runInContext(`(async () => {\n${source}\n})()`, context, {
            timeout: host.deadline === undefined ? undefined : Math.max(1, host.deadline - Date.now()),
          }) as Promise<unknown>
          const value = await pending
          return { ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value) ?? "null") }
        } catch (error) {
          if (error instanceof HostFailure) return { ok: false, diagnostic: error.diagnostic }
          const e = error as { code?: string; message?: string }
          if (e?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT")
            return { ok: false, diagnostic: diagnostic("TimeoutExceeded", "Execution timed out.") }
          return { ok: false, diagnostic: diagnostic("ExecutionFailure", `Uncaught: ${e?.message ?? String(error)}`) }
        }
      },
    },
  }),
}
