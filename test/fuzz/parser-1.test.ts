/**
 * Issue 9 item 5: random parser inputs (valid generated programs, edited ones, random text, mutated escapes) through
 * Frontend.normalize and execute, 0 crashes. The 100,000 inputs in `npm test`, in four files of 25,000
 * (quarter 1, its own seed) so vitest's two workers share them.
 */
import { describe } from "vitest"
import { count, SEED } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("parser", count(25_000), SEED + 1))
