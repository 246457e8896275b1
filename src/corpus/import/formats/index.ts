import type { TranscriptFormat } from "../types.js"

/** The transcript formats `codemode corpus import` detects, tried in this order. */
export const FORMATS: ReadonlyArray<TranscriptFormat> = []
