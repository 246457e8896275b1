import type * as Effect from "effect/Effect"
import type { Diagnostic } from "../diagnostic.js"
import type { RunEvent } from "../runtime/observe.js"

/**
 * The documented shapes this package drives (@opencode-ai/codemode 1.18 `CodeMode`, docs/design.md#public-api and "Frontend stages").
 * They are declared here, not imported, so the corpus runner keeps building while those modules are written; the
 * one place that loads them is `execute.ts`.
 */
export interface Result {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: Diagnostic
  readonly logs?: ReadonlyArray<string>
  readonly truncated?: boolean
  readonly toolCalls?: ReadonlyArray<unknown>
  readonly receipt?: unknown
  readonly [extra: string]: unknown
}

export interface Runtime {
  execute(code: string): Effect.Effect<Result, unknown, never>
  /** Raw model input through the frontend first (docs/design.md#public-api); absent until the frontend lands. */
  run?(input: unknown, options?: { readonly hint?: string }): Effect.Effect<Result, unknown, never>
  instructions(options?: { readonly dialect?: string }): string
  catalog?(): unknown
  /** Every tool with its path segments and JSON Schemas (absent before this addition to 1.18). */
  describeTools?(): unknown
}

export interface CodeModeModule {
  make(options: {
    readonly tools: unknown
    readonly limits?: {
      readonly timeoutMs?: number
      readonly maxToolCalls?: number
      readonly maxOutputBytes?: number
      readonly maxMemoryBytes?: number
      readonly perTool?: Readonly<Record<string, number>>
      readonly maxRepeats?: number | false
    }
    readonly approve?: unknown
    /** Run events (`codemode run --verbose`). */
    readonly onEvent?: (event: RunEvent) => void
    readonly isolation?: "none" | "worker" | "process"
    readonly typecheck?: "off" | "warn" | "refuse"
  }): Runtime
}

/** The runtime's seam for an already-normalized program (src/runtime/make.ts), used until `runtime.run` exists. */
export type ExecuteParsed = (
  runtime: Runtime,
  program: unknown,
  source: string,
  compileOptions?: unknown,
  overrides?: unknown,
) => Effect.Effect<Result, unknown, never>

export interface Normalized {
  readonly program?: unknown
  readonly code?: string
  /** The program text the model sent, once the envelope found one (positions refer to it). */
  readonly source?: string
  readonly receipt?: unknown
  readonly diagnostics?: ReadonlyArray<Diagnostic>
  /** The dialect's compile options (prelude globals, tool-failure shape) and the execution options it chose. */
  readonly compile?: unknown
  readonly options?: unknown
}

/** What `codemode instructions --dialect` needs of a dialect plugin (src/frontend/dialect.ts). */
export interface DialectLike {
  readonly id: string
  readonly instructions?: (input: { readonly tools: ReadonlyArray<unknown> }) => string
}

export interface FrontendModule {
  /** The ordered dialect registry (docs/design.md#dialect-plugins). */
  readonly dialects?: ReadonlyArray<DialectLike>
  /** Dialect spellings → canonical paths, as the runtime's alias hook resolves them (src/frontend/resolver.ts). */
  makeResolver?(
    tools: ReadonlyArray<ReadonlyArray<string>>,
    dialects: ReadonlyArray<DialectLike>,
    detected: string | undefined,
  ): { resolve(written: string): { readonly path: ReadonlyArray<string> } | undefined }
  normalize(
    input: unknown,
    options?: {
      readonly tools?: ReadonlyArray<ReadonlyArray<string>>
      readonly catalog?: ReadonlyArray<{ path: ReadonlyArray<string>; description: string; signature: string }>
      readonly hint?: string
    },
  ): Normalized
}

export interface OpenApiModule {
  fromSpec(options: { readonly spec: unknown; readonly baseUrl?: string }): { tools: unknown; skipped: unknown }
}

export interface Engine {
  readonly codeMode?: CodeModeModule | undefined
  readonly frontend?: FrontendModule | undefined
  readonly executeParsed?: ExecuteParsed | undefined
  /** Why a module is missing, for one clear message instead of a stack trace. */
  readonly missing: ReadonlyArray<string>
}

// Literal specifiers, so a bundler follows them (the CLI ships as a bundle: scripts/bundle.ts).
const tryImport = async <T>(
  load: () => Promise<unknown>,
  name: string,
  check: (m: any) => boolean,
): Promise<T | string> => {
  try {
    const m = await load()
    return check(m) ? (m as T) : `${name} does not export the documented API`
  } catch (e) {
    return `${name} is not available (${(e as Error).message.split("\n")[0]})`
  }
}

let cached: Promise<Engine> | undefined

/** Loads the runtime and the frontend once per process. */
export const loadEngine = (): Promise<Engine> =>
  (cached ??= (async () => {
    const codeMode = await tryImport<CodeModeModule>(
      () => import("../CodeMode.js"),
      "../CodeMode.js",
      (m) => typeof m.make === "function",
    )
    const frontend = await tryImport<FrontendModule>(
      () => import("../Frontend.js"),
      "../Frontend.js",
      (m) => typeof m.normalize === "function",
    )
    const missing = [codeMode, frontend].filter((m): m is string => typeof m === "string")
    const seam = await tryImport<{ executeParsed: ExecuteParsed }>(
      () => import("../runtime/make.js"),
      "../runtime/make.js",
      (m) => typeof m.executeParsed === "function",
    )
    return {
      executeParsed: typeof seam === "string" ? undefined : seam.executeParsed,
      codeMode: typeof codeMode === "string" ? undefined : codeMode,
      frontend: typeof frontend === "string" ? undefined : frontend,
      missing,
    }
  })())

export const loadOpenApi = async (): Promise<OpenApiModule | string> =>
  tryImport<OpenApiModule>(
    () => import("../OpenAPI.js"),
    "../OpenAPI.js",
    (m) => typeof m.fromSpec === "function",
  )
