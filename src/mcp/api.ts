// The `Mcp` namespace of `codemode-polyglot/mcp`.
export { tools, type ToolsOptions, type ListedTool } from "./tools.js"
export { server, type ServerOptions } from "./server.js"
export { mapResult, type CallResult } from "./content.js"
