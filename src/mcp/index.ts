// `codemode-polyglot/mcp`: code mode over MCP. `Mcp.tools(client)` turns a connected SDK client's tools into a tool
// subtree; `Mcp.server(runtime)` serves a runtime as one `execute` tool. See docs/mcp.md.
export { tools, type ToolsOptions, type ListedTool } from "./tools.js"
export { server, type ServerOptions } from "./server.js"
export { mapResult, type CallResult } from "./content.js"
export * as Mcp from "./api.js"
