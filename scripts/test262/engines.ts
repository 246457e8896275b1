/**
 * The engines a test262 test runs on. Every engine is given the same program text: `"use strict";`, test262's own
 * harness files (`assert.js`, `sta.js`, `doneprintHandle.js` for async tests, then the test's `includes`) and the
 * test. The only host hook is `print` (async tests report `Test262:AsyncTestComplete` through it).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import vm from "node:vm"
import { compile } from "../../src/interpreter/index.js"
import type { Host } from "../../src/interpreter/host.js"
import { parseJavaScript } from "../../src/syntax/parse.js"
import type { Outcome } from "./expectations.js"
import type { TestMeta } from "./select.js"

export type Engine = (meta: TestMeta, program: string, timeoutMs?: number) => Promise<Outcome>

/** Milliseconds one test may run before it counts as failed (async tests included). */
export const TEST_TIMEOUT_MS = 5_000

const harnessCache = new Map<string, string>()

/** The program text every engine receives for `meta`. */
export const programText = (root: string, meta: TestMeta): string => {
  const read = (name: string) => {
    let text = harnessCache.get(name)
    if (text === undefined) harnessCache.set(name, (text = readFileSync(join(root, "harness", name), "utf8")))
    return text
  }
  const files = ["assert.js", "sta.js", ...(meta.flags.includes("async") ? ["doneprintHandle.js"] : [])]
  for (const include of meta.includes) if (!files.includes(include)) files.push(include)
  return `"use strict";\n${files.map(read).join("\n")}\n${meta.source}`
}

const pass: Outcome = { status: "pass", reason: "" }
const fails = (reason: string): Outcome => ({ status: "fails", reason })
const refused = (reason: string): Outcome => ({ status: "refused", reason })

/** The verdict of an async test from the lines it printed. */
const asyncVerdict = (lines: ReadonlyArray<string>): Outcome => {
  const failure = lines.find((l) => l.startsWith("Test262:AsyncTestFailure:"))
  if (failure !== undefined) return fails(failure.slice("Test262:AsyncTestFailure:".length))
  if (lines.includes("Test262:AsyncTestComplete")) return pass
  return fails("async test did not call $DONE")
}

/** This project's interpreter, reached the way a program is: parse, the subset check and compile, one run. */
export const ours: Engine = async (meta, program, timeoutMs = TEST_TIMEOUT_MS) => {
  const negative = meta.negative
  const early = negative !== undefined && (negative.phase === "parse" || negative.phase === "early")
  let ast
  try {
    ast = parseJavaScript(program)
  } catch (e) {
    if (early) return pass
    return fails(`ParseError: ${(e as Error).message}`)
  }
  const compiled = compile(ast, program, {
    globals: {
      print: { kind: "function", call: ([message], ctx) => ctx.output(String(message), [message]) },
    },
  })
  if (!compiled.ok) {
    const d = compiled.diagnostic
    if (early && d.kind === "ParseError") return pass
    if (d.kind === "UnsupportedSyntax") return refused(d.message)
    return fails(`${d.kind}: ${d.message}`)
  }
  if (early) return fails(`expected a ${negative.type} before running, the program compiled`)
  const lines: Array<string> = []
  let seed = 7
  const host: Host = {
    lookup: (path) => (path.length === 0 ? "namespace" : undefined),
    keys: (path) => (path.length === 0 ? ["$codemode"] : []),
    callTool: () => Promise.reject(new Error("no tools in test262")),
    log: (line) => void lines.push(line),
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    cancelled: () => false,
    random: () => {
      seed = (seed * 16807) % 2147483647
      return (seed - 1) / 2147483646
    },
  }
  let outcome
  try {
    outcome = await compiled.program.run(host)
  } catch (e) {
    return fails(`interpreter crashed: ${(e as Error)?.message ?? String(e)}`)
  }
  if (negative !== undefined) {
    // The diagnostic of an uncaught guest error carries its message, not its constructor: any uncaught guest
    // error counts (a timeout or an internal failure does not).
    if (!outcome.ok && outcome.diagnostic.message.startsWith("Uncaught")) return pass
    return outcome.ok
      ? fails(`expected a ${negative.type} at runtime, the program completed`)
      : fails(`expected a ${negative.type}, got ${outcome.diagnostic.kind}: ${outcome.diagnostic.message}`)
  }
  if (!outcome.ok) {
    const d = outcome.diagnostic
    // test262 gives a script's completion value no meaning; this project returns it as the program's result and
    // refuses one that is not data (a function). That refusal is the result boundary, not the test's verdict.
    if (d.kind === "InvalidDataValue" && d.message.startsWith("The result value")) return pass
    return d.kind === "UnsupportedSyntax" ? refused(d.message) : fails(`${d.kind}: ${d.message}`)
  }
  return meta.flags.includes("async") ? asyncVerdict(lines) : pass
}

const errorName = (e: unknown): string => {
  if (e !== null && (typeof e === "object" || typeof e === "function")) {
    try {
      const name = (e as { constructor?: { name?: unknown } }).constructor?.name
      if (typeof name === "string") return name
    } catch {
      // fall through
    }
  }
  return typeof e
}

const errorText = (e: unknown): string => {
  try {
    return `${errorName(e)}: ${String((e as { message?: unknown })?.message ?? e)}`
  } catch {
    return errorName(e)
  }
}

/** V8 through `node:vm`: a fresh context per test, the program run as a classic script. */
export const v8: Engine = async (meta, program, timeoutMs = TEST_TIMEOUT_MS) => {
  const lines: Array<string> = []
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => (done = resolve))
  const context = vm.createContext({
    print: (message: unknown) => {
      const line = String(message)
      lines.push(line)
      if (line.startsWith("Test262:Async")) done()
    },
  })
  const negative = meta.negative
  let script: vm.Script
  try {
    script = new vm.Script(program, { filename: meta.path })
  } catch (e) {
    if (negative !== undefined && (negative.phase === "parse" || negative.phase === "early"))
      return errorName(e) === negative.type ? pass : fails(`expected ${negative.type}, got ${errorText(e)}`)
    return fails(`parse: ${errorText(e)}`)
  }
  if (negative !== undefined && negative.phase !== "runtime")
    return fails(`expected a ${negative.type} before running, the program compiled`)
  try {
    script.runInContext(context, { timeout: timeoutMs })
  } catch (e) {
    if (negative !== undefined)
      return errorName(e) === negative.type ? pass : fails(`expected ${negative.type}, got ${errorText(e)}`)
    return fails(errorText(e))
  }
  if (negative !== undefined) return fails(`expected a ${negative.type} at runtime, the program completed`)
  if (!meta.flags.includes("async")) return pass
  let timer: NodeJS.Timeout | undefined
  await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))])
  clearTimeout(timer)
  return asyncVerdict(lines)
}

export const ENGINES: Readonly<Record<string, Engine>> = { ours, v8 }
