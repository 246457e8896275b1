import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { main } from "../../src/cli/cli.js"
import { parseConfig, parseServerFlag } from "../../src/mcp/gateway/config.js"
import { splitCommand } from "../../src/mcp/gateway/split.js"

/** What /bin/sh makes of a line (printf prints one argument per line, NUL-free here). */
const shellSplit = (line: string): Array<string> => {
  const out = spawnSync("/bin/sh", ["-c", `for a in ${line}; do printf '%s\\0' "$a"; done`], { encoding: "utf8" })
  return out.stdout.split("\0").slice(0, -1)
}

describe("splitCommand", () => {
  const lines = [
    "npx -y @modelcontextprotocol/server-filesystem /data",
    "node '/path with spaces/server.js' --flag=1",
    'node "/a \\"quoted\\" dir/x.js" --name="two words"',
    "cmd a\\ b 'it'\\''s' \"\"  ''",
    'python -m server --opt="x\\\\y" plain\\"quote',
    "  leading   and\ttabs  ",
    "mixed'single'\"double\"bare",
  ]
  it.each(lines)("splits %s as /bin/sh does", (line) => {
    expect(splitCommand(line)).toEqual(shellSplit(line))
  })

  it.each([
    ["node 'open", /unterminated single quote/],
    ['node "open', /unterminated double quote/],
    ["a | b", /shell operator "\|"/],
    ["cd x && y", /shell operator "&"/],
    ["node $HOME/x.js", /no variable or command substitution/],
    ['node "$HOME"', /no variable or command substitution/],
    ["ls *.js", /glob character "\*"/],
    ["node ~/x.js", /"~"/],
    ["trailing \\", /trailing backslash/],
  ])("refuses %s instead of passing it on", (line, message) => {
    expect(() => splitCommand(line)).toThrow(message)
  })
})

describe("--server and --config", () => {
  it("reads NAME=COMMAND and NAME=URL", () => {
    expect(parseServerFlag("fs=npx -y pkg '/my data'")).toEqual({
      kind: "stdio",
      name: "fs",
      command: "npx",
      args: ["-y", "pkg", "/my data"],
    })
    expect(parseServerFlag("api=https://example.com/mcp")).toEqual({
      kind: "http",
      name: "api",
      url: "https://example.com/mcp",
    })
    expect(() => parseServerFlag("no-equals")).toThrow(/NAME=COMMAND or NAME=URL/)
    expect(() => parseServerFlag("a.b=x")).toThrow(/cannot contain "\."/)
  })

  it("reads the mcpServers format, with file:line:column on mistakes", () => {
    const text = JSON.stringify(
      {
        mcpServers: {
          fs: { command: "npx", args: ["-y", "pkg"], env: { A: "1" } },
          api: { type: "http", url: "http://localhost:1/mcp", headers: { Authorization: "Bearer x" } },
          off: { command: "nothing", disabled: true },
        },
      },
      null,
      2,
    )
    const warnings: Array<string> = []
    expect(parseConfig("mcp.json", text, (w) => warnings.push(w))).toEqual([
      { kind: "stdio", name: "fs", command: "npx", args: ["-y", "pkg"], env: { A: "1" } },
      { kind: "http", name: "api", url: "http://localhost:1/mcp", headers: { Authorization: "Bearer x" } },
    ])
    expect(warnings).toEqual([])
    const bad = '{\n  "mcpServers": {\n    "ok": { "command": "x" },\n    "broken": { "args": ["y"] }\n  }\n}'
    expect(() => parseConfig("mcp.json", bad, () => {})).toThrow(/^mcp\.json:4:5: server "broken" needs "command"/)
    expect(() => parseConfig("mcp.json", '{\n  "mcpServers": {,}\n}', () => {})).toThrow(
      /^mcp\.json:2:\d+: not valid JSON/,
    )
    expect(() => parseConfig("mcp.json", '{ "servers": {} }', () => {})).toThrow(/expected \{ "mcpServers"/)
    const sse = '{ "mcpServers": { "old": { "type": "sse", "url": "http://x/sse" } } }'
    expect(() => parseConfig("mcp.json", sse, () => {})).toThrow(/SSE/)
    const extra = '{ "mcpServers": { "fs": { "command": "x", "autoApprove": [] } } }'
    parseConfig("mcp.json", extra, (w) => warnings.push(w))
    expect(warnings).toEqual(['mcp.json:1:19: server "fs": ignoring "autoApprove"'])
  })

  it("gives usage errors before starting anything", async () => {
    const err: Array<string> = []
    const io = { out: () => {}, err: (t: string) => void err.push(t), readStdin: async () => "" }
    expect(await main(["mcp"], io)).toBe(2)
    expect(err.join("")).toMatch(/mcp needs upstreams/)
    err.length = 0
    expect(await main(["mcp", "--server", "a=x", "--server", "a=y"], io)).toBe(2)
    expect(err.join("")).toMatch(/"a" is given twice/)
    err.length = 0
    expect(await main(["mcp", "--server", "a=x", "--dialect", "klingon"], io)).toBe(2)
    expect(err.join("")).toMatch(/unknown dialect "klingon"/)
    err.length = 0
    expect(await main(["mcp", "--server", "a=x", "--mode", "direct"], io)).toBe(2)
    expect(err.join("")).toMatch(/--mode must be code, passthrough or both, got "direct"/)
    err.length = 0
    expect(await main(["mcp", "--openapi", "spec.json", "--shape", "aws"], io)).toBe(2)
    expect(err.join("")).toMatch(/unknown --shape "aws" \(known: cloudflare\)/)
    err.length = 0
    expect(await main(["mcp", "--server", "a=x", "--shape", "cloudflare"], io)).toBe(2)
    expect(err.join("")).toMatch(/--shape cloudflare needs --openapi <spec.json>/)
    const help: Array<string> = []
    expect(await main(["mcp", "--help"], { ...io, out: (t) => void help.push(t) })).toBe(0)
    expect(help.join("")).toMatch(/--server NAME=COMMAND/)
    expect(help.join("")).toMatch(/--mode <mode> +what the gateway serves/)
    expect(help.join("")).toMatch(/--shape cloudflare +serve Cloudflare's two OpenAPI tools instead of execute/)
  })
})
