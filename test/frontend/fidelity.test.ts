import { Effect } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { normalize } from "../../src/Frontend.js"
import type { RunResult } from "../../src/runtime/run.js"
import { makeGlobals } from "../../src/interpreter/builtins/globals.js"

/**
 * Issue 16: foreign programs run as their own system runs them, and nothing is dropped silently. Each case runs raw
 * model input through `runtime.run` (frontend + interpreter + runtime) against tools that echo what they received,
 * and checks what the vendor's system does (docs/dialects and each dialect's README mapping table).
 */
const echo = (name: string) =>
  Tool.make({
    description: `tool ${name}`,
    input: { type: "object" },
    run: (input: unknown) => Effect.succeed({ tool: name, input }),
  })

const make = () =>
  CodeMode.make({
    tools: {
      echo: echo("echo"),
      state: { writeJson: echo("state.writeJson"), concat: echo("state.concat") },
      rmcp: { echo: echo("rmcp.echo") },
      slack: { post: echo("slack.post") },
      external_api: { get: echo("external_api.get") },
    },
    limits: { timeoutMs: 10_000 },
  })
const runtime = make()

const run = (input: unknown, hint?: string, on: Pick<typeof runtime, "run"> = runtime): Promise<RunResult> =>
  Effect.runPromise(on.run(input, { hint }))
const warnings = (r: RunResult) => r.receipt.warnings.map((w) => w.message)
const rules = (r: RunResult) => r.receipt.changes.map((c) => c.rule)

describe("cloudflare", () => {
  it("a provider call with positional arguments is refused, never sent with only the first", async () => {
    const r = await run({ code: `async () => { return await state.writeJson("/p", { a: 1 }) }` })
    expect(r.ok).toBe(false)
    expect(r.toolCalls).toEqual([])
    if (r.ok) return
    expect(r.error.kind).toBe("UnsupportedSyntax")
    expect(r.error.message).toMatch(/state\.writeJson\(…\) passes 2 positional arguments/)
    expect(r.error.location).toEqual({ line: 1, column: 27 })
    // One argument is carried as the input.
    const one = await run({ code: `async () => state.concat({ a: "x", b: "y" })` })
    expect(one).toMatchObject({ ok: true, value: { tool: "state.concat", input: { a: "x", b: "y" } } })
  })

  it("a dynamic provider call with positional arguments throws instead of dropping them", async () => {
    const r = await run({ code: `async () => { const p = globalThis["state"]; return await p.concat("a", "b") }` })
    expect(r.ok).toBe(false)
    expect(r.toolCalls).toEqual([])
  })

  it("codemode.step(name, fn) runs fn once and gives its value", async () => {
    const r = await run({
      code: `async () => { const n = await codemode.step("stamp", () => 41); return await codemode.echo({ n: n + 1 }) }`,
    })
    expect(r).toMatchObject({ ok: true, value: { tool: "echo", input: { n: 42 } } })
    expect(rules(r)).toContain("cloudflare-step")
    const bad = await run({ code: `async () => { const s = codemode.step; return 1 }` })
    expect(bad.ok).toBe(false)
  })

  it("export default <expression> returns the value", async () => {
    const r = await run({ code: `const w = await codemode.echo({ city: "Oslo" })\nexport default w.input.city` })
    expect(r).toMatchObject({ ok: true, value: "Oslo" })
  })
})

describe("utcp", () => {
  it("__interfaces declares each manual's namespace, so a program's check finds it and calls", async () => {
    const code = `if (!__interfaces.includes("namespace slack")) return "skipped"\nreturn slack.post({ text: "hi" })`
    const r = await run({ code, timeout: 30000, max_output_size: 200000 })
    expect(r).toMatchObject({ ok: true, value: { tool: "slack.post", input: { text: "hi" } } })
    expect(r.receipt.dialect).toBe("utcp")
  })

  it("a tool reached through globalThis is used synchronously, as UTCP's synchronous tools allow", async () => {
    const code = `const f = "slack.post".split(".").reduce((o, k) => o[k], globalThis)\nconst r = f({ text: "hi" })\nreturn r.input.text`
    const r = await run({ code }, "utcp")
    expect(r).toMatchObject({ ok: true, value: "hi" })
    expect(r.receipt.changes.find((c) => c.rule === "insert-await")?.note).toMatch(/read from globalThis/)
    // a binding read from globalThis that is not a tool awaits to itself
    const plain = await run({ code: `const p = globalThis.none ?? ((x) => x * 2)\nreturn p(21) + 1` }, "utcp")
    expect(plain).toMatchObject({ ok: true, value: 43 })
    // not under a system whose tools return promises
    const opencode = await run({ code: `const f = globalThis.Math.max\nreturn f(1, 2)` })
    expect(rules(opencode)).not.toContain("insert-await")
  })

  it("a manual named external_api stays a manual under the UTCP hint (no TanStack rewrite)", async () => {
    const r = await run({ code: `const v = external_api.get({ id: 1 }); return v` }, "utcp")
    expect(r).toMatchObject({ ok: true, value: { tool: "external_api.get", input: { id: 1 } } })
    expect(rules(r)).not.toContain("tanstack-external")
  })
})

describe("tanstack", () => {
  it("a program without return returns nothing, as TanStack does", async () => {
    const r = await run({ typescriptCode: `const n: number = 1\nawait external_echo({ n })` })
    expect(r).toMatchObject({ ok: true, value: null })
    expect(r.toolCalls).toEqual([{ name: "echo" }])
    expect(rules(r)).toContain("tanstack-no-completion")
    const returned = await run({ typescriptCode: `return await external_echo({ n: 2 })` })
    expect(returned).toMatchObject({ ok: true, value: { tool: "echo" } })
  })
})

describe("vercel", () => {
  it("a function in the returned object is dropped as JSON would, and the receipt says so", async () => {
    const r = await run({
      js: `const r = await tools.echo({}); return { tool: r.tool, fn: () => 1, list: [() => 2, 3] }`,
    })
    expect(r).toMatchObject({ ok: true, value: { tool: "echo", list: [null, 3] } })
    if (r.ok) expect(Object.keys(r.value as object)).toEqual(["tool", "list"])
    expect(warnings(r)).toEqual([
      "result.fn is a function: dropped, as JSON.stringify drops it",
      "result.list[0] is a function: dropped, as JSON.stringify drops it",
    ])
    // Outside a JSON-result system the same value is still an error, not a silent drop.
    const plain = await run({ code: `return { fn: () => 1 }` })
    expect(plain.ok).toBe(false)
  })

  it("globalThis.x = 1 creates a global the program reads back, as in Vercel's sandbox", async () => {
    const r = await run({
      js: `globalThis.hits = 1\nglobalThis.hits += (await tools.echo({})).tool.length\nreturn [hits, typeof globalThis.hits]`,
    })
    expect(r).toMatchObject({ ok: true, value: [5, "number"] })
    expect(r.receipt.dialect).toBe("vercel")
    expect(warnings(r)).toEqual([])
  })
})

describe("codex", () => {
  const codex = (code: string, on: Pick<typeof runtime, "run"> = runtime) => run(`// @exec: {}\n${code}`, undefined, on)

  it("await new Promise((r) => setTimeout(r, 10)) normalizes and runs", async () => {
    const r = await codex(`await new Promise((r) => setTimeout(r, 10))\ntext("after")`)
    expect(r).toMatchObject({ ok: true, logs: ["after"] })
    expect(warnings(r)).toEqual([])
  })

  it("notify and yield_control exist; notify's message is an item apart from the text", async () => {
    const r = await codex(`notify("started"); yield_control(); text("done")`)
    expect(r).toMatchObject({ ok: true, logs: ["done"], notifications: ["started"] })
    expect(r.receipt.dialect).toBe("codex")
  })

  it("ALL_TOOLS names nested tools mcp__<server>__<tool> and leaves the runtime's search out", async () => {
    const r = await codex(`text(ALL_TOOLS.map((t) => t.name).join(","))`)
    expect(r.ok && r.logs).toEqual([
      "echo,mcp__external_api__get,mcp__rmcp__echo,mcp__slack__post,mcp__state__concat,mcp__state__writeJson",
    ])
    // The deferred-tool pattern Codex's description teaches: filter ALL_TOOLS, call what it found.
    const found = await codex(
      `const t = ALL_TOOLS.find((t) => t.name.includes("rmcp"))\nconst r = await tools[t.name]({ x: 1 })\ntext(r.tool)`,
    )
    expect(found).toMatchObject({ ok: true, logs: ["rmcp.echo"] })
  })

  it("Object.keys(tools) lists the Codex names", async () => {
    const r = await codex(`text(Object.keys(tools).includes("mcp__rmcp__echo"))`)
    expect(r).toMatchObject({ ok: true, logs: ["true"] })
  })

  it("store/load persist between runs of one session, not across sessions or direct runs", async () => {
    const own = runtime.session()
    expect(await codex(`store("k", { n: 1 })`, own)).toMatchObject({ ok: true })
    expect(await codex(`text(load("k"))`, own)).toMatchObject({ ok: true, logs: ['{"n":1}'] })
    expect(await codex(`text(load("k"))`, runtime.session())).toMatchObject({ ok: true, logs: ["undefined"] })
    expect(await codex(`store("d", 1)\ntext(load("d"))`)).toMatchObject({ ok: true, logs: ["1"] })
    expect(await codex(`text(load("d"))`)).toMatchObject({ ok: true, logs: ["undefined"] })
  })

  it("text() of a circular value throws as JSON.stringify does", async () => {
    const r = await codex(`const a = {}; a.self = a\ntry { text(a) } catch (e) { text("caught " + e.name) }`)
    expect(r).toMatchObject({ ok: true, logs: ["caught TypeError"] })
  })

  it("image() refuses a detail Codex does not know, before appending anything", async () => {
    const r = await codex(`image({ image_url: "data:image/png;base64,AAA", detail: "medium" })`)
    expect(r).toMatchObject({ ok: false, error: { message: expect.stringContaining("image detail must be one of") } })
    const second = await codex(`image({ image_url: "data:image/png;base64,AAA", detail: "high" }, "tiny")`)
    expect(second.ok).toBe(false)
    expect(await codex(`image({ image_url: "data:image/png;base64,AAA", detail: "low" }); text("ok")`)).toMatchObject({
      ok: true,
    })
  })

  it("@exec max_output_tokens keeps the head and the tail of the output", async () => {
    const r = await run(`// @exec: {"max_output_tokens": 10}\nfor (let i = 0; i < 40; i++) text("line " + i)`)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.truncated).toBe(true)
    // One text item in Codex's form: the line count, the head, the marker, the tail (test/dialects/codex-cells.test.ts).
    expect(r.logs).toHaveLength(1)
    expect(r.logs![0]).toMatch(/^Total output lines: 40\n\nline 0\n[^]*…\d+ tokens truncated…[^]*\nline 39$/)
  })
})

describe("pi", () => {
  it("assigning an undeclared name creates it, as Pi's sloppy sandbox does", async () => {
    const r = await run({ code: `text("a")\ncount = 2\nfunction bump() { count = count + 1 }\nbump()\nreturn count` })
    expect(r).toMatchObject({ ok: true, value: 3 })
    expect(rules(r)).toContain("pi-sloppy-global")
  })

  it("a sloppy global behaves as Pi's: every kind of write creates or updates it, a read before the first write throws", async () => {
    // The same program in a sloppy-mode function under V8 (Pi's sandbox) and through this runtime.
    const body = [
      `text("x")`,
      `for (i = 0; i < 3; i++) n = (typeof n === "undefined" ? 0 : n) + i`,
      `;[a, { b, c: d = 4 }] = [1, { b: 2 }]`,
      `for (k of ["p", "q"]) last = k`,
      `for (key in { z: 1 }) seen = key`,
      `function bump() { count = 10; count += 5; count++ }`,
      `bump()`,
      `let caught`,
      `try { total = total + 1 } catch (e) { caught = e.name }`,
      `return [i, n, a, b, d, last, seen, count, caught, typeof total, typeof never]`,
    ].join("\n")
    // a fresh sloppy-mode context, so the globals the program creates are its own
    const expected = await vm.runInNewContext(`(async (text) => {\n${body}\n})(() => {})`, {})
    expect(expected).toEqual([3, 3, 1, 2, 4, "q", "z", 16, "ReferenceError", "undefined", "undefined"])
    const r = await run({ code: body })
    expect(r.receipt.dialect).toBe("pi")
    expect(r).toMatchObject({ ok: true, value: expected })
    expect(r.receipt.changes.find((c) => c.rule === "pi-sloppy-global")?.note).toBe(
      "undeclared i, n, a, b, d, k, last, key, seen, count, total: a global in Pi's sloppy mode, written as globalThis.<name>",
    )
  })

  it("structuredClone is not warned about; tools.$codemode.describe is, before the run", async () => {
    const r = await run({ code: `text("x")\nreturn structuredClone({ a: 1 })` })
    expect(r).toMatchObject({ ok: true, value: { a: 1 } })
    expect(warnings(r)).toEqual([])
    const n = normalize({ code: `const d = await tools.$codemode.describe("echo")\ntext(d)` }, { tools: [["echo"]] })
    expect(n.receipt.warnings.map((w) => w.message)).toEqual([
      "tools.$codemode.describe does not exist: only tools.$codemode.search({ query }) does, and its items carry each tool's signature",
    ])
  })

  it("performance.now() is a clock, not a tool: no warning, no foreign evidence, and it advances", async () => {
    const code = `text("a")\nconst t0 = performance.now()\nawait new Promise((r) => setTimeout(r, 15))\nconst t1 = performance.now()\nreturn [typeof t0, t1 - t0 >= 10]`
    for (const hint of [undefined, "pi"]) {
      const r = await run({ code }, hint)
      expect(r).toMatchObject({ ok: true, value: ["number", true] })
      expect(r.receipt.dialect).toBe("pi")
      expect(warnings(r)).toEqual([])
    }
    // A clock read is neither UTCP's un-awaited manual.tool(…) nor Cloudflare's awaited provider call.
    const n = normalize({ code: `const a = performance.now()\nconst b = await performance.now()\nreturn b - a` })
    expect(n.receipt.evidence).toEqual([])
    // Under the UTCP hint a clock read is not "a tool missing from the catalog".
    const utcp = await run(
      { code: `const t = performance.now()\nreturn [typeof t, slack.post({ text: "x" }).tool]` },
      "utcp",
    )
    expect(utcp).toMatchObject({ ok: true, value: ["number", "slack.post"] })
    expect(warnings(utcp)).toEqual([])
  })

  it("fences nested two deep with one marker length", async () => {
    const r = await run("```\n```js\nreturn (await tools.echo({ n: 1 })).input.n\n```\n```")
    expect(r).toMatchObject({ ok: true, value: 1 })
  })
})

describe("detection", () => {
  it("TypeScript alone is not TanStack evidence", () => {
    const n = normalize({ code: `const x: number = 1\nreturn x` })
    expect(n.receipt.evidence.filter((e) => e.dialect === "tanstack")).toEqual([])
  })

  it("no global the interpreter offers is read as a UTCP manual or a Cloudflare provider", () => {
    // `search` is left out: it is the runtime's discovery tool itself (the later contract's global).
    const names = [...makeGlobals({}).keys()].filter((n) => n !== "search")
    expect(names).toEqual(expect.arrayContaining(["performance", "crypto", "Iterator", "setTimeout"]))
    for (const name of names) {
      const n = normalize({ code: `const a = ${name}.m(1)\nconst b = await ${name}.m(2)\nreturn [a, b]` })
      const foreign = n.receipt.evidence.filter((e) => e.dialect === "utcp" || e.dialect === "cloudflare")
      expect({ name, foreign }).toEqual({ name, foreign: [] })
    }
  })

  it("another environment's global (Buffer, document) is no manual: no UTCP evidence, warned as unavailable only", () => {
    const pi = normalize({ code: `text("a")\nconst b = Buffer.from("x")\nreturn 1` }, { tools: [["echo"]] })
    expect(pi.receipt.dialect).toBe("pi")
    expect(pi.receipt.evidence.filter((e) => e.dialect === "utcp")).toEqual([])
    expect(pi.receipt.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^Buffer is not available here/)])
    const utcp = normalize(
      { code: `const d = document.querySelector("x")\nreturn d` },
      { tools: [["echo"]], hint: "utcp" },
    )
    expect(utcp.receipt.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^document is not available here/),
    ])
    // a catalog manual of that name is still a manual
    const manual = normalize({ code: `return process.run({ n: 1 })` }, { tools: [["process", "run"]], hint: "utcp" })
    expect(manual.code).toContain("tools.process.run(")
  })

  it("an object key external_foo is not TanStack evidence", () => {
    const n = normalize({ code: `return { external_id: 1 }` })
    expect(n.receipt.dialect).toBeUndefined()
  })

  it("a local const tools = {} is not OpenCode evidence", () => {
    const n = normalize({ code: `const tools = { a: 1 }\nreturn Object.keys(tools)` })
    expect(n.receipt.evidence.filter((e) => e.dialect === "opencode")).toEqual([])
  })

  it("under the DeepSeek hint Object.keys(tools) lists the host's tools without $codemode.search", async () => {
    const r = await run({ code: `return Object.keys(tools)`, description: "list tools" }, "deepseek")
    expect(r).toMatchObject({ ok: true })
    if (r.ok) expect(r.value).not.toContain("$codemode.search")
    if (r.ok) expect(r.value).toContain("rmcp.echo")
  })
})

describe("wild envelopes", () => {
  it("a JSON envelope with raw newlines or unescaped quotes is repaired, and the receipt says so", async () => {
    const newlines = await run('{"code": "const r = await tools.echo({ q: 1 })\nreturn r.input.q + 1"}')
    expect(newlines).toMatchObject({ ok: true, value: 2 })
    expect(rules(newlines)).toContain("json-string-repaired")
    expect(warnings(newlines).join()).toMatch(/malformed .* repaired/)
    const quotes = await run('{"code": "return "hi""}')
    expect(quotes).toMatchObject({ ok: true, value: "hi" })
    expect(rules(quotes)).toContain("json-string-repaired")
  })

  it("a JSON envelope jsonrepair cannot mend (quotes mid-line, or a raw newline before one) is said as such, with where", async () => {
    for (const [text, column] of [
      ['{"code": "return tools.echo({ text: "say "hello" now" })"}', 38],
      ['{"code": "const a = 1;\nreturn "x" + a"}', 23],
    ] as const) {
      const r = await run(text)
      expect(r.ok).toBe(false)
      if (r.ok) continue
      expect(r.toolCalls).toEqual([])
      expect(r.error.message).toMatch(
        new RegExp(
          `^What arrived is a JSON envelope whose "code" string is broken \\(JSON stops reading at line 1, column ${column}\\)`,
        ),
      )
      expect(r.error.message).toMatch(/Fix: escape quotes/)
    }
  })

  it('{"name": "exec", "arguments": {"input": "<program>"}} runs the program, not a tool named exec', async () => {
    const r = await run({ name: "exec", arguments: { input: `text((await tools.echo({ n: 5 })).input.n)` } })
    expect(r).toMatchObject({ ok: true, logs: ["5"] })
    expect(r.toolCalls).toEqual([{ name: "echo" }])
  })

  it("an OpenAI tool_calls list, as a string or as an array, runs what it carries", async () => {
    const calls = [
      { id: "c1", type: "function", function: { name: "exec", arguments: JSON.stringify({ code: "return 7" }) } },
    ]
    expect(await run(JSON.stringify(calls))).toMatchObject({ ok: true, value: 7 })
    expect(await run(calls)).toMatchObject({ ok: true, value: 7 })
    const direct = [{ id: "c2", type: "function", function: { name: "echo", arguments: '{"a":1}' } }]
    expect(await run(direct)).toMatchObject({ ok: true, value: { tool: "echo", input: { a: 1 } } })
    expect(await run(JSON.stringify(direct))).toMatchObject({ ok: true, value: { tool: "echo", input: { a: 1 } } })
  })
})

describe("no program: the diagnostic says what arrived and the fix in one line", () => {
  const fails = async (input: unknown) => {
    const r = await run(input)
    expect(r.ok).toBe(false)
    if (r.ok) throw new Error("ran")
    expect(r.toolCalls).toEqual([])
    return r.error
  }

  it("a shell command, raw or in an argv envelope", async () => {
    for (const input of ["ls -la", "pwd", { code: "git status" }, { cmd: ["bash", "-lc", "ls"] }]) {
      const e = await fails(input)
      expect(e.message).toMatch(/^What arrived is a shell command \(.+\), not a JavaScript program\. Fix: /)
    }
  })

  it("a shell tool's arguments, its command a string, sent to the code tool", async () => {
    // The exec arguments a small local model sent, quoted in openclaw/openclaw#126390 (fields abridged)
    for (const input of [
      { ask: "Run node --version", command: "node --version", workdir: "", timeout: 30 },
      { cmd: "gh repo list shailu-s --limit 5" },
    ]) {
      const e = await fails(input)
      expect(e.message).toMatch(/^What arrived is a shell command \((node|gh) .+\), not a JavaScript program\. Fix: /)
    }
    // a command field that is not a shell line is still "no program", naming the fields
    expect((await fails({ command: "summarize the file" })).message).toMatch(
      /^No program found in the fields "command"/,
    )
  })

  it("a shell tool's call in another vendor's format, when no tool has that name", async () => {
    // Qwen2.5-coder's reply to Codex, quoted in openai/codex#2229
    for (const input of [
      '{"name": "shell", "arguments": {"command": ["ls"]}}',
      { name: "shell", arguments: { command: ["ls"] } },
    ]) {
      const e = await fails(input)
      expect(e.message).toMatch(/^What arrived is a shell command \(ls\), not a JavaScript program\. Fix: /)
    }
    // a host that has such a tool gets the call
    const own = CodeMode.make({ tools: { shell: echo("shell") } })
    expect(await run({ name: "shell", arguments: { command: ["ls"] } }, undefined, own)).toMatchObject({ ok: true })
  })

  it("tool-call markup written as text", async () => {
    const e = await fails(
      'I will read it.\n<call_record tool="read">\n<parameter name="path">a.css</parameter>\n</call_record>',
    )
    expect(e.message).toMatch(
      /^What arrived is tool-call markup written as text \(<call_record tool="read">\), not a program\./,
    )
  })

  it("prose", async () => {
    const e = await fails("I will look up the weather in Paris and report back to you.")
    expect(e.message).toMatch(/^What arrived is prose, not a program \("I will look up/)
    expect(e.message).toMatch(/Fix: send only JavaScript/)
  })

  it("an empty reply", async () => {
    const e = await fails({ code: "  " })
    expect(e.message).toBe("Code cannot be empty.")
    expect(e.suggestions?.[0]).toMatch(/send JavaScript/)
  })

  it("a plain JavaScript syntax error is not called a TypeScript failure", async () => {
    const r = await run({ code: "const x = ;" })
    expect(r.ok).toBe(false)
    expect(warnings(r).join()).not.toMatch(/TypeScript/)
  })
})

describe("nothing is dropped silently", () => {
  it("a run that made no tool call and returns its own input unchanged is flagged", async () => {
    const r = await run(`"return 1"`)
    expect(r).toMatchObject({ ok: true, value: "return 1" })
    expect(warnings(r).join()).toMatch(/returned its own input unchanged/)
    const fine = await run({ code: "return 1" })
    expect(warnings(fine)).toEqual([])
  })

  it("no dialect fixture's recorded warning or diagnostic names an internal", () => {
    const dir = new URL("../../dialects/", import.meta.url)
    const receipts = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/fixtures/`, dir)))
      .flatMap((d) =>
        readdirSync(new URL(`${d.name}/fixtures/`, dir)).map(
          (f) => new URL(`${d.name}/fixtures/${f}/receipt.json`, dir),
        ),
      )
      .filter((u) => existsSync(u))
    expect(receipts.length).toBeGreaterThan(50)
    const internal =
      /boozedog|pi-codemode|\(an? \w+ global\)|strip failed|sucrase|acorn|\brecast\b|prelude|\$codex_|\$vercel\.|\$deepseek\./i
    let seen = 0
    for (const u of receipts) {
      const r = JSON.parse(readFileSync(u, "utf8")) as { warnings?: string[]; diagnostics?: unknown[] }
      for (const text of [...(r.warnings ?? []), ...(r.diagnostics ?? []).map((d) => JSON.stringify(d))]) {
        seen++
        expect({ fixture: u.pathname, text }).not.toMatchObject({ text: expect.stringMatching(internal) })
      }
    }
    expect(seen).toBeGreaterThan(20)
  })

  it("model-facing warnings name no internals", async () => {
    const r = await run({ code: `print("x")\nsetTimeout(() => 1, 5)\nreturn 1` })
    for (const w of warnings(r)) expect(w).not.toMatch(/boozedog|pi-codemode|\(a \w+ global\)/)
  })
})
