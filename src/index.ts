// The public API: namespaces only (docs/style.md#habits, habit 9). Everything else under src/ is internal.
export * as Tool from "./Tool.js"
export { ToolError, toolError } from "./tool/ToolError.js"
export * as CodeMode from "./CodeMode.js"
export * as OpenAPI from "./OpenAPI.js"
export * as Frontend from "./Frontend.js"
export * as Store from "./Store.js"
