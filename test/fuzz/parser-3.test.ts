/**
 * Issue 9 item 5: random parser inputs (valid generated programs, edited ones, random text, mutated escapes) through
 * Frontend.normalize and execute, 0 crashes. In `npm test` 10,000 inputs in four files of 2,500 (the 100,000: FUZZ_SCALE=10 or npm run fuzz), each file
 * (quarter 3, its own seed) so vitest's two workers share them.
 */
import { describe } from "vitest"
import { count, SEED } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("parser", count(2_500), SEED + 3))
