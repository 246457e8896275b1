import { describe, expect, it } from "vitest"
import { dialect } from "../../dialects/cloudflare/index.js"
import { sanitize } from "../../dialects/cloudflare/naming.js"
import { parse, rewrite } from "./harness.js"
import { fakeNative } from "./native.js"

const tools = [["getWeather"], ["delete"], ["3d-render"], ["github", "list_pull_requests"], ["state", "readFile"]]

describe("cloudflare naming (docs/dialects.md#tool-names)", () => {
  it.each([
    ["my-tool", "my_tool"],
    ["3d-render", "_3d_render"],
    ["delete", "delete_"],
    ["a b/c", "a_bc"],
    ["mcp__dev-radius__search", "mcp__dev_radius__search"],
    ["github.repos.list", "github_repos_list"],
    ["", "_"],
    ["héllo", "hllo"],
    ["class", "class_"],
    ["int", "int_"],
    ["$x", "$x"],
  ])("%j → %j", (raw, spelled) => expect(sanitize(raw)).toBe(spelled))

  it("spells nested paths under codemode and as a provider", () => {
    expect(dialect.naming!.spell(["github", "list_pull_requests"])).toEqual([
      "codemode.github_list_pull_requests",
      "github.list_pull_requests",
    ])
  })
})

describe("cloudflare rewrites", () => {
  it("unwraps a bare async arrow and maps codemode.x to the canonical path", () => {
    const out = rewrite(
      `async () => {\n  const w = await codemode.getWeather({ location: "Paris" });\n  return w;\n}`,
      [dialect],
      { tools },
    )
    expect(out.code).toBe(`const w = await tools.getWeather({ location: "Paris" });\nreturn w;`)
    expect(out.changes.map((c) => c.rule)).toEqual(["cloudflare-unwrap", "cloudflare-codemode"])
    expect(out.changes[1]!.line).toBe(2)
  })

  it("returns the expression of an expression-bodied arrow", () => {
    expect(rewrite(`async () => codemode.getWeather({})`, [dialect], { tools }).code).toBe(
      `return tools.getWeather({});`,
    )
  })

  it("reverses the sanitizer: delete_ and _3d_render", () => {
    const out = rewrite(`await codemode.delete_({}); await codemode._3d_render({});`, [dialect], { tools })
    expect(out.code).toBe(`await tools.delete({}); await tools["3d-render"]({});`)
  })

  it("rewrites provider globals only when the catalog confirms", () => {
    const out = rewrite(
      `const a = await github.list_pull_requests({ owner: "o" }); const b = await state.readFile("/p"); performance.now();`,
      [dialect],
      { tools, detected: "cloudflare" },
    )
    expect(out.code).toBe(
      `const a = await tools.github.list_pull_requests({ owner: "o" }); const b = await tools.state.readFile("/p"); performance.now();`,
    )
    expect(out.warnings).toEqual([])
  })

  it("warns on an unknown provider only under cloudflare, and never touches bound roots", () => {
    const code = `const github = { x: () => 1 }; github.x(); workspace.find({});`
    const asCf = rewrite(code, [dialect], { tools, detected: "cloudflare" })
    expect(asCf.code).toBe(code)
    expect(asCf.warnings.map((w) => w.message)).toEqual(["workspace.find is not a tool in this catalog"])
    expect(rewrite(code, [dialect], { tools, detected: "pi" }).warnings).toEqual([])
  })

  it("keeps search/describe for the prelude and warns on run/step", () => {
    const code = `const m = await codemode.search("pr"); await codemode.run("snippet", {});`
    const out = rewrite(code, [dialect], { tools })
    expect(out.code).toBe(code)
    expect(out.warnings).toHaveLength(1)
    expect(out.warnings[0]!.message).toContain("codemode.run")
  })

  it("reports a collision instead of guessing", () => {
    const out = rewrite(`await codemode.a_b({});`, [dialect], { tools: [["a-b"], ["a.b"]] })
    expect(out.code).toBe(`await codemode.a_b({});`)
    expect(out.warnings[0]!.message).toMatch(/several tools/)
  })

  it("leaves an unresolved codemode.x as tools.x for the resolve stage", () => {
    const out = rewrite(`await codemode.lookupOrder({ id: 1 });`, [dialect])
    expect(out.code).toBe(`await tools.lookupOrder({ id: 1 });`)
  })

  it("does not unwrap a function with parameters or a program with more statements", () => {
    for (const code of [`async (x) => { return x }`, `async () => { return 1 }\nconsole.log(2)`])
      expect(rewrite(code, [dialect]).code).toBe(code)
  })
})

describe("cloudflare detection (docs/dialects.md#signals)", () => {
  it("finds codemode chains and bare arrows strong, dotted roots weak", () => {
    const ev = dialect.detect(parse(`async () => { await codemode.x({}); await github.y({}); }`).program, "")
    expect(ev.map((e) => [e.signal, e.strength])).toEqual([
      ["bare async function program", "strong"],
      ["codemode.<x>", "strong"],
      ["provider github.…", "weak"],
    ])
    expect(dialect.detect(parse(`const codemode = {}; const arr = []; codemode.x; arr.map(f)`).program, "")).toEqual([])
  })
})

describe("cloudflare prelude (docs/dialects.md#discovery-helpers)", () => {
  it("codemode.search maps canonical search items to Cloudflare results", async () => {
    const native = fakeNative([
      { path: ["github", "list_pull_requests"], description: "List PRs", signature: "sig1" },
      { path: ["delete"], description: "Delete", signature: "sig2" },
    ])
    const g = dialect.prelude!.globals(native.paths)
    const cm = g.codemode!
    if (cm.kind !== "namespace" || cm.members.search!.kind !== "function") throw new Error("shape")
    const result = await cm.members.search!.call([""], native.ctx)
    expect(result).toEqual({
      results: [
        {
          path: "github.list_pull_requests",
          connector: "github",
          method: "list_pull_requests",
          description: "List PRs",
          kind: "method",
          score: 1,
        },
        {
          path: "codemode.delete_",
          connector: "codemode",
          method: "delete_",
          description: "Delete",
          kind: "method",
          score: 0.5,
        },
      ],
      total: 2,
      truncated: false,
    })
    const describeFn = cm.members.describe!
    if (describeFn.kind !== "function") throw new Error("shape")
    expect(await describeFn.call(["github.list_pull_requests"], native.ctx)).toEqual({
      path: "github.list_pull_requests",
      description: "List PRs",
      types: "sig1",
      kind: "method",
    })
    expect(await describeFn.call(["nope.x"], native.ctx)).toBe(`"nope.x" not found.`)
  })
})

describe("cloudflare runtime objects (prelude)", () => {
  it("exposes codemode members, provider namespaces and globalThis; reserved provider names are skipped", async () => {
    const native = fakeNative([
      { path: ["github", "list-prs"], description: "", signature: "", run: (x) => ({ got: x }) },
      { path: ["console", "log"], description: "", signature: "", run: () => 1 },
      { path: ["delete"], description: "", signature: "", run: () => "d" },
    ])
    const g = dialect.prelude!.globals(native.paths)
    expect(Object.keys(g).sort()).toEqual(["codemode", "github", "globalThis"])
    const github = g.github!
    if (github.kind !== "namespace") throw new Error("shape")
    expect(Object.keys(github.members)).toEqual(["list_prs"])
    const call = github.members.list_prs!
    if (call.kind !== "function") throw new Error("shape")
    expect(await call.call([{ repo: "a" }], native.ctx)).toEqual({ got: { repo: "a" } })
    // A provider forwards every positional argument (docs/dialects.md#cloudflare); one input cannot carry a second, so it throws.
    expect(() => call.call([{ repo: "a" }, "lost"], native.ctx)).toThrow(/2 positional arguments/)
    const cm = g.codemode!
    if (cm.kind !== "namespace") throw new Error("shape")
    expect(Object.keys(cm.members).sort()).toEqual(["console_log", "delete_", "describe", "github_list_prs", "search"])
    const gt = g.globalThis!
    if (gt.kind !== "namespace") throw new Error("shape")
    expect(Object.keys(gt.members).sort()).toEqual(["codemode", "github"])
  })
})

describe("cloudflare instructions", () => {
  it("renders declare const codemode with sanitized names and types", () => {
    const text = dialect.instructions!({
      tools: [
        {
          path: ["github", "list-prs"],
          description: "List pull requests",
          inputSchema: { type: "object", properties: { owner: { type: "string" } }, required: ["owner"] },
          signature: "",
        },
      ],
    })
    expect(text).toContain("declare const codemode: {")
    expect(text).toContain(
      "  /** List pull requests */\n  github_list_prs: (input: { owner: string }) => Promise<unknown>;",
    )
  })
})
