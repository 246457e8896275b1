/**
 * Issue 9 item 5: random parser inputs (valid generated programs, edited ones, random text, mutated escapes) through
 * Frontend.normalize and execute, 0 crashes. In `npm test` 5,000 inputs in two files of 2,500 (the 100,000: FUZZ_SCALE=20 or npm run fuzz), each file
 * (half 2, its own seed) so vitest's two workers share them.
 */
import { describe } from "vitest"
import { count, SEED } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("parser", count(2_500), SEED + 2))
