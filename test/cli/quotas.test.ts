import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { runCli } from "./capture.js"

/** `--per-tool` and `--max-repeats` through the real runtime (in-process, so no sandbox is started). */
const shop = join(resolve(import.meta.dirname, "../.."), "examples", "toolsets", "shop.json")
const run = (program: string, ...flags: string[]) =>
  runCli(["run", "--tools", shop, "--isolation", "none", "--json", ...flags], { stdin: program })

// A call that ran counts as ok even when the fixture answers with its own error (an unknown customer id).
const counting = `let ok = 0, failed = []
const attempt = async (call) => { try { await call(); ok++ } catch (e) { if (e.message.includes("quota")) failed.push(e.message); else ok++ } }
for (let i = 0; i < 6; i++) await attempt(() => tools.orders.list({}))
for (let i = 0; i < 6; i++) await attempt(() => tools.customers.get({ id: "c" + i }))
return { ok, failed }`

describe("codemode run --per-tool / --max-repeats", () => {
  it("--per-tool holds each named quota and * for the others; the program catches the refusals", async () => {
    const { status, stdout } = await run(counting, "--per-tool", "orders.list=2,*=4", "--max-repeats", "off")
    expect(status).toBe(0)
    const result = JSON.parse(stdout)
    expect(result.value).toEqual({
      ok: 6,
      failed: [
        ...Array(4).fill(
          `Tool 'orders.list' reached its quota of 2 calls in this run (limits.perTool["orders.list"]).`,
        ),
        `Tool 'customers.get' reached its quota of 4 calls in this run (limits.perTool["*"]).`,
        `Tool 'customers.get' reached its quota of 4 calls in this run (limits.perTool["*"]).`,
      ],
    })
    expect(result.toolCalls.map((c: { name: string }) => c.name)).toEqual([
      ...Array(2).fill("orders.list"),
      ...Array(4).fill("customers.get"),
    ])
  })

  it("--max-repeats stops the program at that many identical calls", async () => {
    const { status, stdout } = await run(counting, "--max-repeats", "3")
    expect(status).toBe(1)
    const result = JSON.parse(stdout)
    expect(result.error.kind).toBe("ToolCallLimitExceeded")
    expect(result.error.message).toContain("tool 'orders.list' was called 3 times with the same input")
    expect(result.toolCalls).toHaveLength(2)
  })

  it("refuses malformed flags as usage errors", async () => {
    expect((await run("return 1", "--per-tool", "orders.list")).status).toBe(2)
    expect((await run("return 1", "--per-tool", "x=-1")).status).toBe(2)
    expect((await run("return 1", "--max-repeats", "0")).status).toBe(2)
  })
})
