import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerNotification,
} from "@modelcontextprotocol/sdk/types.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { forModel, modelItems } from "../runtime/model-output.js"
import type { DialectId } from "../frontend/dialect.js"
import type { RunOptions, RunResult } from "../runtime/run.js"
import { requestRunOptions } from "./progress.js"
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

/** One `tools/call` as the served tool sees it: who asked, how to cancel, the session, progress and tracing. */
export interface ToolCallContext {
  readonly server: Server
  readonly signal: AbortSignal
  /** The transport's MCP session (`mcp-session-id` over HTTP); absent on stdio and stateless transports. */
  readonly sessionId?: string | undefined
  /** Progress and log notifications for this request, and its trace parent (progress.ts). */
  readonly observe: Pick<RunOptions, "onEvent" | "traceContext">
}

/** The context of one `tools/call` request as the SDK hands it to a handler. */
export const toolCallContext = (
  server: Server,
  request: { readonly params: { readonly _meta?: Record<string, unknown> | undefined } },
  extra: {
    readonly signal: AbortSignal
    readonly sessionId?: string | undefined
    readonly sendNotification: (notification: ServerNotification) => Promise<void>
  },
): ToolCallContext => ({
  server,
  signal: extra.signal,
  sessionId: extra.sessionId,
  observe: requestRunOptions(server, {
    meta: request.params._meta,
    notify: (notification) => extra.sendNotification(notification as ServerNotification),
    sessionId: extra.sessionId,
  }),
})

/** A tool served beside (or instead of) `execute`: the gateway's `search` and `invoke` (`--mode`). */
export interface ServedTool {
  readonly name: string
  readonly title: string
  readonly description: () => string | Promise<string>
  readonly inputSchema: { readonly type: "object" } & Record<string, unknown>
  readonly outputSchema?: ({ readonly type: "object" } & Record<string, unknown>) | undefined
  /** Its arguments as the unknown-tool message shows them, e.g. `{ tool, input }`. */
  readonly usage: string
  readonly call: (args: Record<string, unknown>, call: ToolCallContext) => Promise<CallToolResult>
}

/** What `registerExecute` needs: the current description and a way to run one call. */
export interface ExecuteSource {
  readonly description: () => string | Promise<string>
  readonly run: (args: Record<string, unknown>, call: ToolCallContext) => Promise<RunResult>
  /** Whether `execute` is listed and served; default true (`codemode mcp --mode passthrough` serves only `tools`). */
  readonly execute?: boolean | undefined
  /** Tools served after `execute` (and before `resume`). */
  readonly tools?: ReadonlyArray<ServedTool> | undefined
  /**
   * The `resume` tool (`codemode mcp --defer`): continues a run waiting for approval, with the decision a person
   * recorded out of band. It takes only the token: the model can never decide.
   */
  readonly resume?: ((token: string, call: ToolCallContext) => Promise<RunResult>) | undefined
}

/** The gateway's second tool under `--defer`. */
export const RESUME = "resume"

const RESUME_SCHEMA = {
  type: "object",
  properties: { token: { type: "string", description: "The resume token of an ApprovalPending result" } },
  required: ["token"],
} as const

const RESUME_DESCRIPTION =
  "Continue a program that stopped with ApprovalPending, once a person has decided on the waiting call. Pass the " +
  "resume token from that result. If no one has decided yet, the answer says it is still pending: try again later."

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
    ok: { type: "boolean" },
    value: { description: "The program's return value (JSON), on success" },
    error: {
      type: "object",
      description: "The diagnostic, on failure: what is wrong, where (line:column) and what to write instead",
      properties: {
        kind: { type: "string" },
        message: { type: "string" },
        at: { type: "string" },
        fix: { type: "string" },
        resumeToken: { type: "string", description: "ApprovalPending: pass it to the resume tool" },
      },
      required: ["kind", "message"],
    },
    logs: { type: "array", items: { type: "string" } },
    notes: { type: "array", items: { type: "string" }, description: "Short notes on repairs made to the program" },
    truncated: { type: "boolean" },
    notifications: {
      type: "array",
      items: { type: "string" },
      description: "Messages the program sent apart from its output (Codex notify), in order",
    },
  },
  required: ["ok"],
} as const

/** Where the host finds the whole run (tool calls, full logs, receipt): the result's `_meta`, never the model's text. */
export const RESULT_META_KEY = "codemode-polyglot/run"

/**
 * A run as an MCP tool result (docs/model-output.md). The model-facing parts are small: `content` is the compact text
 * (the value as JSON or the diagnostic with `line:column` and its fix, the logs, one `note:` line), after one item
 * per Codex `notify` message, and
 * `structuredContent` the same as data. The host's record — tool calls, all logs, the receipt — is in
 * `_meta["codemode-polyglot/run"]`. A failure sets `isError: true`.
 */
export const toCallResult = (result: RunResult, _source?: string | undefined): CallToolResult => {
  const output = forModel(result)
  const meta = {
    [RESULT_META_KEY]: {
      toolCalls: result.toolCalls.map((c) => ({ name: c.name })),
      logs: [...(result.logs ?? [])],
      receipt: result.receipt,
    },
  }
  return {
    ...(result.ok ? {} : { isError: true }),
    // A Codex `notify` message is a text item of its own, before the run's text (docs/model-output.md).
    content: modelItems(output).map((text) => ({ type: "text" as const, text })),
    structuredContent: output as unknown as Record<string, unknown>,
    _meta: meta,
  }
}

const failure = (message: string): CallToolResult => ({ isError: true, content: [{ type: "text", text: message }] })

/**
 * Serves `execute` on an SDK `Server`: `tools/list` shows it with the source's current description, `tools/call`
 * runs the arguments (anything `runtime.run` accepts: `{ code }`, another envelope, fences, TypeScript, a foreign
 * dialect, a JSON call list) and maps the Result with `toCallResult`. A cancelled request interrupts the run.
 */
export const registerExecute = (server: Server, source: ExecuteSource): void => {
  const served = source.tools ?? []
  const executed = source.execute !== false
  // What an unknown name is told: every tool this server has, with its arguments.
  const names = [
    ...(executed ? [`"${EXECUTE}" ({ code })`] : []),
    ...served.map((t) => `"${t.name}" (${t.usage})`),
    ...(source.resume === undefined ? [] : [`"${RESUME}" ({ token })`]),
  ]
  const has =
    names.length === 1 ? `one tool, ${names[0]}` : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...(executed
        ? [
            {
              name: EXECUTE,
              title: "Run a code-mode program",
              description: await source.description(),
              inputSchema: INPUT_SCHEMA as unknown as { type: "object" },
              outputSchema: OUTPUT_SCHEMA as unknown as { type: "object" },
            },
          ]
        : []),
      ...(await Promise.all(
        served.map(async (t) => ({
          name: t.name,
          title: t.title,
          description: await t.description(),
          inputSchema: t.inputSchema,
          ...(t.outputSchema === undefined ? {} : { outputSchema: t.outputSchema }),
        })),
      )),
      ...(source.resume === undefined
        ? []
        : [
            {
              name: RESUME,
              title: "Continue a program waiting for approval",
              description: RESUME_DESCRIPTION,
              inputSchema: RESUME_SCHEMA as unknown as { type: "object" },
              outputSchema: OUTPUT_SCHEMA as unknown as { type: "object" },
            },
          ]),
    ],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name
    const resume = name === RESUME ? source.resume : undefined
    const other = served.find((t) => t.name === name)
    if ((name !== EXECUTE || !executed) && resume === undefined && other === undefined)
      return failure(`Unknown tool "${name}": this server has ${has}.`)
    const args = request.params.arguments ?? {}
    if (resume !== undefined && typeof args["token"] !== "string")
      return failure(`"${RESUME}" takes { token }: the resume token of an ApprovalPending result.`)
    try {
      const call = toolCallContext(server, request, extra)
      if (other !== undefined) return await other.call(args, call)
      return toCallResult(await (resume === undefined ? source.run(args, call) : resume(args["token"] as string, call)))
    } catch (e) {
      if (extra.signal.aborted) return failure("The run was cancelled by the client.")
      return failure(`The gateway could not run the program: ${e instanceof Error ? e.message : String(e)}`)
    }
  })
}

/** A fresh low-level SDK server advertising tools (with list-change notifications) and logging (console lines). */
export const newServer = (name: string, version: string, instructions?: string): Server =>
  new Server(
    { name, version },
    {
      capabilities: { tools: { listChanged: true }, logging: {} },
      ...(instructions === undefined ? {} : { instructions }),
    },
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
  // One server is one client connection: its runs share one session (docs/sessions.md), ended with the connection.
  const session = runtime.session()
  registerExecute(result, {
    description: () => runtime.instructions(dialect === undefined ? undefined : { dialect }),
    run: (args, call) =>
      Effect.runPromiseWith(services)(session.run(args, { ...call.observe, ...(dialect && { hint: dialect }) }), {
        signal: call.signal,
      }),
  })
  const previous = result.onclose
  result.onclose = () => {
    previous?.()
    void session.close()
  }
  return result
}
