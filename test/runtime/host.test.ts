// The Host implementation (src/interpreter/host.ts) driven directly, without an interpreter.
import { Context, Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { Tool } from "../../src/index.js"
import { HostFailure } from "../../src/interpreter/host.js"
import { decodeSearchInput, prepareDiscovery, searchTool } from "../../src/runtime/discovery.js"
import { Execution, MAX_CONCURRENT_CALLS, type Prepared } from "../../src/runtime/execution.js"
import { resolveLimits, type ExecutionLimits } from "../../src/runtime/limits.js"
import { prepareTree } from "../../src/runtime/tree.js"
import { freshState } from "../../src/runtime/session-state.js"

const host = (tools: Record<string, unknown>, limits?: ExecutionLimits) => {
  const tree = prepareTree(tools)
  const prepared: Prepared<never> = {
    tree,
    search: {
      name: "$codemode.search",
      path: ["$codemode", "search"],
      definition: searchTool(prepareDiscovery(tree, undefined)),
      decodeInput: decodeSearchInput,
      decodeOutput: undefined,
    },
    hooks: {},
    resolved: new WeakMap(),
  }
  return new Execution(prepared, resolveLimits(limits), Context.empty() as Context.Context<never>, freshState("test"))
}

describe("Execution as the interpreter's Host", () => {
  it("lookup and keys describe the tree, with $codemode at the root", () => {
    const h = host({ a: { b: Tool.make({ description: "b", input: {}, run: () => Effect.succeed(1) }) } })
    expect(h.lookup([])).toBe("namespace")
    expect(h.lookup(["a"])).toBe("namespace")
    expect(h.lookup(["a", "b"])).toBe("tool")
    expect(h.lookup(["a", "c"])).toBeUndefined()
    expect(h.lookup(["$codemode"])).toBe("namespace")
    expect(h.lookup(["$codemode", "search"])).toBe("tool")
    expect(h.keys([])).toEqual(["a", "$codemode"])
    expect(h.keys(["a"])).toEqual(["b"])
    expect(h.keys(["a", "b"])).toEqual([])
  })

  it("callTool rejects only with catchable HostFailures", async () => {
    const h = host({ t: Tool.make({ description: "t", input: {}, run: () => Effect.succeed(1) }) }, { maxToolCalls: 1 })
    await expect(h.callTool(["t"], {})).resolves.toBe(1)
    const limit = await h.callTool(["t"], {}).catch((e: unknown) => e)
    expect(limit).toBeInstanceOf(HostFailure)
    expect((limit as HostFailure).catchable).toBe(true)
    expect((limit as HostFailure).kind).toBe("ToolCallLimitExceeded")
    const unknown = await h.callTool(["nope"], {}).catch((e: unknown) => e)
    expect((unknown as HostFailure).kind).toBe("UnknownTool")
  })

  it("cancel interrupts a running call and un-queues a waiting one; neither settles", async () => {
    let interrupted = 0
    let started = 0
    const slow = Tool.make({
      description: "slow",
      input: {},
      run: () =>
        Effect.sync(() => started++).pipe(
          Effect.andThen(Effect.sleep(10_000)),
          Effect.onInterrupt(() => Effect.sync(() => interrupted++)),
        ),
    })
    const h = host({ slow })
    const calls = Array.from({ length: MAX_CONCURRENT_CALLS + 2 }, () => h.callTool(["slow"], {}))
    let settled = 0
    for (const c of calls)
      c.then(
        () => settled++,
        () => settled++,
      )
    expect(started).toBe(MAX_CONCURRENT_CALLS)
    h.cancel(calls[MAX_CONCURRENT_CALLS + 1]!) // waiting: removed from the queue
    h.cancel(calls[0]!) // running: interrupted, which frees a slot for the first waiting call
    await new Promise((r) => setTimeout(r, 20))
    expect(interrupted).toBe(1)
    expect(started).toBe(MAX_CONCURRENT_CALLS + 1)
    await Effect.runPromise(h.shutdown())
    expect(interrupted).toBe(MAX_CONCURRENT_CALLS + 1)
    expect(started).toBe(MAX_CONCURRENT_CALLS + 1)
    expect(settled).toBe(0)
  })
})
