/**
 * Issue 9 item 5: random parser inputs (valid generated programs, edited ones, random text, mutated escapes) through
 * Frontend.normalize and execute, 0 crashes. 40,000 inputs in `npm test` (100,000 in `npm run fuzz`) in two files (half 2, its own seed) so vitest's two
 * workers share them.
 */
import { describe } from "vitest"
import { count, SEED } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("parser", count(20_000), SEED + 2))
