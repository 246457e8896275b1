/**
 * What the bundled sandbox starts (scripts/bundle.ts builds `dist/bin/sandbox.js` from it): `boot.ts`, with
 * `sandbox.ts` loaded from `sandbox.cjs` next to it, one CommonJS file with the code cache the build made for it
 * (src/compiled.ts). The priority is lowered first, as in boot.ts.
 */
import { setPriority } from "node:os"
import { loadCompiled } from "../compiled.js"
import { watchParent } from "./parent-watch.js"
import { SANDBOX_NICENESS } from "./protocol.js"

try {
  setPriority(SANDBOX_NICENESS)
} catch {}
watchParent()

loadCompiled(new URL("./sandbox.cjs", import.meta.url))
