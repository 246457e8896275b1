import type { Dialect } from "../../src/frontend/dialect.js"
import { instructions } from "./instructions.js"

/**
 * smolagents CodeAgent (Python, synchronous tool functions, `final_answer`). Detection and translation are the
 * Python frontend's (src/frontend/python). Mapping table: ./README.md.
 */
export const dialect: Dialect = {
  id: "smolagents",
  title: "smolagents CodeAgent (Python)",
  detect: () => [],
  instructions,
}
