import type { Dialect } from "../../src/frontend/dialect.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"
import { spellFlat } from "../shared/brackets.js"

/** `@ai-sdk/code-mode` 1.0.42 (docs/dialects.md#vercel). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "vercel",
  title: "Vercel AI SDK @ai-sdk/code-mode",
  envelope: { codeFields: ["js"] },
  typescript: true,
  detect,
  scan,
  naming: { spell: spellFlat },
  rewrites,
  prelude,
  // Only JSON-serializable results reach the model (docs/dialects.md#vercel): a function in the result is dropped, not an error.
  result: "json",
  asyncCalls: ["$vercel.tool_search"],
  instructions,
}
