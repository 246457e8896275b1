/** Issue 9 item 4: the "differential" property of test/fuzz/properties.ts at the count (20,000 programs). */
import { describe } from "vitest"
import { count } from "./config.js"
import { fuzz } from "./suite.js"

describe("fuzz", () => fuzz("differential", count(20_000)))
