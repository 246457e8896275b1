import { concurrencySection } from "./concurrency.js"
import { importSection } from "./import.js"
import { modelBytesSection } from "./model-bytes.js"
import { passthroughSection } from "./passthrough.js"
import { resumeSection } from "./resume.js"
import type { Section } from "./section.js"
import { typecheckSection } from "./typecheck.js"
import { pythonSection } from "./python.js"

/**
 * Bench sections beyond the bench's own (sections.ts), in the order they run. To add rows: write a module under
 * scripts/bench/ exporting a `Section` (ids, what, optional inputs, run returning `Row`s), add it to this list, then
 * `npm run build && node dist/scripts/bench.js --only <your ids>` measures only those rows and rewrites their part of
 * docs/performance.md (the other rows keep their figures).
 */
export const REGISTERED: ReadonlyArray<Section> = [
  modelBytesSection,
  concurrencySection,
  resumeSection,
  typecheckSection,
  pythonSection,
  passthroughSection,
  importSection,
]
