import type { Program } from "acorn"
import type * as Effect from "effect/Effect"
import type { CompileOptions } from "../interpreter/api.js"
import { catalogOf, decodeSearchInput, prepareDiscovery, searchTool } from "./discovery.js"
import type { Prepared } from "./execution.js"
import { ISOLATION_MODES, type ChooseExecutor, type Executor, type IsolationMode } from "./executor.js"
import { lowerLimits, resolveLimits, type ResolvedLimits } from "./limits.js"
import type { Result } from "./schemas.js"
import { randomUUID } from "node:crypto"
import { freshState, type SessionState } from "./session-state.js"
import { openSession } from "./session.js"
import { instructionsFor } from "./instructions.js"
import { resumeConfigOf, resumeRun } from "./resume.js"
import type { DialectId } from "../frontend/dialect.js"
import { prepareTree, RESERVED_NAMESPACE } from "./tree.js"
import { JsonSchemaValidators } from "./validate.js"
import type { Options, Runtime, Services } from "./types.js"
import type { RunOptions } from "./run.js"
import { typecheckOption, typecheckSetup } from "./typecheck.js"
import type { Store } from "../store/store.js"

interface Internals {
  readonly executor: Executor
  readonly limits: ResolvedLimits
}

const internals = new WeakMap<object, Internals>()

const hookOption = (name: string, hook: unknown) => {
  if (hook !== undefined && typeof hook !== "function") throw new TypeError(`CodeMode: ${name} must be a function.`)
}

/**
 * @opencode-ai/codemode 1.18 `CodeMode.make` without the choice of where programs run: validates the tree, limits and
 * discovery options once (TypeError / RangeError), precompiles decoders and the catalog, and returns a runtime whose
 * every run goes through the executor `choose` gives for the isolation mode (the composition root, src/compose.ts).
 */
export const makeRuntime = <const Tools extends Record<string, any> = {}>(
  options: Options<Tools>,
  choose: ChooseExecutor,
): Runtime<Services<Tools>> => {
  if (typeof options !== "object" || options === null) throw new TypeError("CodeMode.make expects an options object.")
  hookOption("onToolCallStart", options.onToolCallStart)
  hookOption("onToolCallEnd", options.onToolCallEnd)
  hookOption("approve", options.approve)
  hookOption("onEvent", options.onEvent)
  if (options.tracing !== undefined && (typeof options.tracing !== "object" || options.tracing === null))
    throw new TypeError("CodeMode: tracing must be an object ({ recordContent?, maxContentBytes? }).")
  if (options.validateInputs !== undefined && typeof options.validateInputs !== "boolean")
    throw new TypeError("CodeMode: validateInputs must be a boolean.")
  const limits = resolveLimits(options.limits)
  const isolation = isolationOption(options.isolation)
  const typecheckMode = typecheckOption(options.typecheck, "CodeMode")
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
    observe: { onEvent: options.onEvent, tracing: options.tracing, isolation },
    resume: resumeConfigOf(options),
  }
  const typecheck = typecheckSetup(typecheckMode, () => discovery.catalog())
  const chosen = choose(isolation, { prepared, discovery, typecheck })
  const executor: Executor = {
    ...chosen,
    run: (input, runOptions, runLimits, state, journal) => {
      checkRunOptions(runOptions)
      return chosen.run(input, runOptions, runLimits, state, journal)
    },
  }
  const store = storeOption(options.store)
  // A resumed run goes through the same executor, in the state of the caller (a session, or a fresh private one).
  const resumeIn =
    (state: SessionState): Runtime<Services<Tools>>["resume"] =>
    (token, decision) =>
      resumeRun(prepared.resume!, token, decision, (program, journal) =>
        program.kind === "execute"
          ? executor.execute(program.code, limits, state, journal)
          : executor.run(program.input, { hint: program.hint as DialectId }, limits, state, journal),
      )
  // A run made on the runtime itself shares nothing: each gets fresh private state (docs/sessions.md).
  const runtime: Runtime<Services<Tools>> = {
    catalog: catalogOf(discovery),
    describeTools: discovery.catalog,
    instructions: instructionsFor(discovery),
    execute: (code: string) => executor.execute(code, limits, privateState()),
    run: (input, runOptions) => executor.run(input, runOptions, limits, privateState()),
    session: (sessionOptions) => openSession(runtime, executor, limits, store, sessionOptions, resumeIn),
    resume: (token, decision) => resumeIn(privateState())(token, decision),
  }
  internals.set(runtime, { executor, limits })
  return runtime
}

/** A bad per-run option is the host's mistake, thrown at once like a bad `make` option. */
const checkRunOptions = (options: RunOptions | undefined): void => {
  if (options?.typecheck !== undefined) typecheckOption(options.typecheck, "runtime.run")
}

const privateState = (): SessionState => freshState(randomUUID())

const STORE_METHODS = ["get", "set", "delete", "compareAndSet", "close"] as const

const storeOption = (value: unknown): Store | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "object" || value === null || STORE_METHODS.some((m) => typeof (value as any)[m] !== "function"))
    throw new TypeError("CodeMode: store must be a Store (Store.memory(), Store.file(dir) or Store.redis(url)).")
  return value as Store
}

const isolationOption = (value: unknown): IsolationMode => {
  if (value === undefined) return "none"
  if (typeof value === "string" && (ISOLATION_MODES as ReadonlyArray<string>).includes(value))
    return value as IsolationMode
  throw new TypeError(`CodeMode: isolation must be one of ${ISOLATION_MODES.map((m) => `"${m}"`).join(", ")}.`)
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
 * The seam for an already-normalized program (docs/design.md#public-api): runs it on a runtime made by `make`, through
 * that runtime's executor (so in its isolation mode), with the dialect's compile options and limit overrides applied
 * under the host's ceilings.
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
  return found.executor.executeParsed(
    { program, source, compile: compileOptions },
    lowerLimits(found.limits, overrides),
    privateState(),
  )
}
