import type { Dialect } from "../../src/frontend/dialect.js"
import { dialect as cloudflare } from "../../dialects/cloudflare/index.js"

/** The foreign dialects of this area, in DIALECTS.md §5.2 priority order where it matters. */
export const foreign: ReadonlyArray<Dialect> = [cloudflare]
