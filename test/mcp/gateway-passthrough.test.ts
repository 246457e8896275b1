import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ElicitRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, DYNAMIC, EVERYTHING, launchGateway, stop } from "./fixtures/gateway.js"

/**
 * `codemode mcp --mode passthrough|both` as a client that cannot write code uses it: the built executable, the SDK's
 * own Client over Streamable HTTP (both) and stdio (passthrough), in front of server-everything (itself over HTTP or
 * stdio) and the dynamic fixture server, whose `write` needs approval and whose `written` shows what reached it.
 */
const children: Array<ChildProcess> = []
const clients: Array<Client> = []
let url: URL
let plain: Client

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port
      probe.close(() => resolve(port))
    })
  })

/** A client over HTTP; with `answer`, one that declares elicitation and answers each approval question with it. */
const connect = async (answer?: (message: string) => "allow" | "decline") => {
  const client = new Client(
    { name: "passthrough-test", version: "0" },
    answer ? { capabilities: { elicitation: { form: {} } } } : {},
  )
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (request) =>
      answer(request.params.message) === "allow"
        ? { action: "accept", content: { allow: true } }
        : { action: "decline" },
    )
  await client.connect(new StreamableHTTPClientTransport(url))
  clients.push(client)
  return client
}

const call = async (name: string, args: Record<string, unknown>, on = plain) => {
  const result = (await on.callTool({ name, arguments: args })) as CallToolResult
  return { ...result, text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n") }
}
const structured = (result: { structuredContent?: unknown }) => result.structuredContent as any

beforeAll(async () => {
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [EVERYTHING, "streamableHttp"], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    })
    children.push(child)
    let seen = ""
    child.stderr!.on(
      "data",
      (chunk: Buffer) => ((seen += chunk.toString("utf8")), /listening on port/.test(seen) && resolve()),
    )
    child.once("exit", (code) => reject(new Error(`server-everything exited with ${code}:\n${seen}`)))
  })
  const gateway = await launchGateway([
    "--mode",
    "both",
    "--server",
    `ev=http://127.0.0.1:${port}/mcp`,
    "--server",
    `dyn=${process.execPath} ${DYNAMIC}`,
    "--approve",
    "dyn.write",
    "--isolation",
    "none",
    "--timeout",
    "10000",
  ])
  children.push(gateway.child)
  url = gateway.url
  plain = await connect()
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  await Promise.all(children.map(stop))
})

describe("codemode mcp --mode both over Streamable HTTP", () => {
  it("lists execute, search and invoke; search and invoke describe the catalog by namespace", async () => {
    const { tools } = await plain.listTools()
    expect(tools.map((t) => t.name)).toEqual(["execute", "search", "invoke"])
    const invoke = tools.find((t) => t.name === "invoke")!
    expect(invoke.inputSchema.required).toEqual(["tool"])
    expect(invoke.description).toMatch(/dyn \(5 tools\), ev \(\d+ tools\)/)
    expect(invoke.description).toContain("use execute instead")
  })

  it("ranks search results as tools.$codemode.search does, each with the input schema invoke checks", async () => {
    const query = "sum of two numbers"
    const found = structured(await call("search", { query, limit: 3 }))
    expect(found.items[0]).toMatchObject({
      tool: "ev.get-sum",
      description: "Returns the sum of two numbers",
      input: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    })
    const inProgram = structured(
      await call("execute", {
        code: `return await tools.$codemode.search({ query: ${JSON.stringify(query)}, limit: 3 })`,
      }),
    ).value
    expect(found.items.map((i: { tool: string }) => `tools.${i.tool}`)).toEqual(
      inProgram.items.map((i: { path: string }) => i.path.replace(/\["([^"]+)"\]/g, ".$1")),
    )
    expect(found.remaining).toBe(inProgram.remaining)
  })

  it("pages a browse by limit and offset, and refuses a page larger than the bound", async () => {
    const first = structured(await call("search", { query: "", limit: 2 }))
    expect(first.items).toHaveLength(2)
    const second = structured(await call("search", { query: "", limit: 2, offset: first.next.offset }))
    expect(second.items.map((i: { tool: string }) => i.tool)).not.toContain(first.items[0].tool)
    expect(second.remaining).toBe(first.remaining - 2)
    const tooMany = await call("search", { query: "", limit: 500 })
    expect(tooMany.isError).toBe(true)
    expect(tooMany.text).toMatch(/^InvalidToolInput: search: limit is at most 20, got 500/)
    const wrongField = await call("search", { keywords: "sum" })
    expect(wrongField.text).toMatch(
      /search takes \{ query, namespace\?, limit\?, offset\? \}; it has no field "keywords"/,
    )
  })

  it("invokes one tool with valid input, by its search name or its program spelling", async () => {
    for (const tool of ["ev.get-sum", 'tools.ev["get-sum"]']) {
      const result = await call("invoke", { tool, input: { a: 2, b: 3 } })
      expect(result.isError).toBeFalsy()
      expect(structured(result)).toEqual({ ok: true, value: "The sum of 2 and 3 is 5." })
      expect((result._meta as any)["codemode-polyglot/run"].toolCalls).toEqual([{ name: "ev.get-sum" }])
    }
  })

  it("refuses invalid input with the path of the bad field, and nothing reaches the upstream", async () => {
    const bad = await call("invoke", { tool: "ev.get-sum", input: { a: 2, b: "3" } })
    expect(bad.isError).toBe(true)
    expect(bad.text).toBe("InvalidToolInput: Invalid input for tool 'ev.get-sum': /b: must be number")
    const missing = await call("invoke", { tool: "dyn.write", input: {} })
    expect(missing.text).toMatch(/^InvalidToolInput: Invalid input for tool 'dyn.write': .*value/)
    expect(structured(await call("invoke", { tool: "dyn.written" })).value).toEqual({ values: [] })
  })

  it("holds an approval-gated tool for the client's answer, as a call in a program is held", async () => {
    const questions: Array<string> = []
    const yes = await connect((message) => (questions.push(message), "allow"))
    const no = await connect(() => "decline")
    const allowed = await call("invoke", { tool: "dyn.write", input: { value: "approved" } }, yes)
    expect(structured(allowed)).toEqual({ ok: true, value: "ok" })
    expect(questions).toEqual(['Allow tools.dyn.write({"value":"approved"})?'])
    const declined = await call("invoke", { tool: "dyn.write", input: { value: "declined" } }, no)
    expect(declined.isError).toBe(true)
    expect(declined.text).toMatch(/^ToolFailure: .*denied: the user declined/)
    const cannot = await call("invoke", { tool: "dyn.write", input: { value: "unasked" } })
    expect(cannot.text).toMatch(/does not support elicitation/)
    expect(structured(await call("invoke", { tool: "dyn.written", input: {} })).value).toEqual({ values: ["approved"] })
  })

  it("names near matches for a tool that does not exist", async () => {
    for (const tool of ["ev.gte-sum", "sum"]) {
      const result = await call("invoke", { tool, input: { a: 1, b: 2 } })
      expect(result.isError).toBe(true)
      expect(result.text).toMatch(
        new RegExp(`^UnknownTool: Unknown tool '${tool}'\\. Near matches: [^\\n]*ev\\.get-sum`),
      )
      expect(structured(result).error.at).toBeUndefined()
    }
  })

  it("reads the argument names weak models use, and says so in the notes", async () => {
    const result = await call("invoke", { name: "ev.echo", args: '{"message":"hi"}' })
    expect(structured(result)).toEqual({
      ok: true,
      value: "Echo: hi",
      notes: ['"name" read as tool', '"args" read as input', "input given as JSON text, parsed"],
    })
  })

  it("answers empty and shell-style calls with what to send instead, pointing execute's to invoke", async () => {
    const empty = await call("invoke", {})
    expect(empty.text).toMatch(/^InvalidToolInput: No tool named: got no fields\.\nfix: invoke takes \{ "tool"/)
    const shell = await call("invoke", { command: "ls -la" })
    expect(shell.text).toMatch(/The "command" field looks like a command or a program/)
    const noProgram = await call("execute", {})
    expect(noProgram.text).toMatch(/^ParseError: No program found in the fields \(none\)/)
    expect(noProgram.text).toMatch(/fix: .*use invoke with \{ "tool": "<name from search>", "input"/)
    // The exec arguments of openclaw/openclaw#126390, sent to a code tool
    const command = await call("execute", { command: "node --version", workdir: "" })
    expect(command.text).toMatch(/^ParseError: What arrived is a shell command \(node --version\)/)
    expect(command.text).toMatch(/use invoke/)
  })
})

describe("codemode mcp --mode passthrough over stdio", () => {
  let client: Client
  beforeAll(async () => {
    client = new Client({ name: "passthrough-stdio-test", version: "0" })
    clients.push(client)
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", "--mode", "passthrough", "--server", `everything=${process.execPath} ${EVERYTHING}`],
        stderr: "ignore",
      }),
    )
  }, 60_000)

  it("lists only search and invoke, and says so to a call of execute", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["search", "invoke"])
    expect(tools[1]!.description).not.toContain("execute")
    const result = await call("execute", { code: "return 1" }, client)
    expect(result.isError).toBe(true)
    expect(result.text).toBe(
      'Unknown tool "execute": this server has "search" ({ query }) and "invoke" ({ tool, input }).',
    )
  })

  it("finds a tool and calls it through the default process isolation", async () => {
    const found = structured(await call("search", { query: "echo message" }, client))
    expect(found.items[0].tool).toBe("everything.echo")
    const result = await call("invoke", { tool: found.items[0].tool, input: { message: "over stdio" } }, client)
    expect(structured(result)).toEqual({ ok: true, value: "Echo: over stdio" })
  })
})
