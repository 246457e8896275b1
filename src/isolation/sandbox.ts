/**
 * The sandbox entry point, for a worker thread and a child process alike: it parses, normalizes, compiles and
 * interprets programs in its own heap and event loop, and reaches tools only by messages to the supervisor
 * (`supervisor.ts`). One run at a time.
 */
import { parentPort } from "node:worker_threads"
import { diagnostic } from "../diagnostic.js"
import { dialects, makeResolver, normalize } from "../Frontend.js"
import type { DialectId } from "../frontend/dialect.js"
import type { CompileOutcome } from "../interpreter/api.js"
import type { RunOutcome } from "../interpreter/host.js"
import { toData } from "../runtime/data.js"
import type { JournalInput } from "../runtime/journal-data.js"
import { interpreter } from "../runtime/engine.js"
import { lowerLimits } from "../runtime/limits.js"
import { parseProgram } from "../syntax/parse.js"
import { GuestHost, indexShape, type Shape } from "./guest-host.js"
import {
  SHAPES_KEPT,
  type FromSandbox,
  type ParsedRequest,
  type SandboxLimits,
  type SandboxOutcome,
  type StoreEntries,
  type SandboxTypecheck,
  type ToSandbox,
} from "./protocol.js"
import { typecheckNormalized } from "../runtime/typecheck.js"

const port = parentPort

// A sandbox computes; the supervisor only waits and answers: `boot.ts` lowered this thread's priority before loading
// this module, so a busy program (or a sandbox starting) does not delay the host's deadline timer.
const post = (message: FromSandbox): void => {
  try {
    if (port !== null) port.postMessage(message)
    else process.send?.(message)
  } catch {
    // The supervisor is gone; it has already given up on this run.
  }
}

const shapes = new Map<number, Shape>()
const cache = new Map<string, CompileOutcome>()
let current: GuestHost | undefined

const compileCode = (code: string): CompileOutcome => {
  const hit = cache.get(code)
  if (hit !== undefined) return hit
  const parsed = parseProgram(code)
  const outcome: CompileOutcome = parsed.ok
    ? interpreter().compile(parsed.program, parsed.code)
    : { ok: false, diagnostic: parsed.diagnostic }
  if (code.length <= 64 * 1024) {
    if (cache.size >= 64) cache.delete(cache.keys().next().value!)
    cache.set(code, outcome)
  }
  return outcome
}

/** The result value becomes plain data here, so an expanding value exhausts this heap, not the host's. */
const finish = (outcome: RunOutcome, last?: { value: unknown }): SandboxOutcome => {
  let lastOutput: { value: unknown } | undefined
  if (last !== undefined)
    try {
      lastOutput = { value: toData(last.value, true) }
    } catch {}
  if (!outcome.ok)
    return outcome.interrupted
      ? { ok: false, diagnostic: outcome.diagnostic, interrupted: true, lastOutput }
      : { ok: false, diagnostic: outcome.diagnostic, lastOutput }
  try {
    return { ok: true, value: toData(outcome.value, true), notes: outcome.notes, lastOutput }
  } catch {
    return {
      ok: false,
      diagnostic: diagnostic("InvalidDataValue", "Execution result must contain data only."),
      lastOutput,
    }
  }
}

const execute = async (
  shape: Shape,
  code: string,
  limits: SandboxLimits,
  stored: StoreEntries | undefined,
  inputs: ReadonlyArray<JournalInput> | undefined,
): Promise<SandboxOutcome> => {
  const outcome = compileCode(code)
  if (!outcome.ok) return { ok: false, diagnostic: outcome.diagnostic }
  current = new GuestHost(shape, limits, post, undefined, undefined, stored)
  if (inputs !== undefined) current.record(inputs)
  return finish(await outcome.program.run(current))
}

/** `executeParsed`: the host normalized the program; it is compiled and run here. */
const parsed = async (
  shape: Shape,
  request: ParsedRequest,
  limits: SandboxLimits,
  stored: StoreEntries | undefined,
): Promise<SandboxOutcome> => {
  const compile = {
    ...(request.toolFailure === undefined ? {} : { toolFailure: request.toolFailure }),
    ...(request.result === undefined ? {} : { result: request.result }),
  }
  const outcome = interpreter().compile(request.program, request.source, compile)
  if (!outcome.ok) return { ok: false, diagnostic: outcome.diagnostic }
  current = new GuestHost(shape, limits, post, undefined, undefined, stored)
  return finish(await outcome.program.run(current))
}

const run = async (
  shape: Shape,
  input: unknown,
  hint: string | undefined,
  limits: SandboxLimits,
  stored: StoreEntries | undefined,
  typecheck: SandboxTypecheck | undefined,
  inputs: ReadonlyArray<JournalInput> | undefined,
): Promise<SandboxOutcome | undefined> => {
  const known = shape.source.known
  const normalized = normalize(input, {
    tools: known.tools,
    catalog: known.catalog,
    hint: hint as DialectId | undefined,
    limits: { timeoutMs: limits.timeoutMs, maxOutputBytes: limits.maxOutputBytes },
  })
  let receipt = normalized.receipt
  if (!normalized.ok || normalized.program === undefined) {
    const error = normalized.diagnostics[0] ?? diagnostic("ParseError", "The input holds no program.")
    post({ t: "normalized", receipt, limits, error })
    return undefined
  }
  if (typecheck !== undefined) {
    // In this heap: the compiler's memory counts against the sandbox's cap, like the program's (docs/typecheck.md).
    const gate = typecheckNormalized(typecheck.mode, () => typecheck.declarations, known.tools, normalized)
    receipt = gate.receipt
    if (gate.refused !== undefined) {
      post({ t: "normalized", receipt, limits, error: gate.refused })
      return undefined
    }
  }
  let lowered: SandboxLimits = limits
  try {
    lowered = lowerLimits({ ...limits, maxToolCalls: undefined }, normalized.options)
  } catch {}
  post({ t: "normalized", receipt, limits: lowered })
  const outcome = interpreter().compile(normalized.program, normalized.source, normalized.compile)
  if (!outcome.ok) return { ok: false, diagnostic: outcome.diagnostic }
  const resolver = makeResolver(known.tools, dialects, receipt.dialect)
  const alias = (path: ReadonlyArray<string>) => resolver.resolve(`tools.${path.join(".")}`)?.path
  let last: { value: unknown } | undefined
  const onOutput = (values: ReadonlyArray<unknown>) => {
    last = values.length === 1 ? { value: values[0] } : undefined
  }
  current = new GuestHost(shape, lowered, post, alias, onOutput, stored)
  if (inputs !== undefined) current.record(inputs)
  return finish(await outcome.program.run(current), last)
}

const internal = (): SandboxOutcome => ({ ok: false, diagnostic: diagnostic("ExecutionFailure", "Internal error.") })

const onMessage = (message: ToSandbox): void => {
  switch (message.t) {
    case "shape":
      if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!)
      shapes.set(message.id, indexShape(message.shape))
      return
    case "settled":
      if (message.ok) current?.settle(message.id, true, message.value)
      else current?.settle(message.id, false, undefined, message.diagnostic, message.catchable, message.interrupted)
      return
    case "execute":
    case "parsed":
    case "run": {
      const shape = shapes.get(message.shape)
      if (shape === undefined) return post({ t: "done", outcome: internal() })
      const running =
        message.t === "execute"
          ? execute(shape, message.code, message.limits, message.store, message.inputs)
          : message.t === "parsed"
            ? parsed(shape, message, message.limits, message.store)
            : run(shape, message.input, message.hint, message.limits, message.store, message.typecheck, message.inputs)
      running.then(
        (outcome) => {
          current = undefined
          if (outcome !== undefined) post({ t: "done", outcome })
        },
        () => {
          current = undefined
          post({ t: "done", outcome: internal() })
        },
      )
    }
  }
}

if (port !== null) port.on("message", onMessage)
else {
  process.on("message", (message) => onMessage(message as ToSandbox))
  // The supervisor went away: nothing can use this process any more.
  process.on("disconnect", () => process.exit(0))
}
/**
 * Runs a small program through the frontend and the interpreter once before reporting ready, so a fresh sandbox has
 * its hot paths compiled by V8 before its first deadline starts (a cold first run is several times slower).
 */
const warmUp = async (): Promise<void> => {
  const shape = indexShape({ namespaces: [["", []]], tools: [], known: { tools: [], catalog: [] } })
  const code =
    "let s = 0\nfor (let i = 0; i < 3000; i++) s += i % 7\nconst o = { a: [3, 1, 2].map((x) => x * 2).sort(), " +
    "b: `${'x'.repeat(3)}-${s}` }\nconsole.log(JSON.stringify(o), Object.keys(o))\nreturn o"
  const ignore = () => {}
  const normalized = normalize({ code }, { tools: [], catalog: [] })
  const compiled =
    normalized.program && interpreter().compile(normalized.program, normalized.source, normalized.compile)
  if (compiled?.ok) await compiled.program.run(new GuestHost(shape, NO_LIMITS, ignore))
  const strict = compileCode(code)
  cache.clear()
  if (strict.ok) finish(await strict.program.run(new GuestHost(shape, NO_LIMITS, ignore)))
}

const NO_LIMITS: SandboxLimits = { timeoutMs: undefined, maxOutputBytes: undefined, maxMemoryBytes: undefined }

warmUp().then(
  () => post({ t: "ready" }),
  () => post({ t: "ready" }),
)
