import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { main } from "../../src/cli/cli.js"

const shop = join(resolve(import.meta.dirname, "../.."), "examples", "toolsets", "shop.json")

/** The CLI in-process, recording stdout and stderr writes in the order they happen. */
const cli = async (argv: string[], stdin: string) => {
  const writes: Array<{ to: "out" | "err"; text: string }> = []
  const status = await main(argv, {
    out: (text) => void writes.push({ to: "out", text }),
    err: (text) => void writes.push({ to: "err", text }),
    readStdin: async () => stdin,
  })
  return { status, writes }
}

describe("codemode run --verbose", () => {
  for (const isolation of ["none", "process"])
    it(`isolation ${isolation}: each call on stderr as it starts and ends, before the result is printed`, async () => {
      const program = `const open = await tools.orders.list({ status: "open" })
try { await tools.customers.get({ id: "nobody" }) } catch {}
return open.length`
      const { status, writes } = await cli(
        ["run", "--tools", shop, "--isolation", isolation, "--verbose", "--json"],
        program,
      )
      expect(status).toBe(0)
      const err = writes.filter((w) => w.to === "err").map((w) => w.text.replace(/\(\d+ ms\)/, "(n ms)"))
      expect(err).toEqual([
        'codemode run: -> tools.orders.list({"status":"open"})\n',
        "codemode run: <- tools.orders.list ok (n ms)\n",
        'codemode run: -> tools.customers.get({"id":"nobody"})\n',
        "codemode run: <- tools.customers.get failed: Customer not found (n ms)\n",
      ])
      // Every stderr line came before the one stdout write (the Result).
      expect(writes.map((w) => w.to)).toEqual(["err", "err", "err", "err", "out"])
      expect(JSON.parse(writes[4]!.text)).toMatchObject({ ok: true, toolCalls: [{}, {}] })
    })

  it("without --verbose nothing is printed on stderr", async () => {
    const { writes } = await cli(["run", "--tools", shop, "--isolation", "none"], "return 1")
    expect(writes.filter((w) => w.to === "err")).toEqual([])
  })
})
