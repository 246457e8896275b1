/**
 * How failures travel inside the interpreter. A guest `throw` (or a catchable runtime error) is a `GuestThrow`
 * carrying the guest value, the position of the failing node and, for host failures, the diagnostic to report when
 * uncaught (its kind is kept: @opencode-ai/codemode 1.18 "Diagnostics"). A `Fatal` ends the run: guest `catch`/`finally` never see it.
 */
import { diagnostic, type Diagnostic, type DiagnosticKind } from "../diagnostic.js"
import { ERROR_BRAND, newObject } from "./values.js"

export interface Pos {
  readonly line: number
  readonly column: number
}

export class GuestThrow {
  constructor(
    readonly value: unknown,
    public pos: Pos | undefined,
    /** Set when the failure came from the host or the data boundary: reported with this kind when uncaught. */
    readonly diagnostic?: Diagnostic,
  ) {}
}

export class Fatal {
  constructor(readonly diagnostic: Diagnostic) {}
}

/**
 * The rejection of a tool call whose host interrupted it (`HostFailure.interrupted`). Like any `Fatal`, no guest
 * `catch`/`finally` or rejection handler sees it and the combinators pass it on; unlike the others it does not stop
 * the run by itself: only when it reaches the program's own await chain does the run end, interrupted. Left
 * un-awaited it is not an unhandled rejection.
 */
export class Interrupted extends Fatal {}

/** Ends the run successfully now (dialect `exit()`, NativeContext.exit). */
export class Exit {
  constructor(readonly value: unknown) {}
}

/** The native error types a program can construct, throw and extend (§20.5.5). */
export const ERROR_NAMES = [
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
] as const

/** Error constructor names and their parents, for `instanceof` (@opencode-ai/codemode 1.18: a specific type matches itself and Error). */
export const errorChain = (name: string): ReadonlyArray<string> => (name === "Error" ? ["Error"] : [name, "Error"])

/** A guest error value: plain `{ name, message }` data that also satisfies `instanceof` (@opencode-ai/codemode 1.18). */
export const makeError = (name: string, message: string, chain: ReadonlyArray<string> = errorChain(name)) => {
  const e = newObject()
  e.name = name
  e.message = message
  Object.defineProperty(e, ERROR_BRAND, { value: chain, enumerable: false })
  return e
}

export const guestError = (name: string, message: string, pos?: Pos, diag?: Diagnostic): GuestThrow =>
  new GuestThrow(makeError(name, message), pos, diag)

export const typeError = (message: string, pos?: Pos): GuestThrow => guestError("TypeError", message, pos)
export const rangeError = (message: string, pos?: Pos): GuestThrow => guestError("RangeError", message, pos)
export const referenceError = (message: string, pos?: Pos): GuestThrow => guestError("ReferenceError", message, pos)
export const syntaxError = (message: string, pos?: Pos): GuestThrow => guestError("SyntaxError", message, pos)

const AWAIT_FIX = "await it first, e.g. `const result = await tools.ns.tool(...)`"

/**
 * A guest promise used as if it were its value: a property it does not have read, or an operator or template turning
 * it into a string or number. JavaScript would give `undefined` or "[object Promise]" and the program would go on
 * with it silently; here it is a TypeError that, uncaught, is an InvalidDataValue naming the missing await.
 */
export const unawaited = (problem: string, pos?: Pos): GuestThrow => {
  const message = `An un-awaited Promise ${problem}: ${AWAIT_FIX}.`
  return guestError("TypeError", message, pos, diagnostic("InvalidDataValue", message, { location: pos }))
}

/** A catchable failure that, uncaught, keeps a specific diagnostic kind (UnknownTool, InvalidDataValue, ...). */
export const kindError = (
  kind: DiagnosticKind,
  message: string,
  pos?: Pos,
  suggestions?: ReadonlyArray<string>,
): GuestThrow =>
  new GuestThrow(makeError("Error", message), pos, diagnostic(kind, message, { location: pos, suggestions }))

export const fatal = (kind: DiagnosticKind, message: string, pos?: Pos): Fatal =>
  new Fatal(diagnostic(kind, message, { location: pos }))

const NATIVE_OVERFLOW =
  "Maximum call stack size exceeded: the host's native stack ran out (recursion through getters, conversions, " +
  "callbacks or a huge argument list); this ends the run and cannot be caught."

const NATIVE_NAMES = new Set(["TypeError", "RangeError", "SyntaxError", "ReferenceError", "URIError", "EvalError"])

/**
 * Normalizes anything caught by the interpreter into a GuestThrow or Fatal. Native errors raised inside built-ins
 * (e.g. `"x".repeat(-1)`) become guest errors of the same name.
 */
export const normalizeThrown = (e: unknown, pos: Pos | undefined): GuestThrow | Fatal | Exit => {
  if (e instanceof GuestThrow) {
    if (e.pos === undefined) e.pos = pos
    return e
  }
  if (e instanceof Fatal || e instanceof Exit) return e
  // The native stack ran out before the interpreter's own depth limit (run.ts MAX_DEPTH): the run ends. Catchable,
  // a program could catch it in every frame and retry (exponential work no clock check in those frames survives).
  // No regex here: at the overflow point a regex compile itself overflows (SyntaxError "Invalid regular expression").
  if (e instanceof RangeError && e.message.includes("call stack"))
    return fatal("ExecutionFailure", NATIVE_OVERFLOW, pos)
  if (e instanceof Error) {
    const name = NATIVE_NAMES.has(e.name) ? e.name : "Error"
    return guestError(name, e.message, pos)
  }
  return fatal("ExecutionFailure", "Internal interpreter failure", pos)
}
