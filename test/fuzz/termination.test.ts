/** Issue 9 item 4: the "termination" property of test/fuzz/properties.ts in npm test at 1,000 programs (the 20,000: FUZZ_SCALE=20; long runs: npm run fuzz). */
import { describe } from "vitest"
import { count } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("termination", count(1_000)))
