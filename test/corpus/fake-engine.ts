import { Cause, Effect } from "effect"
import vm from "node:vm"
import { diagnostic, type Diagnostic } from "../../src/diagnostic.js"
import type { Engine, Normalized, Result } from "../../src/corpus/engine.js"
import { isPlainObject } from "../../src/corpus/json.js"

/**
 * A stand-in runtime and frontend built on `node:vm`, so the runner's adapter, fixtures and judge are tested without
 * depending on the interpreter being finished. Programs run as the body of an async function, like canonical code.
 */
class Fail extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message)
  }
}

const toolsProxy = (tree: unknown, path: string[], calls: { name: string }[]): unknown =>
  new Proxy(() => undefined, {
    get: (_t, key) => {
      if (typeof key !== "string") return undefined
      const node = path.concat(key).reduce<unknown>((n, k) => (isPlainObject(n) ? n[k] : undefined), tree)
      if (node === undefined)
        throw new Fail(diagnostic("UnknownTool", `unknown tool tools.${path.concat(key).join(".")}`))
      return toolsProxy(tree, path.concat(key), calls)
    },
    apply: async (_t, _this, args) => {
      const def = path.reduce<any>((n, k) => n[k], tree)
      calls.push({ name: path.join(".") })
      const exit = await Effect.runPromiseExit(def.run(args[0]) as Effect.Effect<unknown, { message: string }>)
      if (exit._tag === "Success") return exit.value
      const error = Cause.findErrorOption(exit.cause)
      const message = error._tag === "Some" ? error.value.message : "tool failed"
      throw new Fail(diagnostic("ToolFailure", message))
    },
  })

const execute = (tools: unknown, code: string): Effect.Effect<Result> =>
  Effect.promise(async () => {
    const logs: string[] = []
    const toolCalls: { name: string }[] = []
    const sandbox = {
      tools: toolsProxy(tools, [], toolCalls),
      console: {
        log: (...a: unknown[]) => logs.push(a.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(" ")),
      },
    }
    let fn: () => Promise<unknown>
    try {
      fn = vm.runInNewContext(`(async () => {\n${code}\n})`, sandbox)
    } catch (e) {
      return { ok: false, error: diagnostic("ParseError", (e as Error).message), logs, toolCalls }
    }
    try {
      const value = await fn()
      return { ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value)), logs, toolCalls }
    } catch (e) {
      const error =
        e instanceof Fail ? e.diagnostic : diagnostic("ExecutionFailure", String((e as Error)?.message ?? e))
      return { ok: false, error, logs, toolCalls }
    }
  })

/** Envelope: a string, or `code`/`js` fields. Detection: `codemode.` means cloudflare, anything else opencode. */
const normalize = (input: unknown): Normalized => {
  const source = typeof input === "string" ? input : isPlainObject(input) ? (input.code ?? input.js) : undefined
  if (typeof source !== "string")
    return {
      code: "",
      source: "",
      diagnostics: [diagnostic("ParseError", "no program in the input")],
      receipt: { dialect: undefined },
    }
  const dialect = source.includes("codemode.") ? "cloudflare" : "opencode"
  const code = source.replaceAll("codemode.", "tools.")
  try {
    new vm.Script(`(async () => {\n${code}\n})`)
  } catch (e) {
    return { code, source, diagnostics: [diagnostic("ParseError", (e as Error).message)], receipt: { dialect } }
  }
  return { code, source, diagnostics: [], receipt: { dialect } }
}

export const fakeEngine: Engine = {
  missing: [],
  frontend: {
    normalize,
    dialects: [
      { id: "opencode" },
      { id: "cloudflare", instructions: ({ tools }) => `cloudflare catalog of ${tools.length} tools` },
    ],
  },
  codeMode: {
    make: ({ tools }) => ({
      execute: (code) => execute(tools, code),
      run: (input) =>
        Effect.suspend(() => {
          const n = normalize(input)
          return n.diagnostics!.length > 0
            ? Effect.succeed<Result>({ ok: false, error: n.diagnostics![0]!, toolCalls: [] })
            : execute(tools, n.code!).pipe(Effect.map((r) => ({ ...r, receipt: n.receipt })))
        }),
      instructions: () => "fake instructions",
      catalog: () => [{ path: "ping", segments: ["ping"], description: "d", signature: "tools.ping(): unknown" }],
    }),
  },
}
