import type { Dialect } from "../../src/frontend/dialect.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { naming } from "./naming.js"
import { rewrites } from "./rewrites.js"

/** `@tanstack/ai-code-mode` 0.3.4 (docs/dialects.md#tanstack). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "tanstack",
  title: "TanStack @tanstack/ai-code-mode",
  envelope: { codeFields: ["typescriptCode"] },
  typescript: true,
  detect,
  scan,
  naming,
  rewrites,
  // The result is JSON round-tripped (docs/dialects.md#tanstack): functions and `undefined` properties vanish.
  result: "json",
  // No prelude: failures are plain `Error(message)` there, as in canonical, and there are no helpers.
  unsupportedGlobals: {},
  instructions,
}
