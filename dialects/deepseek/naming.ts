import type { ToolPath } from "../../src/frontend/dialect.js"
import { flatRawNames } from "../shared/brackets.js"

/**
 * DeepSeek's SDK writes a tool's key bare when it is an identifier (`[A-Za-z_$][A-Za-z0-9_$]*`, so `a$b` stays
 * `tools.a$b`) and quoted otherwise (`tools["get-weather"]`); the binding's member is the exact name
 * (deepseek-ai/deepseek-harness `packages/core/tools/src/ts-types.ts` `renderKey`, `code-mode.ts`).
 */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * The identifier a model makes of a quoted name when it writes `tools.<name>` anyway: every character outside
 * `[A-Za-z0-9_$]` becomes `_` (`get-weather` → `get_weather`, `web-search$v2` → `web_search$v2`). Names DeepSeek
 * already shows bare have no other spelling.
 */
export const identifierSpellings = (path: ToolPath): ReadonlyArray<string> =>
  flatRawNames(path)
    .filter((raw) => !IDENTIFIER.test(raw))
    .map((raw) => `tools.${raw.replace(/[^A-Za-z0-9_$]/g, "_").replace(/^(?=[0-9])/, "_")}`)
