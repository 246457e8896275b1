// JSDoc for one field (@opencode-ai/codemode 1.18 "Discovery"): the schema `description` plus the constraints TypeScript cannot
// express, as tags — exactly `@deprecated`, `@default`, `@format`, `@minItems`, `@maxItems`.
import { isObject, type JsonSchemaObject } from "./json-schema.js"

/** Whether the schema has any field a doc tag is made from (most have none: both readers below return early). */
const hasDocTagFields = (schema: JsonSchemaObject): boolean =>
  schema.deprecated !== undefined ||
  schema.default !== undefined ||
  schema.format !== undefined ||
  schema.minItems !== undefined ||
  schema.maxItems !== undefined

/** The tag lines of a field schema. `@minItems`/`@maxItems` are left out for tuples, whose type states them. */
export const docTags = (schema: JsonSchemaObject): Array<string> => {
  if (!hasDocTagFields(schema)) return []
  const tags: Array<string> = []
  if (schema.deprecated === true) tags.push("@deprecated")
  if (schema.default !== undefined) {
    try {
      const rendered = JSON.stringify(schema.default)
      if (rendered !== undefined) tags.push(`@default ${rendered}`)
    } catch {
      // An unserializable default (BigInt, cycle) is skipped rather than rendered as a broken tag.
    }
  }
  if (typeof schema.format === "string") tags.push(`@format ${schema.format}`)
  const tuple = Array.isArray(schema.prefixItems) || Array.isArray(schema.items)
  if (!tuple && typeof schema.minItems === "number") tags.push(`@minItems ${schema.minItems}`)
  if (!tuple && typeof schema.maxItems === "number") tags.push(`@maxItems ${schema.maxItems}`)
  return tags
}

/** Description lines with blank leading/trailing lines and trailing spaces removed. */
export const descriptionLines = (description: string | undefined): Array<string> => {
  if (description === undefined || description === "") return []
  if (!description.includes("\n")) {
    const line = description.trimEnd()
    return line.trim() === "" ? [] : [line]
  }
  const lines = (description ?? "").split(/\r?\n/).map((line) => line.replace(/\s+$/, ""))
  while (lines.length > 0 && lines[0]!.trim() === "") lines.shift()
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop()
  return lines
}

/**
 * Renders a doc comment at `pad`, ending with a newline, or "" when there is nothing to say. One line becomes
 * `/** text *\/`; more become a ` * `-prefixed block. `*\/` inside schema text is neutralized to `* /` so
 * model-visible schema text cannot close the comment early.
 */
export const renderDoc = (description: string | undefined, schema: unknown, pad: string): string => {
  const lines = descriptionLines(description)
  if (isObject(schema)) for (const tag of docTags(schema)) lines.push(tag)
  for (let index = 0; index < lines.length; index++)
    if (lines[index]!.includes("*/")) lines[index] = lines[index]!.replaceAll("*/", "* /")
  if (lines.length === 0) return ""
  if (lines.length === 1) return `${pad}/** ${lines[0]} */\n`
  return `${pad}/**\n${lines.map((line) => (line === "" ? `${pad} *` : `${pad} * ${line}`)).join("\n")}\n${pad} */\n`
}

/** How many `*\/` a line holds: each renders one character longer (`* /`). */
const closers = (line: string): number => {
  let count = 0
  for (let at = line.indexOf("*/"); at !== -1; at = line.indexOf("*/", at + 2)) count++
  return count
}

/** `JSON.stringify(value).length` of a `default` (one per field of many tools: numbers skip the serializer); -1 when it renders no tag. */
const defaultLength = (value: unknown): number => {
  if (typeof value === "number") return Number.isFinite(value) ? numberLength(value) : 4 // null
  if (typeof value === "boolean") return value ? 4 : 5
  if (value === null) return 4
  try {
    const rendered = JSON.stringify(value)
    return rendered === undefined ? -1 : rendered.length + closers(rendered)
  } catch {
    return -1 // skipped, as docTags skips it
  }
}

/** `String(value).length`, counting the digits of a small non-negative integer instead of building its text. */
const numberLength = (value: number): number => {
  if (!Number.isInteger(value) || value < 0 || value >= 1e6) return String(value).length
  return value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : value < 100_000 ? 5 : 6
}

/**
 * `renderDoc(description, field, pad).length` for a pad of `pad` spaces, given the field's own `description` (when
 * a string, else `undefined`) and the values of the fields its tags are made from (`tuple`: its `prefixItems` or
 * `items` is an array), without building the text: the catalog measures every field of every tool and renders only
 * the few it shows.
 */
export const docLength = (
  description: string | undefined,
  deprecated: unknown,
  defaultValue: unknown,
  format: unknown,
  minItems: unknown,
  maxItems: unknown,
  tuple: boolean,
  pad: number,
): number => {
  let lines = 0
  let blank = 0
  let text = 0
  if (description !== undefined && description !== "") {
    if (!description.includes("\n")) {
      const line = description.trimEnd()
      if (line.trim() !== "") {
        lines = 1
        text = line.length + closers(line)
      }
    } else
      for (const line of descriptionLines(description)) {
        lines++
        if (line === "") blank++
        else text += line.length + closers(line)
      }
  }
  // The tags of docTags, in its order: `@deprecated`, `@default <json>`, `@format <text>`, `@minItems n`, `@maxItems n`.
  if (deprecated === true) {
    lines++
    text += 11
  }
  if (defaultValue !== undefined) {
    const rendered = defaultLength(defaultValue)
    if (rendered >= 0) {
      lines++
      text += 9 + rendered
    }
  }
  if (typeof format === "string") {
    lines++
    text += 8 + format.length + closers(format)
  }
  if (!tuple && typeof minItems === "number") {
    lines++
    text += 10 + numberLength(minItems)
  }
  if (!tuple && typeof maxItems === "number") {
    lines++
    text += 10 + numberLength(maxItems)
  }
  if (lines === 0) return 0
  if (lines === 1) return pad + 8 + text // `${pad}/** ${line} */\n`
  // `${pad}/**\n` + lines (`${pad} *` or `${pad} * ${line}`) joined by "\n" + `\n${pad} */\n`
  return 2 * pad + 8 + lines * (pad + 4) - blank + text
}
