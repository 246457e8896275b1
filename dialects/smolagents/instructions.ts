import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { pySignature } from "../shared/python-signature.js"

/**
 * smolagents' CodeAgent: tools are plain Python functions called with keyword arguments, and `final_answer` ends the
 * task with its argument. Paraphrased from the CodeAgent system prompt.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string =>
  [
    "You solve the task by writing Python code. In it you can call the tools below like regular Python functions,",
    "passing arguments by keyword (positional arguments follow the order shown). Use `print()` to keep what you need",
    "for the next step. When you have the answer, call `final_answer(answer)`: it ends the run with that value.",
    "Only use variables you defined, and do not import modules other than json, math, re and asyncio.",
    "",
    "```python",
    ...tools.map((t) => pySignature(t, false, false) + "\n"),
    "def final_answer(answer: Any) -> Any:",
    '    """Provides a final answer to the given problem."""',
    "```",
  ].join("\n")
