/** Issue 9 item 4: the "determinism" property of test/fuzz/properties.ts at the count (20,000 programs). */
import { describe } from "vitest"
import { count } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("determinism", count(20_000)))
