// Instructions and the budgeted catalog (@opencode-ai/codemode 1.18 "Discovery"): structure for complete and partial catalogs,
// round-robin fairness on crafted costs, per-namespace markers, budget validation.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { Effect, Schema } from "effect"
import { make, type Tree } from "../../src/tool/Tool.js"
import { CodeMode } from "../../src/index.js"
import { estimateTokens, prepareDiscovery, searchSignature, searchSignatureBrief } from "../../src/discovery/index.js"
import { catalogEntry, selectCatalog } from "../../src/discovery/catalog.js"

const run = () => Effect.succeed(null)
const tool = (description: string) => make({ description, input: Schema.Struct({ id: Schema.String }), run })

const tree: Tree<any> = {
  orders: { lookup: tool("Look up an order by ID"), cancel: tool("Cancel an order"), refund: tool("Refund an order") },
  weather: { forecast: tool("Forecast for a city") },
  context7: { "resolve-library-id": tool("Resolve a library") },
  ping: tool("Check the service is up"),
}
const names = ["orders", "lookup", "cancel", "refund", "weather", "forecast", "context7", "resolve-library-id", "ping"]

const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n${heading}`)
  const end = text.indexOf("\n## ", start + 1)
  return text.slice(start, end === -1 ? undefined : end)
}

describe("round-robin selection on crafted costs", () => {
  test("every namespace gets one entry before any gets a second", () => {
    // ids 0-2 in namespace A, 3 in B; budget fits three entries of cost 5.
    expect([...selectCatalog([[0, 1, 2], [3]], [5, 5, 5, 5], 15)].sort()).toEqual([0, 1, 3])
  })

  test("each namespace places its next-cheapest entry, ties by path order", () => {
    expect([...selectCatalog([[0, 1, 2]], [9, 2, 2], 4)].sort()).toEqual([1, 2])
    expect([...selectCatalog([[0, 1, 2]], [9, 2, 2], 3)]).toEqual([1])
  })

  test("a namespace whose next entry does not fit drops out while the others keep going", () => {
    // A: 2 then 100; B: three of 3. Round 1: A0 (2), B0 (5). Round 2: A1 does not fit → A out; B1 (8). Round 3: B2 (11).
    expect(
      [
        ...selectCatalog(
          [
            [0, 1],
            [2, 3, 4],
          ],
          [2, 100, 3, 3, 3],
          20,
        ),
      ].sort(),
    ).toEqual([0, 2, 3, 4])
    // A namespace whose cheapest entry never fits is shown with none; the budget is still used by the others.
    expect([...selectCatalog([[0], [1]], [50, 1], 10)]).toEqual([1])
  })

  // The round-robin written plainly (every queue sorted up front), against the selection discovery runs, which finds
  // each namespace's next entry by scanning and sorts a queue only once it has given several.
  const plainRoundRobin = (
    groups: ReadonlyArray<ReadonlyArray<number>>,
    costs: ReadonlyArray<number>,
    budget: number,
  ) => {
    const picked: Array<number> = []
    let used = 0
    let queues = groups
      .filter((ids) => ids.length > 0)
      .map((ids) => [...ids].sort((a, b) => costs[a]! - costs[b]! || a - b))
    while (queues.length > 0)
      queues = queues.filter((queue) => {
        if (used + costs[queue[0]!]! > budget) return false
        used += costs[queue[0]!]!
        picked.push(queue.shift()!)
        return queue.length > 0
      })
    return picked
  }

  test("places the same entries, in the same order, as the plain round-robin", () => {
    const catalog = fc.array(fc.array(fc.nat(12), { maxLength: 30 }), { maxLength: 8 }).chain((groupCosts) => {
      const costs = groupCosts.flat()
      // Ids numbered across groups in a shuffled order, so a group's ids are not ascending.
      return fc.shuffledSubarray([...costs.keys()], { minLength: costs.length }).map((ids) => {
        let next = 0
        const groups = groupCosts.map((group) => group.map(() => ids[next++]!))
        const byId: Array<number> = []
        groupCosts.flat().forEach((cost, position) => (byId[ids[position]!] = cost))
        return { groups, costs: byId }
      })
    })
    fc.assert(
      fc.property(catalog, fc.nat(200), ({ groups, costs }, budget) => {
        expect([...selectCatalog(groups, costs, budget)]).toEqual(plainRoundRobin(groups, costs, budget))
      }),
      { numRuns: 300 },
    )
  })

  test("an entry that fits exactly is placed; budget 0 places nothing", () => {
    expect([...selectCatalog([[0], [1]], [4, 6], 10)].sort()).toEqual([0, 1])
    expect([...selectCatalog([[0], [1]], [0, 1], 0)]).toEqual([0])
    expect(selectCatalog([[0], [1]], [1, 1], 0).size).toBe(0)
  })
})

describe("instructions", () => {
  test("complete catalog: section order, numbered workflow, COMPLETE marker, search not advertised", () => {
    const text = prepareDiscovery(tree, { catalogBudget: 100_000 }).instructions()
    const order = ["## Workflow", "## Rules", "## Language", "## Available tools"].map((h) => text.indexOf(`\n${h}`))
    expect(order.every((position, i) => position > 0 && (i === 0 || position > order[i - 1]!))).toBe(true)
    expect(section(text, "## Workflow")).toMatch(/\n1\. .*\n2\. .*\n3\. /)
    expect(text).toContain("## Available tools (COMPLETE list - every tool is shown below with its exact signature)")
    expect(text).toContain("\n- orders (3 tools)\n")
    expect(text).toContain("\n- ping (1 tool)\n")
    expect(text).not.toContain("$codemode")
    expect(text).not.toContain("PARTIAL")
    // Every signature is inlined as a list item under its namespace, with its one-line description after `//`.
    const discovery = prepareDiscovery(tree, { catalogBudget: 100_000 })
    for (const description of discovery.catalog()) expect(text).toContain(`\n${catalogEntry(description)}`)
    expect(text).toContain(
      '\n- context7 (1 tool)\n  - tools.context7["resolve-library-id"](input: {\n  id: string,\n}): Promise<unknown> // Resolve a library',
    )
  })

  test("partial catalog: PARTIAL marker, per-namespace counts, search advertised with its signature", () => {
    const text = prepareDiscovery(tree, { catalogBudget: 0 }).instructions()
    expect(text).toContain("## Available tools (PARTIAL - 0 of 6 shown;")
    expect(text).toContain("## Available tools (PARTIAL - 0 of 6 shown; find the rest with tools.$codemode.search)")
    expect(text).toContain("\n- orders (3 tools, none shown)\n")
    expect(text).toContain("\n- ping (1 tool, none shown)\n")
    expect(section(text, "## Workflow")).toContain("tools.$codemode.search")
    expect(section(text, "## Rules")).toContain('namespace: "<name>"')
    expect(section(text, "## Rules")).toContain("offset: next.offset")
    // The search signature is listed with its field types only; the JSDoc'd one is what search itself returns.
    expect(text).toContain(`\n- ${searchSignatureBrief}`)
    expect(searchSignatureBrief).toContain("  limit?: number,\n  offset?: number,\n}")
    expect(searchSignatureBrief).toContain("description: string")
    expect(searchSignatureBrief).not.toContain("/**")
    expect(text).not.toContain(searchSignature)
  })

  test("one shown of three: `(3 tools, 1 shown)`, the cheapest", () => {
    const orders = { orders: tree.orders! } as Tree<any>
    const costs = prepareDiscovery(orders)
      .catalog()
      .map((t) => [t.path, estimateTokens(catalogEntry(t))] as const)
    const [cheapestPath, cheapest] = [...costs].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0]!
    const discovery = prepareDiscovery(orders, { catalogBudget: cheapest })
    expect(discovery.inlined().map((t) => t.path)).toEqual([cheapestPath])
    expect(discovery.instructions()).toContain("## Available tools (PARTIAL - 1 of 3 shown;")
    expect(discovery.instructions()).toContain("\n- orders (3 tools, 1 shown)\n")
  })

  test("the default budget is 2,000 estimated tokens of catalog entries", () => {
    const big: Tree<any> = {
      alpha: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`tool_${i}`, tool(`Alpha tool number ${i}`)])),
      beta: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`tool_${i}`, tool(`Beta tool number ${i}`)])),
    }
    const discovery = prepareDiscovery(big)
    const used = discovery.inlined().reduce((sum, t) => sum + estimateTokens(catalogEntry(t)), 0)
    expect(used).toBeLessThanOrEqual(2_000)
    expect(used).toBeGreaterThan(2_000 - 30)
    expect(discovery.instructions()).toContain(`PARTIAL - ${discovery.inlined().length} of 400 shown`)
    // Fairness: the two namespaces differ by at most one entry.
    const alpha = discovery.inlined().filter((t) => t.namespace === "alpha").length
    const beta = discovery.inlined().length - alpha
    expect(Math.abs(alpha - beta)).toBeLessThanOrEqual(1)
  })

  test("example calls use placeholders only, never a real tool name", () => {
    for (const budget of [0, 100_000]) {
      const text = prepareDiscovery(tree, { catalogBudget: budget }).instructions()
      const guidance = text.slice(0, text.indexOf("\n## Available tools"))
      expect(guidance).toContain("tools.<namespace>.<tool>(input)")
      for (const name of names) expect(guidance).not.toMatch(new RegExp(`\\b${name.replace(/-/g, "\\-")}\\b`))
    }
  })

  test("a multi-line description shows its first non-blank line only", () => {
    const text = prepareDiscovery({ db: { query: tool("\n  Run a query\nSecond line") } }).instructions()
    expect(text).toMatch(/\): Promise<unknown> \/\/ Run a query$/)
    expect(text).not.toContain("Second line")
  })

  test("an empty tree says no tools are available, with no workflow, rules or search", () => {
    const text = prepareDiscovery({}).instructions()
    expect(text).toContain("## Available tools\n\nNo tools are currently available.")
    expect(text).not.toContain("## Workflow")
    expect(text).not.toContain("## Rules")
    expect(text).not.toContain("$codemode")
  })

  test("catalog() lists every tool in path order with path, signature and JSON Schemas", () => {
    const catalog = prepareDiscovery(tree).catalog()
    expect(catalog.map((t) => t.path)).toEqual([
      "context7.resolve-library-id",
      "orders.cancel",
      "orders.lookup",
      "orders.refund",
      "ping",
      "weather.forecast",
    ])
    expect(catalog[0]).toMatchObject({
      expression: 'tools.context7["resolve-library-id"]',
      namespace: "context7",
      description: "Resolve a library",
      input: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      output: undefined,
    })
    expect(catalog[0]!.signature).toBe(
      'tools.context7["resolve-library-id"](input: {\n  id: string,\n}): Promise<unknown>',
    )
  })
})

describe("budget validation", () => {
  test.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "10", null])("%s is a RangeError", (budget) => {
    expect(() => prepareDiscovery(tree, { catalogBudget: budget as number })).toThrow(RangeError)
  })

  test("0 and undefined are accepted", () => {
    expect(() => prepareDiscovery(tree, { catalogBudget: 0 })).not.toThrow()
    expect(() => prepareDiscovery(tree, { catalogBudget: undefined })).not.toThrow()
  })
})

describe("the language section tells the truth about the runtime", () => {
  const language = section(prepareDiscovery(tree).instructions(), "## Language")
  const run = (code: string) => Effect.runPromise(CodeMode.execute({ code }))

  test("what it names as working runs", async () => {
    for (const claim of ["classes", "`new Promise`", "`setTimeout`", "URI encoding helpers", "`.then`/`.catch` work"])
      expect(language).toContain(claim)
    const result = await run(`
      const later = await new Promise((resolve) => setTimeout(() => resolve("t"), 1))
      const chained = await Promise.resolve(1).then((x) => x + 1).catch(() => 0)
      class Counter { n = 1; next() { return ++this.n } }
      return [later, chained, encodeURIComponent("a b"), new URLSearchParams("a=1").get("a"), new Counter().next()]
    `)
    expect(result).toMatchObject({ ok: true, value: ["t", 2, "a%20b", "1", 2] })
  })

  test("what it names as unavailable is refused", async () => {
    for (const claim of ["Modules/imports", "`eval`", "generators", "fetch"]) expect(language).toContain(claim)
    for (const code of [`import x from "y"\nreturn x`, `function* g() { yield 1 }\nreturn 1`, `return eval("1")`])
      expect((await run(code)).ok).toBe(false)
    expect(await run(`return typeof fetch`)).toMatchObject({ ok: true, value: "undefined" })
  })

  test("what it says crosses the data boundary as text or {} does", async () => {
    expect(language).toContain("Dates and URLs serialize to strings at data boundaries")
    const result = await run(
      `return [new Date(0), new URL("https://a.example/x"), new Map([[1, 2]]), new Set([1]), /x/, new URLSearchParams("a=1")]`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: ["1970-01-01T00:00:00.000Z", "https://a.example/x", {}, {}, {}, {}],
    })
  })
})
