import type { Dialect } from "../../src/frontend/dialect.js"
import { instructions } from "./instructions.js"

/**
 * Anthropic programmatic tool calling (Python, async tool functions). Detection and translation are the Python
 * frontend's (src/frontend/python): a Python program never reaches the JavaScript detectors. Mapping table: ./README.md.
 */
export const dialect: Dialect = {
  id: "anthropic",
  title: "Anthropic programmatic tool calling (Python)",
  detect: () => [],
  instructions,
}
