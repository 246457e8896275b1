import type { Diagnostic } from "../diagnostic.js"
import type { InputKind } from "../interpreter/host.js"

// What a run journal holds, and its text form. Tool data may hold what JSON cannot (undefined, NaN, -0, ±Infinity),
// so values are written through a small tagged encoding that keeps them (encode/decode below).

/** How a journaled call settled, as the program saw it. */
export type Outcome =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly diagnostic: Diagnostic }

/** One admitted call: its name, its input (encoded, for the divergence check) and, when it settled, its outcome. */
export interface JournalCall {
  readonly name: string
  readonly input: string
  readonly outcome?: Outcome | undefined
}

/** A nondeterministic read (Host.input) and the value the program got. */
export interface JournalInput {
  readonly k: InputKind
  readonly v: number | string | ReadonlyArray<number>
}

/** The program a journal belongs to: `execute`'s code, or `run`'s raw input and hint. */
export type JournalProgram =
  | { readonly kind: "execute"; readonly code: string }
  | { readonly kind: "run"; readonly input: unknown; readonly hint?: string | undefined }

/** The call that waits for a person. */
export interface PendingCall {
  readonly index: number
  readonly name: string
  readonly input: unknown
  readonly reason?: string | undefined
}

/** Everything a resume needs, kept in the store under the token's id (never in the token). */
export interface JournalRecord {
  readonly v: 1
  readonly program: JournalProgram
  readonly calls: ReadonlyArray<JournalCall>
  /** Call indexes in the order their settlements reached the program. */
  readonly delivered: ReadonlyArray<number>
  readonly inputs: ReadonlyArray<JournalInput>
  readonly pending: PendingCall
  readonly expiresAt: number
}

const TAG_UNDEFINED = "$u"
const TAG_NUMBER = "$n"
const TAG_OBJECT = "$o"

const encodeValue = (value: unknown): unknown => {
  if (value === undefined) return { [TAG_UNDEFINED]: 0 }
  if (typeof value === "number") {
    if (Number.isFinite(value) && !Object.is(value, -0)) return value
    return { [TAG_NUMBER]: Object.is(value, -0) ? "-0" : String(value) }
  }
  if (typeof value !== "object" || value === null) return value
  if (Array.isArray(value)) return value.map(encodeValue)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) out[key] = encodeValue((value as Record<string, unknown>)[key])
  const keys = Object.keys(out)
  // An object that looks like a tag is wrapped, so decoding cannot mistake it for one.
  return keys.length === 1 && keys[0]!.startsWith("$") ? { [TAG_OBJECT]: out } : out
}

const decodeValue = (value: unknown): unknown => {
  if (typeof value !== "object" || value === null) return value
  if (Array.isArray(value)) return value.map(decodeValue)
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  if (keys.length === 1) {
    if (keys[0] === TAG_UNDEFINED) return undefined
    if (keys[0] === TAG_NUMBER) return record[TAG_NUMBER] === "-0" ? -0 : Number(record[TAG_NUMBER])
    if (keys[0] === TAG_OBJECT) return decodeObject(record[TAG_OBJECT] as Record<string, unknown>)
  }
  return decodeObject(record)
}

const decodeObject = (record: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  // Defined, not assigned: a "__proto__" key in stored text stays a key (toData refuses it later) and sets no prototype.
  for (const key of Object.keys(record))
    Object.defineProperty(out, key, {
      value: decodeValue(record[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return out
}

/** Data as journal text: JSON that keeps undefined, NaN, -0 and ±Infinity. */
export const encode = (value: unknown): string => JSON.stringify(encodeValue(value))

export const decode = (text: string): unknown => decodeValue(JSON.parse(text))
