import type { Program } from "acorn"
import type { Diagnostic } from "../diagnostic.js"
import type { Position } from "../position.js"
import type {
  CatalogEntry,
  Change,
  CompileOptions,
  Dialect,
  DialectId,
  Evidence,
  ExecutionOptions,
  ToolPath,
  Warning,
} from "./dialect.js"
import type { OffsetMap } from "./posmap.js"
import type { NativeGlobal } from "../interpreter/api.js"

export type { CatalogEntry }

export interface NormalizeOptions {
  /** Canonical tool paths of the live tree; resolution and catalog-aware rules need them. */
  readonly tools?: ReadonlyArray<ToolPath> | undefined
  /** Descriptions/signatures per tool (optional; `tools` defaults to these paths). */
  readonly catalog?: ReadonlyArray<CatalogEntry> | undefined
  /** The dialect registry to use (default: `dialects` of `dialects/index.ts`). */
  readonly dialects?: ReadonlyArray<Dialect> | undefined
  /** What the host knows about the caller (seeds the guess; code signals win, docs/dialects.md#priority). */
  readonly hint?: DialectId | undefined
  /** Host ceilings: pragmas and envelope fields may lower these, never raise them. */
  readonly limits?: ExecutionOptions | undefined
}

/** Versioned record of everything the frontend did (docs/design.md#data-flow). */
export interface Receipt {
  readonly version: 1
  readonly dialect: DialectId | undefined
  readonly evidence: ReadonlyArray<Evidence>
  /** Ids of the stages that changed something, in pipeline order. */
  readonly stages: ReadonlyArray<string>
  readonly changes: ReadonlyArray<Change>
  readonly warnings: ReadonlyArray<Warning>
  /** Dialects whose compat prelude the program gets. */
  readonly preludes: ReadonlyArray<DialectId>
  readonly options: ExecutionOptions
  /** The raw tool-call arguments as received. */
  readonly input: unknown
  /** The canonical code handed to the interpreter. */
  readonly code: string
  /** Set when the program was not JavaScript: "python" (src/frontend/python, docs/python.md). */
  readonly language?: "python"
}

/**
 * The seam to execution: everything `runtime.run(input)` needs. When `diagnostics` is empty, `program` is set and
 * `compile(program, source, compile)` then `run` with `options` (already min'd with the host ceilings) executes it.
 * Node locations in `program` refer to `source`, the program text the model sent.
 */
export interface Normalized {
  readonly ok: boolean
  readonly program: Program | undefined
  readonly code: string
  readonly source: string
  readonly diagnostics: ReadonlyArray<Diagnostic>
  readonly receipt: Receipt
  readonly compile: CompileOptions
  readonly options: ExecutionOptions
}

/** The mutable record threaded through the stages of `pipeline.ts`. */
export interface State {
  readonly input: unknown
  readonly tools: ReadonlyArray<ToolPath>
  readonly catalog: ReadonlyArray<CatalogEntry>
  readonly dialects: ReadonlyArray<Dialect>
  readonly hint: DialectId | undefined
  readonly limits: ExecutionOptions
  /** The program text the model sent (positions refer to it). */
  original: string
  /** The current text of the text stages. */
  text: string
  /** Text before the TypeScript strip (what dialect `detect` sees as `source`). */
  sourceForDetect: string
  maps: OffsetMap[]
  /** Keys of the envelope object (empty for a bare string). */
  envelopeFields: string[]
  /** A JSON tool-call program found by the envelope (compiled by the `json-program` stage). */
  json: unknown
  /** Whether the TypeScript strip changed the text (a detection signal, docs/dialects.md#signals). */
  typescript: boolean
  /** Set when the program came from a JSON program: rewrites are skipped (docs/dialects.md#json-programs). */
  generated: boolean
  evidence: Evidence[]
  changes: Change[]
  warnings: Warning[]
  diagnostics: Diagnostic[]
  exec: { timeoutMs?: number; maxOutputBytes?: number; truncation?: "middle" }
  program: Program | undefined
  /** Whether the AST came from recast (printable with source preservation). */
  recast: boolean
  /** The edit printer's text for a rewritten acorn tree (ast/reprint.ts), used by `print` instead of recast. */
  reprinted: string | undefined
  detected: DialectId | undefined
  /** Compat preludes chosen by the `globals` stage. */
  preludeChoice: {
    readonly globals: Readonly<Record<string, NativeGlobal>>
    readonly preludes: ReadonlyArray<DialectId>
  }
  /** The printed canonical code (set by the `print` stage). */
  code: string
  /** Set when a stage failed with a diagnostic: later stages do not run. */
  halted: boolean
  /** The program's language when it is not JavaScript (the `python` stage sets it). */
  language?: "python"
  /** Translates an offset of the current text into a Position of `original`. */
  locate: (offset: number) => Position
  /**
   * Called by an AST stage right before it changes the tree (a rule it is about to run, a node it is about to
   * replace): the edit printer's snapshot of the parsed tree is taken then, once, so a program no stage changes is
   * never copied.
   */
  willChange: () => void
}

export type StageKind = "text" | "ast"

/** One frontend stage (docs/style.md#habits, habit 1): a small module claiming one job. */
export interface Stage {
  readonly id: string
  /** "analysis": an AST stage that never changes code (detection, preludes/warnings). */
  readonly kind: StageKind | "analysis" | "parse" | "print" | "check"
  readonly run: (state: State) => void
}
