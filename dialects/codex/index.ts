import type { Dialect } from "../../src/frontend/dialect.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { naming } from "./naming.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"

/** OpenAI Codex `exec` (crate `codex-rs/code-mode`, docs/dialects.md#codex). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "codex",
  title: "OpenAI Codex exec (code mode)",
  // Raw text is the usual envelope (the frontend treats a bare string as code); Chat wire sends `{ code }`.
  envelope: { codeFields: ["code"] },
  typescript: false,
  detect,
  scan,
  naming,
  rewrites,
  prelude,
  // A cell ends when its body completes: pending timers never fire, calls in flight are cancelled (README.md table).
  end: "body",
  // docs/dialects.md#codex and #foreign-globals: Codex-only helpers with no canonical equivalent.
  unsupportedGlobals: {
    forward_output: "use console.log or return; output arrives when the program ends",
    audio: "not available",
    generatedImage: "not available; image(block) is the closest",
  },
  instructions,
}
