// `tools.$codemode.search` (@opencode-ai/codemode 1.18 "Discovery"): every scoring rule with a worked example, lookups, browsing,
// namespace scope, pagination and input validation.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { Effect, Schema } from "effect"
import { make, type Tree } from "../../src/tool/Tool.js"
import { expressionSegments } from "../../src/discovery/path.js"
import {
  prepareDiscovery,
  renderPath,
  prepareSearchIndex,
  scoreQuery,
  SearchInputError,
  termForms,
  tokenize,
} from "../../src/discovery/index.js"

const run = () => Effect.succeed(null)
const tool = (description: string, properties: Record<string, { description?: string }> = {}) =>
  make({
    description,
    input: {
      type: "object",
      properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, { type: "string", ...v }])),
    },
    run,
  })

const tree: Tree<any> = {
  github: {
    list_issues: tool("List issues in a repository", { owner: { description: "Repository owner" }, state: {} }),
    create_pull: tool("Open a pull request"),
  },
  orders: {
    lookup: make({
      description: "Look up an order by ID",
      input: Schema.Struct({ id: Schema.String.annotate({ description: "Order identifier" }) }),
      run,
    }),
    status: tool("Current status of an order"),
  },
  context7: { "resolve-library-id": tool("Resolve a library name to an ID", { libraryName: {} }) },
  tracker: { issue: tool("Fetch one ticket") },
}
const index = prepareSearchIndex(tree)
const discovery = prepareDiscovery(tree)
const score = (query: string) => Object.fromEntries(scoreQuery(index, query))
const paths = (input: unknown) => discovery.search(input).items.map((item) => item.path)

describe("tokenization", () => {
  test("camelCase boundaries split, non-alphanumerics separate, empties and * drop", () => {
    expect(tokenize("resolveLibraryId")).toEqual(["resolve", "library", "id"])
    expect(tokenize("resolve-library_id!!")).toEqual(["resolve", "library", "id"])
    expect(tokenize("  * order  *status* ")).toEqual(["order", "status"])
    expect(tokenize("v2Session")).toEqual(["v2", "session"])
    expect(tokenize("***")).toEqual([])
  })

  test("naive singular variants strip a trailing es and a trailing s", () => {
    expect(termForms("issues")).toEqual(["issues", "issu", "issue"])
    expect(termForms("orders")).toEqual(["orders", "order"])
    expect(termForms("es")).toEqual(["es"])
    expect(termForms("is")).toEqual(["is"])
  })
})

describe("scoring: worked examples", () => {
  test("exact path segment (20) + path substring (8) + searchable text (2)", () => {
    // "github" is a whole segment of both github tools; the searchable text contains the path.
    expect(score("github")).toEqual({ "github.list_issues": 30, "github.create_pull": 30 })
  })

  test("description substring (4) + searchable text (2)", () => {
    expect(score("repository")).toEqual({ "github.list_issues": 6 })
  })

  test("searchable text alone (2): an input property name, or a property description", () => {
    expect(score("owner")).toEqual({ "github.list_issues": 2 })
    expect(score("identifier")).toEqual({ "orders.lookup": 2 })
    expect(score("state")).toEqual({ "github.list_issues": 2 })
    // "library": path 8 + description 4 + text 2; "name": description 4 + text 2 (the property name is in the text too).
    expect(score("libraryName")).toEqual({ "context7.resolve-library-id": 20 })
  })

  test("a plural term matches singular text through its variants, without changing the weights", () => {
    // tracker.issue: segment "issue" = variant (20) + path (8) + text (2); list_issues: path 8 + description 4 + text 2.
    expect(score("issues")).toEqual({ "tracker.issue": 30, "github.list_issues": 14 })
  })

  test("substring matching finds partial words", () => {
    expect(score("repo")).toEqual({ "github.list_issues": 6 })
  })

  test("scores sum across terms", () => {
    // "order": path substring (8), description (4), text (2) for both orders tools.
    // "status": orders.status segment (20) + path (8) + description (4) + text (2).
    expect(score("order status")).toEqual({ "orders.lookup": 14, "orders.status": 14 + 34 })
  })

  test("camelCase and punctuation in the query give the same terms", () => {
    expect(score("resolveLibraryId")).toEqual(score("resolve library-id"))
  })
})

describe("ranking and results", () => {
  test("sorted by score, ties broken alphabetically by path", () => {
    expect(paths({ query: "github" })).toEqual(["tools.github.create_pull", "tools.github.list_issues"])
    expect(paths({ query: "issues" })).toEqual(["tools.tracker.issue", "tools.github.list_issues"])
  })

  test("each item carries the rendered path, the description and the catalog's signature", () => {
    const [item] = discovery.search({ query: "resolve library" }).items
    expect(item).toEqual({
      path: 'tools.context7["resolve-library-id"]',
      description: "Resolve a library name to an ID",
      signature: discovery.signature("context7.resolve-library-id"),
    })
    expect(item!.signature).toBe(
      'tools.context7["resolve-library-id"](input: {\n  libraryName?: string,\n}): Promise<unknown>',
    )
  })

  test("no match returns an empty final page", () => {
    expect(discovery.search({ query: "zzzz" })).toEqual({ items: [], remaining: 0, next: null })
  })

  test("an empty query browses alphabetically by path; with a namespace it lists that namespace", () => {
    expect(paths({ query: "", limit: 100 })).toEqual([
      'tools.context7["resolve-library-id"]',
      "tools.github.create_pull",
      "tools.github.list_issues",
      "tools.orders.lookup",
      "tools.orders.status",
      "tools.tracker.issue",
    ])
    expect(paths({ query: "", namespace: "orders" })).toEqual(["tools.orders.lookup", "tools.orders.status"])
    expect(paths({})).toHaveLength(6)
    expect(paths(undefined)).toHaveLength(6)
  })

  test("namespace scopes matches to one top-level namespace", () => {
    expect(paths({ query: "order", namespace: "orders" })).toEqual(["tools.orders.lookup", "tools.orders.status"])
    expect(paths({ query: "issues", namespace: "github" })).toEqual(["tools.github.list_issues"])
    expect(paths({ query: "issues", namespace: "nope" })).toEqual([])
  })
})

describe("exact path lookup", () => {
  test.each(["orders.status", "tools.orders.status", "  tools.orders.status "])(
    "%j returns that tool alone",
    (query) => {
      expect(discovery.search({ query })).toEqual({
        items: [
          { path: "tools.orders.status", description: "Current status of an order", signature: expect.any(String) },
        ],
        remaining: 0,
        next: null,
      })
    },
  )

  test("canonical, tools.-prefixed and rendered-expression forms of a bracketed path", () => {
    for (const query of [
      "context7.resolve-library-id",
      "tools.context7.resolve-library-id",
      'tools.context7["resolve-library-id"]',
    ])
      expect(paths({ query })).toEqual(['tools.context7["resolve-library-id"]'])
  })

  test("only a tool's exact rendered expression is a lookup, for any segment text", () => {
    const odd = ['say "hi"', "back\\slash", 'close"]x', "ünï", "a[b"]
    const weird = prepareDiscovery({ odd: Object.fromEntries(odd.map((name) => [name, tool(`the ${name} tool`)])) })
    const found = (query: string) => weird.search({ query }).items.map((item) => item.path)
    for (const name of odd) {
      const expression = renderPath(["odd", name])
      expect(found(expression)).toEqual([expression])
    }
    // Other spellings of the same path are searched, not looked up: the same page as for the same words with a
    // space after `tools`, which no lookup can take for an expression.
    for (const query of ["tools['context7']['resolve-library-id']", 'tools["context7"]["resolve-library-id"]'])
      expect(discovery.search({ query })).toEqual(discovery.search({ query: query.replace("tools", "tools ") }))
  })

  test("reads a rendered expression back into its segments", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 4 }), (segments) => {
        expect(expressionSegments(renderPath(segments))).toEqual(segments)
      }),
    )
    for (const text of ["tool", "tools", "tool.x", 'tools["a"', 'tools["a"]x', "tools[a]", 'tools["\\q"]'])
      expect(expressionSegments(text)).toBeUndefined()
  })

  test("a lookup outside the requested namespace is an ordinary search", () => {
    expect(paths({ query: "orders.status", namespace: "github" })).toEqual([])
  })
})

describe("pagination", () => {
  const many: Tree<any> = {
    bulk: Object.fromEntries(
      Array.from({ length: 23 }, (_, i) => [`item_${String(i).padStart(2, "0")}`, tool(`Bulk item ${i}`)]),
    ),
  }
  const bulk = prepareDiscovery(many)

  test("pages round-trip by spreading next into the original request", () => {
    const request = { query: "item", namespace: "bulk", limit: 5 }
    const seen: Array<string> = []
    let page = bulk.search(request)
    const remainders = [page.remaining]
    seen.push(...page.items.map((item) => item.path))
    while (page.next !== null) {
      page = bulk.search({ ...request, ...page.next })
      remainders.push(page.remaining)
      seen.push(...page.items.map((item) => item.path))
    }
    expect(remainders).toEqual([18, 13, 8, 3, 0])
    expect(seen).toEqual(bulk.search({ ...request, limit: 100 }).items.map((item) => item.path))
    expect(new Set(seen).size).toBe(23)
  })

  test("next is { offset } while more remain and null on the final page; offset past the end is empty", () => {
    expect(bulk.search({ query: "", limit: 10, offset: 10 })).toMatchObject({ remaining: 3, next: { offset: 20 } })
    expect(bulk.search({ query: "", limit: 10, offset: 20 })).toMatchObject({ remaining: 0, next: null })
    expect(bulk.search({ query: "", offset: 50 })).toEqual({ items: [], remaining: 0, next: null })
    expect(bulk.search({ query: "bulk.item_03", offset: 1 })).toEqual({ items: [], remaining: 0, next: null })
  })

  test("default limit is 10", () => {
    expect(bulk.search({ query: "bulk" }).items).toHaveLength(10)
  })
})

describe("input validation", () => {
  test.each([
    [{ limit: 0 }],
    [{ limit: -1 }],
    [{ limit: 1.5 }],
    [{ limit: "10" }],
    [{ limit: null }],
    [{ offset: -1 }],
    [{ offset: 0.5 }],
    [{ offset: Number.NaN }],
    [{ query: 5 }],
    [{ query: null }],
    [{ namespace: ["orders"] }],
    ["order status"],
    [[{ query: "x" }]],
    [null],
  ])("%j is rejected", (input) => {
    expect(() => discovery.search(input)).toThrow(SearchInputError)
  })

  test("the error says which field is wrong and what it must be", () => {
    expect(() => discovery.search({ limit: 0 })).toThrow("limit must be an integer greater than 0, got 0")
  })

  test("unknown keys are ignored, as an Effect Struct ignores them", () => {
    expect(paths({ query: "orders.status", extra: true })).toEqual(["tools.orders.status"])
  })
})
