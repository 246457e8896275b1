import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { diagnostic } from "../../src/diagnostic.js"
import { HostFailure } from "../../src/interpreter/host.js"
import { failure, fakeHost, oracle as v8, run, value } from "./harness.js"

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A host whose tools resolve after a delay and that records the maximum number of overlapping calls. */
const concurrentHost = () => {
  let active = 0
  const stats = { max: 0 }
  const host = fakeHost({
    tools: {
      "api.get": async (input) => {
        active++
        stats.max = Math.max(stats.max, active)
        await delay(5)
        active--
        return { id: (input as { id: number }).id, ok: true }
      },
      "api.fail": async () => {
        await delay(1)
        throw new Error("refused")
      },
      "api.fatal": async () => {
        throw new HostFailure(diagnostic("TimeoutExceeded", "Execution exceeded the time limit"), false)
      },
      "util.kebab-name": (i) => i,
    },
  })
  return { host, stats }
}

describe("tools", () => {
  it("overlaps calls made from concurrent async callbacks", async () => {
    const { host, stats } = concurrentHost()
    const v = await value(
      "const r = await Promise.all([1, 2, 3, 4].map(async id => (await tools.api.get({ id })).id)); return r",
      host,
    )
    expect(v).toEqual([1, 2, 3, 4])
    expect(stats.max).toBe(4)
  })

  it("starts calls eagerly: un-awaited calls run and are drained before the end", async () => {
    const { host, stats } = concurrentHost()
    expect(await value("tools.api.get({ id: 1 }); tools.api.get({ id: 2 }); return 'done'", host)).toBe("done")
    expect(host.calls.length).toBe(2)
    expect(stats.max).toBe(2)
  })

  it("keeps a promise a value until awaited", async () => {
    const { host } = concurrentHost()
    expect(
      await value(
        "const p = tools.api.get({ id: 9 }); const q = (await 0, tools.api.get({ id: 8 })); return [(await p).id, (await q).id, p instanceof Promise]",
        host,
      ),
    ).toEqual([9, 8, true])
  })

  it("makes catchable failures visible to catch as Error with the message", async () => {
    const { host } = concurrentHost()
    expect(
      await value(
        "try { await tools.api.fail({}) } catch (e) { return [e.name, e.message, e instanceof Error] }",
        host,
      ),
    ).toEqual(["Error", "refused", true])
    expect(await value("return (await Promise.allSettled([tools.api.fail({})]))[0].reason.message", host)).toBe(
      "refused",
    )
    expect(await value("return tools.api.fail({}).catch(e => 'caught ' + e.message)", host)).toBe("caught refused")
  })

  it("fails the run with the host diagnostic when uncaught", async () => {
    const { host } = concurrentHost()
    // Exactly { kind, message }, as a host written for the 1.18 contract compares it (no position added).
    expect(await failure("\nawait tools.api.fail({})", host)).toStrictEqual({ kind: "ToolFailure", message: "refused" })
    // A call never awaited is still named by where it was made: that position is the fix.
    const unawaited = await failure("\ntools.api.fail({})\nawait null", host)
    expect(unawaited.message).toBe("Unhandled rejection from an un-awaited tool call: refused")
    expect(unawaited.location).toEqual({ line: 2, column: 0 })
  })

  it("ends a failed run without waiting for calls still in flight, and stops its background work", async () => {
    let release: (v: unknown) => void = () => {}
    const pending = new Promise((r) => (release = r))
    const host = fakeHost({ tools: { "t.slow": () => pending, "t.fast": (i) => i } })
    // Were the failure to wait for `t.slow`, this would never settle: the call is released only afterwards.
    const d = await failure(
      "(async () => { await tools.t.slow({}); tools.t.fast({ late: true }) })(); throw new Error('stop')",
      host,
    )
    expect(d.message).toBe("Uncaught: stop")
    release(1)
    await new Promise((r) => setTimeout(r, 10))
    expect(host.calls.map((c) => c.path)).toEqual(["t.slow"])
  })

  it("reports a rejection nobody observed", async () => {
    const { host } = concurrentHost()
    const d = await failure("tools.api.fail({}); return 1", host)
    expect(d.kind).toBe("ToolFailure")
    expect(d.message).toBe("Unhandled rejection from an un-awaited tool call: refused")
    expect(d.suggestions?.join(" ")).toContain("await tools.ns.tool(...)")
  })

  it("leaves no unhandled rejection in the host process, whichever way a call's promise rejects", async () => {
    const events: Array<unknown> = []
    const count = (reason: unknown) => void events.push(reason)
    process.on("unhandledRejection", count)
    try {
      const { host } = concurrentHost()
      const cancels: Array<Promise<unknown>> = []
      const interruptible = { ...host, cancel: (p: Promise<unknown>) => void cancels.push(p) }
      await failure("tools.api.fail({}); return 1", host)
      await failure("tools.api.fail({}); return await tools.api.get({ id: 1 })", host)
      expect(await value("try { await tools.api.fail({}) } catch { return 'caught' }", host)).toBe("caught")
      // The losing call is interrupted: its promise rejects, and nothing observes it.
      expect(await value("return await Promise.race([tools.api.get({ id: 1 }), 'first'])", interruptible)).toBe("first")
      expect(cancels).toHaveLength(1)
      await new Promise((r) => setTimeout(r, 20))
      expect(events).toEqual([])
    } finally {
      process.off("unhandledRejection", count)
    }
  })

  it("ends the run at once on a non-catchable failure, through try/finally", async () => {
    const { host } = concurrentHost()
    const d = await failure(
      "let r = []; try { await tools.api.fatal({}) } catch (e) { r.push('caught') } finally { return 'finally' }",
      host,
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("reports unknown tools when called or enumerated, with suggestions, catchably", async () => {
    const { host } = concurrentHost()
    const d = await failure("await tools.api.gett({})", host)
    expect(d.kind).toBe("UnknownTool")
    expect(d.suggestions).toEqual(["tools.api.get"])
    expect(await value("try { tools.nope.x() } catch (e) { return e instanceof Error }", host)).toBe(true)
    const keys = await failure("Object.keys(tools.apj)", host)
    expect(keys).toMatchObject({ kind: "UnknownTool" })
    // Named as the namespace it was read as, with the near names first and the enumeration idiom after them.
    expect(keys.message).toMatch(/^Unknown tool namespace 'apj'\. Did you mean tools\.api\?/)
    expect(keys.suggestions?.[0]).toBe("tools.api")
    expect(keys.suggestions?.join(" ")).toContain("Object.keys(tools)")
  })

  it("enumerates tool references", async () => {
    const { host } = concurrentHost()
    expect(
      await value("return [Object.keys(tools), Object.keys(tools.api), Object.keys(tools.api.get)]", host),
    ).toEqual([["$codemode", "api", "util"], ["fail", "fatal", "get"], []])
    expect(await value("const r = []; for (const k in tools.util) r.push(k); return r", host)).toEqual(["kebab-name"])
    expect(
      await value("return [typeof tools.api.get, typeof tools.api, typeof tools.api.zzz, typeof tools]", host),
    ).toEqual(["function", "object", "undefined", "object"])
    for (const method of ["values", "entries"]) {
      // Tools are not data: the same kind as any other non-data value, naming the method that was called.
      const d = await failure(`Object.${method}(tools.api)`, host)
      expect(d.kind).toBe("InvalidDataValue")
      expect(d.message).toContain(`Object.${method}(...) cannot read tool references`)
      expect(d.message).toContain("Object.keys(tools)")
      expect(d.message).toContain("tools.$codemode.search")
    }
  })

  it("calls paths with any string segment and copies inputs out", async () => {
    const { host } = concurrentHost()
    expect(await value("return tools.util['kebab-name']({ d: new Date(0), n: NaN, u: undefined })", host)).toEqual({
      d: "1970-01-01T00:00:00.000Z",
      n: null,
    })
    const d = await failure("await tools.util['kebab-name']({ p: tools.api.get({ id: 1 }) })", host)
    expect(d.kind).toBe("InvalidDataValue")
    expect(d.message).toContain("await")
  })

  it("names the path of bad data, and a copy started inside another copy (a getter) sees only its own path", async () => {
    const { host } = concurrentHost()
    const call = "tools.util['kebab-name']"
    expect((await failure(`await ${call}({ a: [1, { b: [() => 1] }] })`, host)).message).toBe(
      'Invalid input for tools.util["kebab-name"]: value.a[1].b[0] is a function, which is not data',
    )
    expect((await failure("const o = { a: [1, { b: {} }] }; o.a[1].b.c = o.a; return o", host)).message).toBe(
      "The result value.a[1].b.c is circular",
    )
    // The getter runs while `o` and `o.a` are being copied; its own JSON.stringify copies `o` again, which is not
    // circular there. A failure after it still names the outer path.
    const nested =
      "let n = 0; const o = { a: { get s() { return n++ ? 'inner' : JSON.stringify(o) } }, b: [1, { c: 2 }] }; "
    const copied = await value(`${nested}return await ${call}(o)`, host)
    const oracle = await v8(`${nested}return o`)
    expect(oracle.ok && oracle.json).toContain('\\"s\\":\\"inner\\"')
    expect(JSON.stringify(copied)).toBe(oracle.ok ? oracle.json : undefined)
    const after = "const o = { a: { get s() { return JSON.stringify({ d: [[1]] }) } }, b: [1, { c: 2n }] }; return o"
    expect((await failure(after, host)).message).toBe("The result value.b[1].c is a BigInt, which is not data")
  })

  it("copies hostile tool outputs in as InvalidToolOutput, never crashing", async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    let deep: unknown = 1
    for (let i = 0; i < 40; i++) deep = [deep]
    const outputs: Record<string, unknown> = {
      getter: Object.defineProperty({}, "x", {
        enumerable: true,
        get: () => {
          throw new Error("host secret")
        },
      }),
      proxy: new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("trap")
          },
        },
      ),
      cyclic,
      deep,
      fn: { f: () => 1 },
      klass: new (class K {})(),
    }
    const host = fakeHost({ tools: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [`bad.${k}`, () => v])) })
    for (const name of Object.keys(outputs)) {
      const r = await run(`return await tools.bad.${name}({})`, host)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.diagnostic.kind).toBe("InvalidToolOutput")
        expect(r.diagnostic.message).not.toContain("host secret")
      }
    }
  })

  it("accepts plain data from another realm (node:vm fixtures)", async () => {
    const foreign = vm.runInNewContext("({ a: [1, { b: 'x' }], n: null })")
    expect(await value("return await tools.x.y({})", fakeHost({ tools: { "x.y": () => foreign } }))).toEqual({
      a: [1, { b: "x" }],
      n: null,
    })
  })

  it("follows CompileOptions.toolFailure shapes", async () => {
    const { host } = concurrentHost()
    expect(
      await value("try { await tools.api.fail({}) } catch (e) { return e }", host, { toolFailure: { kind: "string" } }),
    ).toBe("refused")
    const opts = {
      toolFailure: { kind: "errorClass", name: "ToolCallError", toolNameField: "toolName" } as const,
      globals: { ToolCallError: { kind: "errorClass", name: "ToolCallError" } as const },
    }
    expect(
      await value(
        "try { await tools.api.fail({}) } catch (e) { return [e instanceof ToolCallError, e instanceof Error, e.toolName, e.message] }",
        host,
        opts,
      ),
    ).toEqual([true, true, "api.fail", "refused"])
  })

  it("exposes native globals from CompileOptions.globals", async () => {
    const host = fakeHost()
    const globals = {
      add: { kind: "function", call: (args: ReadonlyArray<unknown>) => (args[0] as number) + (args[1] as number) },
      later: { kind: "function", call: async () => ({ v: 1 }) },
      cfg: { kind: "value", value: { mode: "x" } },
      codemode: { kind: "namespace", members: { hi: { kind: "function", call: () => "hi" } } },
      exit: {
        kind: "function",
        call: (args: ReadonlyArray<unknown>, ctx: { exit: (v?: unknown) => never }) => ctx.exit(args[0]),
      },
    } as const
    expect(await value("return [add(1, 2), (await later()).v, cfg.mode, codemode.hi()]", host, { globals })).toEqual([
      3,
      1,
      "x",
      "hi",
    ])
    expect(await value("exit('early'); return 'late'", host, { globals })).toBe("early")
    expect(await value("try { exit({ a: [1] }) } finally { return 'late' }", host, { globals })).toEqual({ a: [1] })
  })
})

describe("a call its host interrupted (HostFailure.interrupted)", () => {
  const interrupted = () =>
    Promise.reject(
      new HostFailure(diagnostic("ExecutionFailure", "Tool call 'api.stop' was interrupted."), false, true),
    )
  const host = () => fakeHost({ tools: { "api.stop": interrupted, "api.echo": (input) => input } })
  const globals = {
    viaHelper: {
      kind: "function",
      call: (_args: ReadonlyArray<unknown>, ctx: { callTool: (p: ReadonlyArray<string>, i: unknown) => unknown }) =>
        ctx.callTool(["api", "stop"], {}),
    },
  } as const

  it("ends the run with an interrupted outcome once the program's await reaches it, past catch and finally", async () => {
    for (const code of [
      "try { await tools.api.stop({}) } catch { return 'caught' }",
      "try { return await tools.api.stop({}).catch(() => 'caught') } finally { return 'finally' }",
      "await Promise.race([tools.api.stop({}), new Promise(() => {})])",
      "try { await viaHelper() } catch { return 'caught' }",
    ]) {
      const outcome = await run(code, host(), { globals })
      expect(outcome, code).toMatchObject({ ok: false, interrupted: true })
    }
  })

  it("is neither a failure nor an unhandled rejection when nothing awaits it", async () => {
    const code = `tools.api.stop({}); tools.api.stop({}).then(() => 1); viaHelper()
      const f = async () => { await tools.api.stop({}) }; f()
      return (await tools.api.echo({ v: "done" })).v`
    expect(await run(code, host(), { globals })).toEqual({ ok: true, value: "done" })
  })
})

describe("tool references", () => {
  it("are the same reference when read again by the same name within a run, for a bounded number of names", async () => {
    const { host } = concurrentHost()
    // Names past the bound (1,024 per run) are made fresh each time, so a loop over computed names stays small.
    const v = await value(
      `const named = [tools.api.get === tools.api.get, tools.api === tools.api]
       let same = 0
       for (let i = 0; i < 1500; i++) if (tools.api["n" + i] === tools.api["n" + i]) same++
       return [...named, same]`,
      host,
    )
    expect(v).toEqual([true, true, 1022])
  })
})
