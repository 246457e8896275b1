import type { Dialect } from "../../src/frontend/dialect.js"
import { detect, scan } from "./detect.js"
import { instructions } from "./instructions.js"
import { naming } from "./naming.js"
import { prelude } from "./prelude.js"
import { rewrites } from "./rewrites.js"

/** `@cloudflare/codemode` 0.5.6 (docs/dialects.md#cloudflare). Mapping table: ./README.md. */
export const dialect: Dialect = {
  id: "cloudflare",
  title: "Cloudflare @cloudflare/codemode",
  envelope: { codeFields: ["code"] },
  typescript: false,
  detect,
  scan,
  naming,
  rewrites,
  prelude,
  asyncCalls: ["codemode.search", "codemode.describe"],
  // docs/dialects.md#foreign-globals: what a Cloudflare Worker offers that canonical does not; the reference stays, the model is told instead.
  unsupportedGlobals: {
    fetch: "no network: call a tool",
    require: "no modules: call a tool",
  },
  instructions,
}
