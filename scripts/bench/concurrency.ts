// The concurrency rows of `npm run bench` (issue 27 "Concurrency under isolation"): `codemode mcp --http` in front
// of server-everything over stdio, driven by 1, 4 and 16 SDK clients at once, each program two upstream calls,
// per isolation mode. Prints programs/s and each program's p50/p99 round trip. BENCH_CONCURRENCY=0 skips it.
import { spawn, type ChildProcess } from "node:child_process"
import { createRequire } from "node:module"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Row } from "./measure.js"
import type { Section } from "./section.js"

const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js")
const GATEWAY = "dist/bin/codemode.js"
const PROGRAMS = 160
export const CLIENT_COUNTS = [1, 4, 16] as const
export const CONCURRENCY_MODES = ["none", "worker", "process"] as const
type Mode = (typeof CONCURRENCY_MODES)[number]

const start = (mode: Mode) =>
  new Promise<{ child: ChildProcess; url: URL }>((resolve, reject) => {
    const args = [
      GATEWAY,
      "mcp",
      "--http",
      "0",
      "--isolation",
      mode,
      "--server",
      `ev=${process.execPath} ${EVERYTHING}`,
    ]
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] })
    let seen = ""
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8")
      const match = /Streamable HTTP at (http:\/\/\S+)/.exec(seen)
      if (match && seen.includes("upstream ev: connected")) resolve({ child, url: new URL(match[1]!) })
    })
    child.once("exit", (code) => reject(new Error(`the gateway (${mode}) exited with ${code}:\n${seen}`)))
  })

/** The program of client `c`, its `p`th: two upstream calls whose answers depend on both. */
const source = (c: number | string, p: number | string) =>
  `const a = await tools.ev.echo({ message: "c${c}p${p}" })\nconst b = await tools.ev["get-sum"]({ a: ${c}, b: ${p} })\nreturn [a, b]`

/** One program, its answer checked on return. */
const program = async (client: Client, c: number, p: number): Promise<void> => {
  const code = source(c, p)
  const result = await client.callTool({ name: "execute", arguments: { code } })
  const value = (result.structuredContent as { value?: [string, string] } | undefined)?.value
  if (value?.[0] !== `Echo: c${c}p${p}` || !new RegExp(`\\b${c + p}\\b`).test(value[1]))
    throw new Error(`client ${c} program ${p}: unexpected ${JSON.stringify(result).slice(0, 300)}`)
}

export interface Level {
  readonly mode: Mode
  readonly clients: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly programs: number
}

/** `programs` programs spread over `clients` sessions, each session running its share one after another. */
const level = async (url: URL, mode: Mode, clients: number, programs: number): Promise<Level> => {
  const sessions = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new Client({ name: "bench", version: "0" })
      await client.connect(new StreamableHTTPClientTransport(url))
      return client
    }),
  )
  try {
    // Warm: each session's first program (the sandboxes, the SDK paths) is not measured.
    await Promise.all(sessions.map((client, c) => program(client, c, 1000)))
    const times: Array<number> = []
    const began = performance.now()
    await Promise.all(
      sessions.map(async (client, c) => {
        for (let p = c; p < programs; p += clients) {
          const t = performance.now()
          await program(client, c, p)
          times.push(performance.now() - t)
        }
      }),
    )
    const seconds = (performance.now() - began) / 1000
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!
    return { mode, clients, perSecond: times.length / seconds, p50: at(0.5), p99: at(0.99), programs: times.length }
  } finally {
    await Promise.all(sessions.map((s) => s.close().catch(() => {})))
  }
}

/** Every level of every mode, one gateway per mode. */
export const concurrencyLevels = async (programs: number, modes: ReadonlyArray<Mode> = CONCURRENCY_MODES) => {
  const out: Array<Level> = []
  for (const mode of modes) {
    const { child, url } = await start(mode)
    try {
      for (const clients of CLIENT_COUNTS) out.push(await level(url, mode, clients, programs))
    } finally {
      child.kill("SIGTERM")
    }
  }
  return out
}

export const concurrencyRows = async (): Promise<ReadonlyArray<Row>> => {
  const levels = await concurrencyLevels(PROGRAMS)
  const none = new Map(levels.filter((l) => l.mode === "none").map((l) => [l.clients, l]))
  return levels.map((l) => {
    const base = none.get(l.clients)
    const versus =
      l.mode === "none" || base === undefined
        ? ""
        : `; ${(l.perSecond / base.perSecond).toFixed(2)}× none's throughput, p99 ${(l.p99 / base.p99).toFixed(2)}× none's`
    return {
      id: `G${l.clients}-${l.mode}`,
      label: `${l.clients} MCP client${l.clients === 1 ? "" : "s"} over HTTP, 2 upstream calls a program, isolation ${l.mode}`,
      ours: l.p50,
      quickjs: undefined,
      v8: undefined,
      p99: { ours: l.p99 },
      note: `${l.perSecond.toFixed(1)} programs/s over ${l.programs} programs${versus}`,
    }
  })
}

/** The bench's section (registry.ts). */
export const concurrencySection: Section = {
  ids: CLIENT_COUNTS.flatMap((n) => CONCURRENCY_MODES.map((mode) => `G${n}-${mode}`)),
  shown: "G1-*, G4-*, G16-* (-none, -worker, -process)",
  what: "1, 4 and 16 MCP clients at once over HTTP: programs/s, p50/p99",
  env: "BENCH_CONCURRENCY",
  inputs: [source("C", "P"), `${PROGRAMS} programs per level`],
  run: () => concurrencyRows(),
}
