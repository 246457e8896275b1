import { describe, expect, it } from "vitest"
import type { NativeContext, NativeGlobal } from "../../src/interpreter/api.js"
import { normalize } from "../../src/Frontend.js"
import { prelude } from "../../dialects/pi/prelude.js"

const catalog = [
  { path: ["github", "list_issues"], description: "List open issues of a repository", signature: "list_issues(input)" },
  { path: ["github", "create_issue"], description: "Create an issue", signature: "create_issue(input)" },
  { path: ["mcp__dev-radius__search"], description: "Search the radius index" },
  { path: ["read"], description: "Read a file from disk" },
]
const globals = prelude.globals(
  catalog.map((c) => c.path),
  catalog,
)

const lines: string[] = []
class Exit {
  constructor(readonly value: unknown) {}
}
const ctx: NativeContext = {
  callTool: async () => undefined,
  output: (line) => void lines.push(line),
  notify: () => undefined,
  exit: (value) => {
    throw new Exit(value)
  },
  throwError: (name, message) => {
    throw Object.assign(new Error(message), { name })
  },
  store: new Map(),
}
const call = (name: string, ...args: unknown[]) => {
  const g = globals[name] as Extract<NativeGlobal, { kind: "function" }>
  return g.call(args, ctx)
}

describe("Pi compat prelude", () => {
  it("ALL_TOOLS lists { name, description } with Pi identifiers, frozen", () => {
    const all = (globals["ALL_TOOLS"] as { value: ReadonlyArray<{ name: string }> }).value
    expect(all.map((t) => t.name)).toEqual([
      "github_list_issues",
      "github_create_issue",
      "mcp__dev_radius__search",
      "read",
    ])
    expect(Object.isFrozen(all) && Object.isFrozen(all[0])).toBe(true)
  })
  it("searchTools is async, ranks by name and description, honours limit and namespace", async () => {
    const result = call("searchTools", "issues", { limit: 1 })
    expect(result).toBeInstanceOf(Promise)
    expect(await result).toEqual([{ name: "github_list_issues", description: "List open issues of a repository" }])
    expect(((await call("searchTools", "file")) as Array<{ name: string }>).map((h) => h.name)).toEqual(["read"])
    expect(((await call("searchTools", "", { namespace: "github" })) as unknown[]).length).toBe(2)
    expect(await call("searchTools", "zzz")).toEqual([])
  })
  it("describeTool and describeNamespace accept identifiers and raw names", async () => {
    expect(await call("describeTool", "github_list_issues")).toBe(
      "List open issues of a repository\nlist_issues(input)",
    )
    expect(await call("describeTool", "mcp__dev-radius__search")).toMatch(/^Search the radius index/)
    expect(await call("describeTool", "nope")).toBeUndefined()
    expect(await call("describeNamespace", "github")).toEqual({
      name: "github",
      tools: ["github_list_issues", "github_create_issue"],
    })
    expect(await call("describeNamespace", "nope")).toBeUndefined()
  })
  it("text prints, image prints a placeholder, exit ends with a value, store/load keep JSON", () => {
    lines.length = 0
    call("text", "hello")
    call("text", { a: 1 })
    call("image", "data:image/png;base64,xx")
    expect(lines).toEqual(["hello", '{\n  "a": 1\n}', "[image omitted: this runtime has no image channel]"])
    expect(() => call("exit", 7)).toThrow(Exit)
    call("store", "k", { n: 1 })
    expect(call("load", "k")).toEqual({ n: 1 })
    expect(() => call("store", 1, 2)).toThrow(/store key must be a string/)
  })
  it("models.* is a normalize-time warning (code left in place)", () => {
    const n = normalize("const m = await models.classify('a')\nreturn m")
    expect(n.code).toBe("const m = await models.classify('a')\nreturn m")
    expect(n.receipt.warnings.map((w) => w.message)).toEqual([
      "models is not available here: no model access from a program",
    ])
  })
})
