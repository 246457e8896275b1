import type { Dialect, ExecutionOptions } from "../../src/frontend/dialect.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { naming } from "./naming.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"

const MAX_TIMEOUT = 2_147_483_647

/** A positive integer option (numeric strings accepted), or a warning naming the field. */
const positive = (field: string, value: unknown, to: (n: number) => ExecutionOptions) => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
    return { warning: `${field} must be a positive integer; ${JSON.stringify(value)} ignored` }
  return { options: to(n) }
}

/** `@utcp/code-mode` 1.2.12 (docs/dialects.md#utcp). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "utcp",
  title: "UTCP @utcp/code-mode",
  envelope: {
    codeFields: ["code"],
    optionFields: {
      // docs/dialects.md#pitfalls: UTCP `timeout` is milliseconds (default 30000), unlike pre-0.99 Pi seconds.
      timeout: (value) => positive("timeout", value, (n) => ({ timeoutMs: Math.min(n, MAX_TIMEOUT) })),
      // Characters upstream; applied as UTF-8 bytes, which is never more output than asked for.
      max_output_size: (value) => positive("max_output_size", value, (n) => ({ maxOutputBytes: n })),
    },
  },
  typescript: false,
  detect,
  scan,
  naming,
  rewrites,
  prelude,
  asyncCalls: ["__getToolInterface"],
  synchronousTools: true,
  unsupportedGlobals: {},
  instructions,
}
