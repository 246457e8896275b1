// Structured tool descriptions (@opencode-ai/codemode 1.18 `runtime.catalog()`) and the round-robin budgeted selection of the
// entries inlined in the instructions (@opencode-ai/codemode 1.18 "Discovery").
import type { Definition, JsonSchema } from "../tool/Tool.js"
import { isObject, jsonSchemaOf } from "./json-schema.js"
import { pathLength, renderPath } from "./path.js"
import { resolveRef } from "./render.js"
import { signatureLength, signatureOf } from "./signature.js"
import type { ToolLeaf } from "./tools.js"

export interface ToolDescription {
  /** Canonical dotted path, e.g. `context7.resolve-library-id`. */
  readonly path: string
  readonly segments: ReadonlyArray<string>
  /** The call expression, e.g. `tools.context7["resolve-library-id"]`. */
  readonly expression: string
  readonly namespace: string
  readonly description: string
  /** The multi-line JSDoc signature shared by the catalog and search results. */
  readonly signature: string
  /** JSON Schema of the input a program passes (encoded side of an Effect Schema). */
  readonly input: JsonSchema
  /** JSON Schema of the output a program receives; `undefined` when the tool declares none. */
  readonly output: JsonSchema | undefined
}

/**
 * Discovery's own record of a tool: the signature and the JSON Schemas are computed on first read (a catalog of
 * 10,000 tools shows a few dozen signatures in the instructions and hands out the rest only through `catalog()` or
 * search results). Hosts get plain copies (`plainDescription`).
 */
export class ToolRecord implements ToolDescription {
  readonly namespace: string
  readonly description: string
  private call: string | undefined = undefined
  private rendered: string | undefined = undefined
  private inputSchema: JsonSchema | undefined = undefined

  constructor(
    readonly segments: ReadonlyArray<string>,
    readonly path: string,
    readonly definition: Definition<any>,
  ) {
    this.namespace = segments[0]!
    this.description = definition.description
  }

  get expression(): string {
    return (this.call ??= renderPath(this.segments))
  }

  get signature(): string {
    return (this.rendered ??= signatureOf(this.expression, this.definition))
  }

  get input(): JsonSchema {
    return (this.inputSchema ??= jsonSchemaOf(this.definition.input, "encoded"))
  }

  get output(): JsonSchema | undefined {
    return this.definition.output === undefined ? undefined : jsonSchemaOf(this.definition.output, "type")
  }

  /** `estimateTokens(catalogEntry(this))`, measuring the signature instead of rendering it when possible. */
  get cost(): number {
    const summary = summaryLine(this.description)
    const signature =
      this.rendered?.length ?? signatureLength(pathLength(this.segments), this.definition) ?? this.signature.length
    return Math.max(0, Math.round((4 + signature + (summary === "" ? 0 : 4 + summary.length)) / 4))
  }
}

export const describeTool = (leaf: ToolLeaf): ToolRecord => new ToolRecord(leaf.segments, leaf.path, leaf.definition)

/** The host-facing description: plain data (own properties), so it spreads, serializes and compares as such. */
export const plainDescription = (tool: ToolDescription): ToolDescription => ({
  path: tool.path,
  segments: tool.segments,
  expression: tool.expression,
  namespace: tool.namespace,
  description: tool.description,
  signature: tool.signature,
  input: tool.input,
  output: tool.output,
})

/** Top-level input property names and descriptions (@opencode-ai/codemode 1.18: part of the searchable text). */
export const inputProperties = (input: JsonSchema): Array<{ name: string; description: string | undefined }> => {
  let schema: unknown = input
  if (isObject(schema) && typeof schema.$ref === "string") schema = resolveRef(schema.$ref, input)
  if (!isObject(schema) || !isObject(schema.properties)) return []
  return Object.entries(schema.properties).map(([name, value]) => ({
    name,
    description: isObject(value) && typeof value.description === "string" ? value.description : undefined,
  }))
}

/** Estimated tokens: characters / 4, the heuristic OpenCode uses (@opencode-ai/codemode 1.18 "Discovery"). */
export const estimateTokens = (text: string): number => Math.max(0, Math.round(text.length / 4))

export const defaultCatalogBudget = 2_000

/** Validates `discovery.catalogBudget`: a non-negative safe integer, default 2,000. */
export const catalogBudgetOf = (budget: unknown): number => {
  if (budget === undefined) return defaultCatalogBudget
  if (typeof budget !== "number" || !Number.isSafeInteger(budget) || budget < 0)
    throw new RangeError(`discovery.catalogBudget must be a non-negative safe integer, got ${String(budget)}`)
  return budget
}

/** The one-line description of a catalog entry: the first non-blank line, cut at 120 characters. */
export const summaryLine = (description: string): string => {
  const line = !description.includes("\n")
    ? description.trim()
    : (description
        .split(/\r?\n/)
        .find((text) => text.trim() !== "")
        ?.trim() ?? "")
  return line.length > 120 ? `${line.slice(0, 117)}...` : line
}

/**
 * The text of one inlined catalog entry, a list item under its namespace (`  - <signature> // <summary>`), whose
 * length is its measured cost (descriptions and JSDoc tags included).
 */
export const catalogEntry = (tool: ToolDescription): string => {
  const summary = summaryLine(tool.description)
  return summary === "" ? `  - ${tool.signature}` : `  - ${tool.signature} // ${summary}`
}
/**
 * Round-robin selection (@opencode-ai/codemode 1.18 "Discovery"): namespaces alphabetical; each round every namespace still holding
 * un-inlined tools tries to place its next-cheapest entry (ties by path) against the shared budget, and a
 * namespace whose next entry does not fit drops out while the others continue. `groups` are in namespace order,
 * `costs[id]` the cost of tool `id`; returns the chosen ids.
 */
export const selectCatalog = (
  groups: ReadonlyArray<ReadonlyArray<number>>,
  costs: ArrayLike<number>,
  budget: number,
): Set<number> => {
  const picked = new Set<number>()
  let used = 0
  let active: Array<Queue> = []
  for (const ids of groups) if (ids.length > 0) active.push(new Queue(ids, costs))
  while (active.length > 0) {
    const still: Array<Queue> = []
    for (const queue of active) {
      const id = queue.next()
      if (used + costs[id]! > budget) continue
      used += costs[id]!
      picked.add(id)
      if (queue.take()) still.push(queue)
    }
    active = still
  }
  return picked
}

/** Picks taken by scanning before a queue sorts what is left. */
const SCANNED_PICKS = 8

/**
 * One namespace's entries, cheapest first (ties by id). A budget places a few entries in all, and most namespaces of
 * a large catalog never place one: the next entry is found by a scan until `SCANNED_PICKS` have been taken, and only
 * a queue drawn on further sorts its remaining ids.
 */
class Queue {
  /** The ids not taken yet (a copy once one is taken); sorted once `sorted`, then read from `head`. */
  private rest: ReadonlyArray<number> | Array<number>
  private copied = false
  private sorted = false
  private head = 0
  private taken = 0
  private at = -1

  constructor(
    ids: ReadonlyArray<number>,
    private readonly costs: ArrayLike<number>,
  ) {
    this.rest = ids
  }

  /** The cheapest id not taken yet (the queue is not empty). */
  next(): number {
    if (this.sorted) return this.rest[this.head]!
    const { rest, costs } = this
    let best = 0
    for (let index = 1; index < rest.length; index++) {
      const id = rest[index]!
      const other = rest[best]!
      if (costs[id]! < costs[other]! || (costs[id] === costs[other] && id < other)) best = index
    }
    this.at = best
    return rest[best]!
  }

  /** Takes the id `next` returned; whether any are left. */
  take(): boolean {
    if (this.sorted) return ++this.head < this.rest.length
    const rest = this.copied ? (this.rest as Array<number>) : [...this.rest]
    this.rest = rest
    this.copied = true
    rest[this.at] = rest[rest.length - 1]!
    rest.pop()
    if (++this.taken === SCANNED_PICKS) {
      const { costs } = this
      rest.sort((a, b) => costs[a]! - costs[b]! || a - b)
      this.sorted = true
    }
    return rest.length > 0
  }
}
