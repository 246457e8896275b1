import type { Prelude } from "../../src/frontend/dialect.js"
import { rawName } from "../shared/names.js"

/**
 * DeepSeek compat (docs/dialects.md#output-and-errors, docs/dialects.md#deepseek): `ToolCallError` (an Error subclass with `.toolName`; failed tool calls
 * reject with it, so `e instanceof ToolCallError` holds) and `$deepseek.toolNames()`, the flat raw names
 * `Object.keys(tools)` gives in that system.
 */
export const prelude: Prelude = {
  globals: (tools) => ({
    ToolCallError: { kind: "errorClass", name: "ToolCallError" },
    $deepseek: {
      kind: "namespace",
      // DeepSeek's `tools` holds the host's tools only: the runtime's own search is not one of them.
      members: {
        toolNames: { kind: "function", call: () => tools.filter((p) => p[0] !== "$codemode").map(rawName) },
      },
    },
  }),
  toolFailure: { kind: "errorClass", name: "ToolCallError", toolNameField: "toolName" },
}
