import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { renderDiagnostic } from "../diagnostic-render.js"
import type { DialectId } from "../frontend/dialect.js"
import type { RunResult } from "../runtime/run.js"
import type { Runtime } from "../runtime/types.js"

/** The one tool a code-mode server exposes. */
export const EXECUTE = "execute"

export interface ServerOptions<R = never> {
  /** The server's name in the MCP handshake; default `"codemode"`. */
  readonly name?: string | undefined
  readonly version?: string | undefined
  /** The dialect `execute`'s description (instructions and catalog) is written in; default the canonical one. */
  readonly dialect?: DialectId | undefined
  /** The services the runtime's tools need (e.g. an `HttpClient` for OpenAPI tools). */
  readonly services?: Context.Context<R> | undefined
}

/** What `registerExecute` needs: the current description and a way to run one call. */
export interface ExecuteSource {
  readonly description: () => string | Promise<string>
  readonly run: (
    args: Record<string, unknown>,
    call: { readonly server: Server; readonly signal: AbortSignal },
  ) => Promise<RunResult>
}

const INPUT_SCHEMA = {
  type: "object",
  properties: {
    code: {
      type: "string",
      description: "The program: JavaScript or TypeScript calling tools.*, in a markdown fence or bare",
    },
  },
  required: ["code"],
} as const

const OUTPUT_SCHEMA = {
  type: "object",
  properties: {
    value: { description: "The program's return value (JSON), on success" },
    error: {
      type: "object",
      description: "The diagnostic, on failure",
      properties: { kind: { type: "string" }, message: { type: "string" } },
    },
    logs: { type: "array", items: { type: "string" } },
    toolCalls: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
    truncated: { type: "boolean" },
  },
  required: ["logs", "toolCalls"],
} as const

const logLines = (logs: ReadonlyArray<string> | undefined): string =>
  logs !== undefined && logs.length > 0 ? `logs:\n${logs.map((l) => `  ${l}`).join("\n")}` : ""

/** What the frontend changed or warned about, when anything (the full receipt holds the input and code again). */
const receiptOf = (result: RunResult): { receipt?: Record<string, unknown> } => {
  const { dialect, changes, warnings } = result.receipt
  return changes.length === 0 && warnings.length === 0 ? {} : { receipt: { dialect, changes, warnings } }
}

/**
 * A run as an MCP tool result. Success: the value as JSON text (then the logs, when any) and `structuredContent`
 * `{ value, logs, toolCalls, truncated?, receipt? }` (`receipt`: the frontend's dialect, changes and warnings, when it
 * changed or warned about anything). Failure: `isError: true`, the diagnostic as text (kind, message,
 * `line:column` in the model's text with the line and a caret, suggestions, then the logs) and the same data as
 * `structuredContent` with `error` in place of `value`.
 */
export const toCallResult = (result: RunResult, source: string | undefined): CallToolResult => {
  const logs = result.logs ?? []
  const common = {
    logs: [...logs],
    toolCalls: result.toolCalls.map((c) => ({ name: c.name })),
    ...(result.truncated ? { truncated: true } : {}),
    ...receiptOf(result),
  }
  const truncated = result.truncated ? "(output truncated to the run's maxOutputBytes)" : ""
  if (result.ok) {
    const text = [JSON.stringify(result.value) ?? "null", logLines(logs), truncated].filter((t) => t !== "")
    return {
      content: text.map((t) => ({ type: "text", text: t })),
      structuredContent: { value: result.value, ...common },
    }
  }
  const text = [renderDiagnostic(result.error, source), logLines(logs), truncated].filter((t) => t !== "").join("\n")
  return { isError: true, content: [{ type: "text", text }], structuredContent: { error: result.error, ...common } }
}

const failure = (message: string): CallToolResult => ({ isError: true, content: [{ type: "text", text: message }] })

/**
 * Serves `execute` on an SDK `Server`: `tools/list` shows it with the source's current description, `tools/call`
 * runs the arguments (anything `runtime.run` accepts: `{ code }`, another envelope, fences, TypeScript, a foreign
 * dialect, a JSON call list) and maps the Result with `toCallResult`. A cancelled request interrupts the run.
 */
export const registerExecute = (server: Server, source: ExecuteSource): void => {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: EXECUTE,
        title: "Run a code-mode program",
        description: await source.description(),
        inputSchema: INPUT_SCHEMA as unknown as { type: "object" },
        outputSchema: OUTPUT_SCHEMA as unknown as { type: "object" },
      },
    ],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== EXECUTE)
      return failure(`Unknown tool "${request.params.name}": this server has one tool, "${EXECUTE}" ({ code }).`)
    const args = request.params.arguments ?? {}
    const code = typeof args["code"] === "string" ? args["code"] : undefined
    try {
      return toCallResult(await source.run(args, { server, signal: extra.signal }), code)
    } catch (e) {
      if (extra.signal.aborted) return failure("The run was cancelled by the client.")
      return failure(`The gateway could not run the program: ${e instanceof Error ? e.message : String(e)}`)
    }
  })
}

/** A fresh low-level SDK server advertising tools (with list-change notifications). */
export const newServer = (name: string, version: string, instructions?: string): Server =>
  new Server(
    { name, version },
    { capabilities: { tools: { listChanged: true } }, ...(instructions === undefined ? {} : { instructions }) },
  )

/**
 * `Mcp.server(runtime, options)`: an SDK `Server` exposing the runtime as one `execute` tool whose description is
 * `runtime.instructions({ dialect })`. Connect it to any SDK transport (`StdioServerTransport`,
 * `StreamableHTTPServerTransport`, …).
 */
export const server = <R = never>(runtime: Runtime<R>, options?: ServerOptions<R>): Server => {
  const services = options?.services ?? (Context.empty() as Context.Context<R>)
  const result = newServer(options?.name ?? "codemode", options?.version ?? "0.1.0")
  const dialect = options?.dialect
  registerExecute(result, {
    description: () => runtime.instructions(dialect === undefined ? undefined : { dialect }),
    run: (args, call) =>
      Effect.runPromiseWith(services)(runtime.run(args, dialect === undefined ? undefined : { hint: dialect }), {
        signal: call.signal,
      }),
  })
  return result
}
