import type { Dialect } from "../../src/frontend/dialect.js"
import { spellFlat } from "../shared/brackets.js"
import { detect } from "./detect.js"
import { instructions } from "./instructions.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"

/** DeepSeek harness `run_code` (dsh-0.1.1-rc.2, DIALECTS.md §2.6). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "deepseek",
  title: "DeepSeek harness run_code",
  envelope: {
    codeFields: ["code"],
    // §3.1: `description` is a UI label, never code: reported in the receipt, no execution option.
    optionFields: {
      description: (value) => ({
        warning: `description ${JSON.stringify(typeof value === "string" ? value : String(value))} is a label, not code; reported only`,
      }),
    },
  },
  typescript: true,
  detect,
  naming: { spell: spellFlat },
  rewrites,
  prelude,
  // §4: a Node worker offers these; canonical does not.
  unsupportedGlobals: {
    setTimeout: "no timers: do the work inline",
    clearTimeout: "no timers: do the work inline",
    setInterval: "no timers: do the work inline",
    clearInterval: "no timers: do the work inline",
    fetch: "no network: call a tool",
    Headers: "no network: call a tool",
    Request: "no network: call a tool",
    Response: "no network: call a tool",
    FormData: "no network: call a tool",
    process: "no Node runtime here",
    Buffer: "no Node runtime here: use strings",
    require: "no modules: call a tool",
  },
  instructions,
}
