import type { Dialect } from "../../src/frontend/dialect.js"
import { RUNTIME_UNSUPPORTED } from "../../src/frontend/unsupported.js"
import { spellFlat } from "../shared/brackets.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"

/** The canonical runtime's advice (src/frontend/unsupported.ts) for globals this host also offers. */
const runtimeAdvice = (names: ReadonlyArray<string>): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, RUNTIME_UNSUPPORTED[name]!]))

/** DeepSeek harness `run_code` (dsh-0.1.1-rc.2, docs/dialects.md#deepseek). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "deepseek",
  title: "DeepSeek harness run_code",
  envelope: {
    codeFields: ["code"],
    // docs/dialects.md#envelope: `description` is a UI label, never code: reported in the receipt, no execution option.
    optionFields: {
      description: (value) => ({
        warning: `description ${JSON.stringify(typeof value === "string" ? value : String(value))} is a label, not code; reported only`,
      }),
    },
  },
  typescript: true,
  detect,
  scan,
  naming: { spell: spellFlat },
  rewrites,
  prelude,
  // docs/dialects.md#foreign-globals: a Node worker offers these; canonical does not. Same advice as the runtime table, except the Node ones.
  unsupportedGlobals: {
    // Timers are the interpreter's own now (never warned).
    ...runtimeAdvice(["fetch", "Headers", "Request", "Response", "FormData"]),
    process: "no Node runtime here",
    Buffer: "no Node runtime here: use strings",
    require: "no modules: call a tool",
  },
  instructions,
}
