import type { Program } from "acorn"
import type * as Effect from "effect/Effect"
import type { CompileOptions } from "../interpreter/api.js"
import { catalogOf, decodeSearchInput, prepareDiscovery, searchTool } from "./discovery.js"
import { CompileCache, executeCode, runProgram } from "./execute.js"
import type { Prepared } from "./execution.js"
import { lowerLimits, resolveLimits, type ResolvedLimits } from "./limits.js"
import type { Result } from "./schemas.js"
import { frontendCatalog, runRaw, type FrontendCatalog } from "./run.js"
import { instructionsFor } from "./instructions.js"
import { prepareTree, RESERVED_NAMESPACE } from "./tree.js"
import { JsonSchemaValidators } from "./validate.js"
import type { ExecuteOptions, Options, Runtime, Services } from "./types.js"
import { ISOLATION_MODES, type IsolationMode } from "../isolation/pool.js"
import { isolatedExecute, isolatedRun } from "../isolation/runtime.js"
import { prepareIsolation } from "../isolation/supervisor.js"

interface Internals {
  readonly prepared: Prepared<any>
  readonly limits: ResolvedLimits
}

const internals = new WeakMap<object, Internals>()

const hookOption = (name: string, hook: unknown) => {
  if (hook !== undefined && typeof hook !== "function") throw new TypeError(`CodeMode: ${name} must be a function.`)
}

/**
 * @opencode-ai/codemode 1.18 `CodeMode.make`: validates the tree, limits and discovery options once (TypeError / RangeError), precompiles
 * decoders and the catalog, and returns a runtime whose `execute` only parses, compiles and runs.
 */
export const make = <const Tools extends Record<string, any> = {}>(
  options: Options<Tools> = {} as Options<Tools>,
): Runtime<Services<Tools>> => {
  if (typeof options !== "object" || options === null) throw new TypeError("CodeMode.make expects an options object.")
  hookOption("onToolCallStart", options.onToolCallStart)
  hookOption("onToolCallEnd", options.onToolCallEnd)
  hookOption("approve", options.approve)
  if (options.validateInputs !== undefined && typeof options.validateInputs !== "boolean")
    throw new TypeError("CodeMode: validateInputs must be a boolean.")
  const limits = resolveLimits(options.limits)
  const isolation = isolationOption(options.isolation)
  const tree = prepareTree(options.tools, options.validateInputs === true ? new JsonSchemaValidators() : undefined)
  const discovery = prepareDiscovery(tree, options.discovery)
  const prepared: Prepared<Services<Tools>> = {
    tree,
    search: {
      name: `${RESERVED_NAMESPACE}.search`,
      path: [RESERVED_NAMESPACE, "search"],
      definition: searchTool(discovery),
      decodeInput: decodeSearchInput,
      decodeOutput: undefined,
    },
    hooks: {
      onToolCallStart: options.onToolCallStart,
      onToolCallEnd: options.onToolCallEnd,
      approve: options.approve,
    },
    resolved: new WeakMap(),
    store: new Map(),
  }
  let known: FrontendCatalog | undefined
  const cache = new CompileCache()
  if (isolation !== "none") {
    const isolated = prepareIsolation(
      isolation,
      prepared as Prepared<unknown>,
      frontendCatalog(prepared as Prepared<unknown>, discovery),
    )
    const runtime: Runtime<Services<Tools>> = {
      catalog: catalogOf(discovery),
      describeTools: discovery.catalog,
      instructions: instructionsFor(discovery),
      execute: (code: string) => isolatedExecute(prepared, isolated, code, limits),
      run: (input, runOptions) => isolatedRun(prepared, isolated, input, runOptions, limits),
    }
    internals.set(runtime, { prepared, limits })
    return runtime
  }
  const runtime: Runtime<Services<Tools>> = {
    catalog: catalogOf(discovery),
    describeTools: discovery.catalog,
    instructions: instructionsFor(discovery),
    execute: (code: string) => executeCode(prepared, code, limits, cache),
    run: (input, runOptions) =>
      runRaw(
        prepared,
        limits,
        (known ??= frontendCatalog(prepared as Prepared<unknown>, discovery)),
        input,
        runOptions,
      ),
  }
  internals.set(runtime, { prepared, limits })
  return runtime
}

const isolationOption = (value: unknown): IsolationMode => {
  if (value === undefined) return "none"
  if (typeof value === "string" && (ISOLATION_MODES as ReadonlyArray<string>).includes(value))
    return value as IsolationMode
  throw new TypeError(`CodeMode: isolation must be one of ${ISOLATION_MODES.map((m) => `"${m}"`).join(", ")}.`)
}

/** @opencode-ai/codemode 1.18 `CodeMode.execute`: validation happens at call time, so bad configuration throws synchronously. */
export const execute = <const Tools extends Record<string, any> = {}>(
  options: ExecuteOptions<Tools>,
): Effect.Effect<Result, never, Services<Tools>> => {
  if (typeof options !== "object" || options === null)
    throw new TypeError("CodeMode.execute expects an options object.")
  const { code, ...rest } = options
  return make(rest as Options<Tools>).execute(code)
}

/**
 * Execution-option overrides from the frontend (pragmas, envelope fields) or the embedding host per run; they can
 * only lower the host's limits.
 */
export interface RunOverrides {
  readonly timeoutMs?: number | undefined
  readonly maxOutputBytes?: number | undefined
  readonly maxMemoryBytes?: number | undefined
}

/**
 * The seam for `runtime.run(input)` (docs/design.md#public-api): runs an already-normalized program on a runtime made by
 * `make`, with the dialect's compile options and limit overrides applied under the host's ceilings.
 */
export const executeParsed = <R>(
  runtime: Runtime<R>,
  program: Program,
  source: string,
  compileOptions?: CompileOptions,
  overrides?: RunOverrides,
): Effect.Effect<Result, never, R> => {
  const found = internals.get(runtime)
  if (found === undefined) throw new TypeError("executeParsed expects a runtime made by CodeMode.make.")
  return runProgram(found.prepared, program, source, lowerLimits(found.limits, overrides), compileOptions)
}
