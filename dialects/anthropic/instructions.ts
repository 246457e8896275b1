import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { pySignature } from "../shared/python-signature.js"

/**
 * Anthropic's programmatic tool calling: the model writes Python for the code execution tool, where the tools it may
 * call are async functions; only printed output comes back to it. Paraphrased from the tool-use documentation.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string =>
  [
    "## Calling tools from code",
    "",
    "Write Python for the code execution tool. The tools below are available in that environment as async",
    'functions: call them with keyword arguments and `await` each call, e.g. `result = await get_weather(city="SF")`.',
    "Run independent calls at once with `asyncio.gather(...)`. Process results in code (filter, aggregate, compare)",
    "and `print` only what you need: printed output is the only part of the run returned to you. Tool results are",
    "dicts and lists; a failing tool raises an exception you can catch.",
    "",
    "```python",
    ...tools.map((t) => pySignature(t, true, true) + "\n"),
    "```",
  ].join("\n")
