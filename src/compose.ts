// The composition root (docs/architecture.md "Executors"): the one module that knows every executor and picks one
// per runtime by its isolation mode. `src/runtime/` defines the executor interface and never imports the isolated ones.
import type * as Effect from "effect/Effect"
import { isolatedExecutor } from "./isolation/executor.js"
import type { ChooseExecutor } from "./runtime/executor.js"
import { inProcessExecutor } from "./runtime/in-process.js"
import { makeRuntime } from "./runtime/make.js"
import type { Result } from "./runtime/schemas.js"
import type { ExecuteOptions, Options, Runtime, Services } from "./runtime/types.js"

export const chooseExecutor: ChooseExecutor = (mode, input) =>
  mode === "none" ? inProcessExecutor(input) : isolatedExecutor(mode, input)

/**
 * @opencode-ai/codemode 1.18 `CodeMode.make`: validates the tree, limits and discovery options once (TypeError /
 * RangeError), precompiles decoders and the catalog, and returns a runtime whose `execute` only parses, compiles and
 * runs, in the isolation mode the options name.
 */
export const make = <const Tools extends Record<string, any> = {}>(
  options: Options<Tools> = {} as Options<Tools>,
): Runtime<Services<Tools>> => makeRuntime(options, chooseExecutor)

/** @opencode-ai/codemode 1.18 `CodeMode.execute`: validation happens at call time, so bad configuration throws synchronously. */
export const execute = <const Tools extends Record<string, any> = {}>(
  options: ExecuteOptions<Tools>,
): Effect.Effect<Result, never, Services<Tools>> => {
  if (typeof options !== "object" || options === null)
    throw new TypeError("CodeMode.execute expects an options object.")
  const { code, ...rest } = options
  return make(rest as Options<Tools>).execute(code)
}
