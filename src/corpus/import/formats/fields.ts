import { isPlainObject } from "../../json.js"

/** Reading the fields of transcript records: JSON values of unknown shape, text parts, times. */

export type Obj = Record<string, unknown>

export const asObject = (u: unknown): Obj | undefined => (isPlainObject(u) ? u : undefined)
export const asString = (u: unknown): string | undefined => (typeof u === "string" ? u : undefined)
export const asArray = (u: unknown): ReadonlyArray<unknown> => (Array.isArray(u) ? u : [])

/** Text parts joined by a newline: a string as it is, an array's `text` members (any part type that has one). */
export const contentText = (content: unknown): string => {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : JSON.stringify(content)
  return content
    .map((part) => (typeof part === "string" ? part : asString(asObject(part)?.text)))
    .filter((text): text is string => text !== undefined)
    .join("\n")
}

/** JSON arguments parsed when they are JSON; anything else is kept as the string the model sent. */
export const parseArguments = (raw: unknown): unknown => {
  if (typeof raw !== "string") return raw
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

const validDate = (date: Date): string | undefined => (Number.isNaN(date.getTime()) ? undefined : date.toISOString())

export const isoFromMillis = (ms: unknown): string | undefined =>
  typeof ms === "number" && Number.isFinite(ms) ? validDate(new Date(ms)) : undefined

export const isoFromSeconds = (s: unknown): string | undefined =>
  typeof s === "number" && Number.isFinite(s) ? validDate(new Date(s * 1000)) : undefined

/** OTLP times are nanoseconds since the epoch, as a decimal string (JSON) or a number. */
export const isoFromNanos = (ns: unknown): string | undefined => {
  if (typeof ns === "number" && Number.isFinite(ns)) return validDate(new Date(ns / 1e6))
  if (typeof ns === "string" && /^\d+$/.test(ns)) return validDate(new Date(Number(BigInt(ns) / 1_000_000n)))
  return undefined
}
