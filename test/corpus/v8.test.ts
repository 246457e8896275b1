import { describe, expect, it } from "vitest"
import type { NativeGlobal } from "../../src/interpreter/api.js"
import { asFunctionBody, runInV8, type V8Environment } from "../../src/corpus/v8.js"

/** Orders fixture behaviour as plain data: o1 exists, anything else fails with a tool error. */
const env = (more: Partial<V8Environment> = {}): V8Environment => ({
  tools: [["orders", "get"], ["orders", "list"], ["ping"]],
  call: (path, input) => {
    const dotted = path.join(".")
    if (dotted === "ping") return { result: "pong" }
    if (dotted === "orders.list") return { result: [{ id: "o3" }, { id: "o1" }] }
    const id = (input as { id?: unknown }).id
    return id === "o1" ? { result: { id: "o1", total: 5 } } : { error: `Order ${String(id)} not found` }
  },
  ...more,
})

const answer = async (code: string, more: Partial<V8Environment> = {}) => {
  const out = await runInV8(code, env(more))
  if (out.kind !== "answer") throw new Error(`expected an answer, got ${JSON.stringify(out)}`)
  return out.answer
}

describe("asFunctionBody", () => {
  it("returns a final expression statement, as the canonical program does (docs/dialects.md#canonical-contract)", () => {
    expect(asFunctionBody("const a = 1\na + 1")).toBe("const a = 1\nreturn (a + 1);")
    expect(asFunctionBody("return 1")).toBe("return 1")
    expect(asFunctionBody("if (x) { y }")).toBe("if (x) { y }")
  })
})

describe("runInV8", () => {
  it("runs the program as an async function body against stub tools answering plain data", async () => {
    expect(await answer("const o = await tools.orders.list({}); o.map((x) => x.id).sort()")).toEqual(["o1", "o3"])
    expect(await answer("return [await tools.ping({}), typeof tools.orders, typeof tools.orders.get]")).toEqual([
      "pong",
      "object",
      "function",
    ])
    expect(await answer("return Object.keys(tools)")).toEqual(["orders", "ping"])
    // results are objects of the program's own realm
    expect(
      await answer(
        "const o = await tools.orders.get({ id: 'o1' }); return Object.getPrototypeOf(o) === Object.prototype",
      ),
    ).toBe(true)
  })

  it("takes the last one-argument output when the result is null (docs/corpus-format.md#the-answer)", async () => {
    expect(await answer("console.log('a'); console.log({ n: 1 })")).toEqual({ n: 1 })
    expect(await answer("console.log('a'); console.log(1, 2)")).toBe(null)
    expect(await answer("console.log('a'); return 0")).toBe(0)
  })

  it("rejects failed calls in the dialect's tool-failure shape (docs/dialects.md#output-and-errors)", async () => {
    const probe =
      "try { await tools.orders.get({ id: 'o9' }) } catch (e) { return [typeof e, e instanceof Error, e.message ?? e, e.name, e.toolName] }"
    expect(await answer(probe)).toEqual(["object", true, "Order o9 not found", "Error", null])
    expect(await answer(probe, { toolFailure: { kind: "string" } })).toEqual([
      "string",
      false,
      "Order o9 not found",
      null,
      null,
    ])
    const shaped = await answer(probe, {
      toolFailure: { kind: "errorClass", name: "ToolCallError", toolNameField: "toolName" },
    })
    expect(shaped).toEqual(["object", true, "Order o9 not found", "ToolCallError", "orders.get"])
  })

  it("fails an unknown tool only when it is called, and resolves dialect spellings like the alias hook", async () => {
    const out = await runInV8(
      "try { await tools.nope.x({}) } catch (e) { return [typeof tools.nope, e.message] }",
      env(),
    )
    expect(out).toEqual({
      kind: "answer",
      answer: ["function", "Unknown tool 'nope.x'."],
      unknownTools: ["Unknown tool 'nope.x'."],
    })
    const resolve = (path: ReadonlyArray<string>) => (path.join(".") === "orders_get" ? ["orders", "get"] : undefined)
    expect(await answer("return (await tools.orders_get({ id: 'o1' })).total", { resolve })).toBe(5)
  })

  it("bridges prelude globals: values, functions (sync and async), namespaces, error classes, exit, throwError", async () => {
    const fn = (call: Extract<NativeGlobal, { kind: "function" }>["call"]): NativeGlobal => ({ kind: "function", call })
    const globals: Record<string, NativeGlobal> = {
      ALL: { kind: "value", value: [{ name: "ping" }] },
      text: fn(([v], ctx) => void ctx.output(String(v), [v])),
      twice: fn(async ([n], ctx) => [(n as number) * 2, await ctx.callTool(["ping"], {})]),
      ns: { kind: "namespace", members: { boom: fn((_a, ctx) => ctx.throwError("TypeError", "bad key")) } },
      Oops: { kind: "errorClass", name: "Oops" },
      exit: fn((_a, ctx) => ctx.exit("early")),
    }
    expect(await answer("text(ALL[0].name); text(await twice(21))", { globals })).toEqual([42, "pong"])
    expect(
      await answer("try { ns.boom() } catch (e) { return [e instanceof TypeError, e.message] }", { globals }),
    ).toEqual([true, "bad key"])
    expect(
      await answer("const e = new Oops('x'); return [e instanceof Error, e.name, e.message]", { globals }),
    ).toEqual([true, "Oops", "x"])
    expect(await answer("exit(); return 'late'", { globals })).toBe("early")
  })

  it("says when V8 cannot run the program, and reports what a failing program throws", async () => {
    expect((await runInV8("return (", env())).kind).toBe("cannot")
    expect(await runInV8("while (true) {}", env({ timeoutMs: 200 }))).toMatchObject({ kind: "cannot" })
    expect(await runInV8("await new Promise(() => {})", env({ timeoutMs: 200 }))).toMatchObject({ kind: "cannot" })
    // a loop in promise jobs is stopped too (the context's microtasks are drained under the timeout)
    expect(await runInV8("for (;;) await null", env({ timeoutMs: 200 }))).toMatchObject({ kind: "cannot" })
    expect(await runInV8("await tools.ping({}); for (;;) await null", env({ timeoutMs: 200 }))).toMatchObject({
      kind: "cannot",
    })
    expect(await runInV8("return undefinedName + 1", env())).toEqual({
      kind: "threw",
      message: "ReferenceError: undefinedName is not defined",
    })
    // strict semantics, like the canonical subset
    expect(await runInV8("x = 1; return x", env())).toMatchObject({ kind: "threw" })
  })

  it("lets no object of the host realm reach the program, and allows no code generation", async () => {
    const failing = env({
      call: () => {
        throw new TypeError("host bug")
      },
    })
    expect(
      await runInV8(
        "try { await tools.ping({}) } catch (e) { return [e instanceof Error, e.constructor === Error, e.message] }",
        failing,
      ),
    ).toEqual({
      kind: "answer",
      answer: [true, true, "host bug"],
      unknownTools: [],
    })
    expect(await runInV8("return console.log.constructor('return 1')()", env())).toMatchObject({
      kind: "threw",
      message: expect.stringMatching(/^EvalError/),
    })
  })

  it("has the 1.18 environment's structuredClone, which a vm context lacks", async () => {
    const code =
      "const a = { d: new Date(0), m: new Map([[1, { x: 1 }]]) }; a.self = a; const b = structuredClone(a); return [b.d instanceof Date, b.d.getTime(), b.m.get(1).x, b.m.get(1) !== a.m.get(1), b.self === b]"
    expect(await answer(code)).toEqual([true, 0, 1, true, true])
  })
})
