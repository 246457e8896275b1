import type { Dialect } from "../src/frontend/dialect.js"
import { dialect as anthropic } from "./anthropic/index.js"
import { dialect as smolagents } from "./smolagents/index.js"
import { dialect as monty } from "./monty/index.js"

/**
 * The Python dialects (docs/python.md#dialects): detected by the Python frontend from the program text, so they are
 * not in the JavaScript detectors' registry (dialects/index.ts); listed with it for instructions and dialect ids.
 */
export const pythonDialects: ReadonlyArray<Dialect> = [anthropic, smolagents, monty]
