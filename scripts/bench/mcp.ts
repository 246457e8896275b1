// The gateway row of `npm run bench`: one `execute` round trip through `codemode mcp` (SDK client → gateway over
// stdio → server-everything's `echo` over stdio → back), next to the same `echo` called directly, so the difference
// is the gateway's per-call overhead (frontend, interpreter, one extra stdio hop). BENCH_MCP=0 skips it.
import { createRequire } from "node:module"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { Row } from "./measure.js"

const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js")
const GATEWAY = "dist/bin/codemode.js"

const connect = async (args: Array<string>) => {
  const client = new Client({ name: "bench", version: "0" })
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: "ignore" }))
  return client
}

/** Sorted wall times (ms) of `runs` calls after `warmup`. */
const samples = async (fn: () => Promise<unknown>, runs: number, warmup: number): Promise<Array<number>> => {
  for (let i = 0; i < warmup; i++) await fn()
  const out: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    out.push(performance.now() - start)
  }
  return out.sort((a, b) => a - b)
}

const at = (sorted: ReadonlyArray<number>, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const ms = (v: number) => (v < 1 ? `${(v * 1000).toFixed(0)} µs` : `${v.toFixed(2)} ms`)

export const mcpRows = async (runs = 300, warmup = 30): Promise<ReadonlyArray<Row>> => {
  const direct = await connect([EVERYTHING])
  const gateway = await connect([GATEWAY, "mcp", "--server", `ev=${process.execPath} ${EVERYTHING}`])
  try {
    const expected = "Echo: bench"
    const viaGateway = async () => {
      const r = await gateway.callTool({
        name: "execute",
        arguments: { code: `return await tools.ev.echo({ message: "bench" })` },
      })
      if ((r.structuredContent as { value?: unknown } | undefined)?.value !== expected)
        throw new Error(`unexpected ${JSON.stringify(r)}`)
    }
    const viaDirect = async () => {
      const r = await direct.callTool({ name: "echo", arguments: { message: "bench" } })
      if ((r.content as Array<{ text?: string }>)[0]?.text !== expected)
        throw new Error(`unexpected ${JSON.stringify(r)}`)
    }
    // Interleaved blocks, so both see the same machine load.
    const g: Array<number> = []
    const d: Array<number> = []
    for (let block = 0; block < 3; block++) {
      g.push(...(await samples(viaGateway, runs / 3, block === 0 ? warmup : 3)))
      d.push(...(await samples(viaDirect, runs / 3, block === 0 ? warmup : 3)))
    }
    g.sort((a, b) => a - b)
    d.sort((a, b) => a - b)
    const overhead = at(g, 0.5) - at(d, 0.5)
    return [
      {
        id: "M1",
        label: "MCP execute round trip via codemode mcp (echo)",
        ours: at(g, 0.5),
        quickjs: undefined,
        v8: undefined,
        note: `p99 ${ms(at(g, 0.99))}; gateway overhead over a direct call: ${ms(overhead)} median; ${g.length} calls, stdio both hops`,
      },
      {
        id: "M1d",
        label: "MCP direct upstream call (echo, no gateway)",
        ours: at(d, 0.5),
        quickjs: undefined,
        v8: undefined,
        note: `p99 ${ms(at(d, 0.99))}`,
      },
    ]
  } finally {
    await Promise.all([direct.close(), gateway.close()])
  }
}
