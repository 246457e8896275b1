import type { Dialect } from "../../src/frontend/dialect.js"
import { instructions } from "./instructions.js"

/**
 * Monty-based code mode: FastMCP's CodeMode transform and Pydantic AI's code mode (Python run by pydantic-monty).
 * Detection and translation are the Python frontend's (src/frontend/python). Mapping table: ./README.md.
 */
export const dialect: Dialect = {
  id: "monty",
  title: "Monty code mode: FastMCP CodeMode, Pydantic AI (Python)",
  detect: () => [],
  instructions,
}
