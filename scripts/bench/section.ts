import { createHash } from "node:crypto"
import type { Row } from "./measure.js"

/** One group of bench rows: the ids it prints (for `--only`, `--help` and docs/performance.md), what it measures, how. */
export interface Section {
  readonly ids: ReadonlyArray<string>
  /** How `--help` names the ids, when listing them all is too long. */
  readonly shown?: string
  readonly what: string
  /** An environment switch that skips the section when set to "0". */
  readonly env?: string
  /** What the rows run (program texts, sizes): part of the definition, so a change makes the document stale. */
  readonly inputs?: ReadonlyArray<string>
  readonly run: (rows: ReadonlyArray<Row>, want: (id: string) => boolean) => Promise<ReadonlyArray<Row>>
}

/**
 * A section's definition as 12 hex digits: its ids, description and inputs (not its code, whose text differs between
 * compilers). docs/performance.md records it per section; test/repo/performance-doc.test.ts fails on a mismatch.
 */
export const fingerprint = (section: {
  readonly ids: ReadonlyArray<string>
  readonly what: string
  readonly inputs?: ReadonlyArray<string> | undefined
}): string =>
  createHash("sha256")
    .update(JSON.stringify([section.ids, section.what, section.inputs ?? []]))
    .digest("hex")
    .slice(0, 12)
