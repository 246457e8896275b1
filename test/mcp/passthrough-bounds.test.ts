import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { readInvoke } from "../../src/mcp/gateway/invoke-input.js"
import { MAX_SEARCH_BYTES, passthroughCatalog, searchPage } from "../../src/mcp/gateway/passthrough.js"

/** `search`'s page bound and `invoke`'s refusals, on the functions the gateway serves them with. */
const tool = (description: string) =>
  Tool.make({
    description,
    input: { type: "object", properties: { id: { type: "string", description: "x".repeat(3_000) } } },
    run: () => Effect.succeed(null),
  })

describe("search", () => {
  it("cuts a page at its byte bound, says so, and the next page starts where it stopped", () => {
    const tree = { big: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`report_${i}`, tool(`report ${i}`)])) }
    const catalog = passthroughCatalog(tree)
    const page = searchPage(catalog, { query: "report", limit: 10 }).structuredContent as any
    const size = Buffer.byteLength(JSON.stringify(page.items), "utf8")
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.length).toBeLessThan(10)
    expect(size).toBeLessThanOrEqual(MAX_SEARCH_BYTES)
    expect(page.remaining).toBe(12 - page.items.length)
    expect(page.note).toMatch(
      new RegExp(`^${10 - page.items.length} more results did not fit in ${MAX_SEARCH_BYTES} bytes`),
    )
    const next = searchPage(catalog, { query: "report", limit: 10, offset: page.next.offset }).structuredContent as any
    const seen = new Set([...page.items, ...next.items].map((i: { tool: string }) => i.tool))
    expect(seen.size).toBe(page.items.length + next.items.length)
  })

  it("ranks as the runtime's tools.$codemode.search over the same tree", async () => {
    const tree = {
      crm: { find_contact: tool("Find a contact by email"), delete_contact: tool("Delete a contact") },
      mail: { send_email: tool("Send an email to a contact") },
    }
    const ours = (searchPage(passthroughCatalog(tree), { query: "email contact" }).structuredContent as any).items
    const runtime = CodeMode.make({ tools: tree })
    const theirs = await Effect.runPromise(
      runtime.execute(`return await tools.$codemode.search({ query: "email contact", limit: 5 })`),
    )
    if (!theirs.ok) throw new Error(theirs.error.message)
    expect(ours.map((i: { tool: string }) => `tools.${i.tool}`)).toEqual(
      (theirs.value as any).items.map((i: any) => i.path),
    )
  })
})

describe("invoke's arguments", () => {
  it("refuses what a call could not carry as sent", () => {
    expect(readInvoke({ tool: "a.b", input: JSON.parse('{"x": {"__proto__": {"admin": true}}}') })).toEqual({
      error: 'The call was not made: the input has a "__proto__" key (at /x), which cannot be passed on.',
    })
    let deep: unknown = 1
    for (let i = 0; i < 70; i++) deep = { d: deep }
    expect((readInvoke({ tool: "a.b", input: deep as object }) as { error: string }).error).toMatch(
      /^The call was not made: the input nests deeper than 64 levels/,
    )
    expect(readInvoke({ tool: "a.b", input: [1, 2] })).toEqual({
      error: "The input is an array, not an object of the tool's arguments.",
    })
  })

  it("reads a call expression as the dotted name, and notes every lenient read", () => {
    expect(readInvoke({ tool: 'tools.everything["get-sum"]', input: { a: 1 } })).toEqual({
      tool: "everything.get-sum",
      input: { a: 1 },
      notes: [],
    })
    expect(readInvoke({ tool_name: "a.b", parameters: "", why: "because" })).toEqual({
      tool: "a.b",
      input: {},
      notes: [
        '"tool_name" read as tool',
        '"parameters" read as input',
        'ignored "why"',
        "input given as JSON text, parsed",
      ],
    })
  })
})
