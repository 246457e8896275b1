import type { Diagnostic } from "../diagnostic.js"
import type { Program } from "acorn"
import type { ToolFailureShape } from "../interpreter/api.js"
import type { InputKind } from "../interpreter/host.js"
import type { FrontendCatalog } from "../runtime/run.js"
import type { JournalInput } from "../runtime/journal-data.js"

/**
 * Messages between the supervisor (host) and a sandbox (worker thread or child process). Everything crossing is
 * plain data (structured clone / V8 serialization): guest code and host tools never share an object.
 */

/** What the sandbox needs of a runtime's tool tree: names only; definitions, decoders and hooks stay in the host. */
export interface TreeShape {
  /** Child names of every namespace by dotted path ("" is the root), in tree order. */
  readonly namespaces: ReadonlyArray<readonly [string, ReadonlyArray<string>]>
  /** Canonical dotted names of the tools. */
  readonly tools: ReadonlyArray<string>
  /** Tool paths and catalog entries the frontend resolves names against (`runtime.run`). */
  readonly known: FrontendCatalog
}

/** The niceness a sandbox gives its own thread (0 normal, 19 lowest). */
export const SANDBOX_NICENESS = 10

/** Tree shapes a sandbox keeps (oldest evicted first; the supervisor mirrors the same order). */
export const SHAPES_KEPT = 32

/** The session's `store`/`load` entries a run starts with (absent: none). */
export type StoreEntries = ReadonlyArray<readonly [string, unknown]>

export interface SandboxLimits {
  readonly timeoutMs: number | undefined
  readonly maxOutputBytes: number | undefined
  readonly maxMemoryBytes: number | undefined
  readonly truncation?: "head" | "middle" | undefined
}

/** A program the host already normalized (`executeParsed`): the tree crosses as data, the compile options without globals. */
export interface ParsedRequest {
  readonly program: Program
  readonly source: string
  readonly toolFailure?: ToolFailureShape | undefined
  readonly result?: "json" | undefined
}

/** A run's type check: its mode and the catalog's declarations (rendered once, in the host). */
export interface SandboxTypecheck {
  readonly mode: "warn" | "refuse"
  readonly declarations: string
}

/** Supervisor → sandbox. */
export type ToSandbox =
  | { readonly t: "shape"; readonly id: number; readonly shape: TreeShape }
  | {
      readonly t: "execute"
      readonly shape: number
      readonly code: string
      readonly limits: SandboxLimits
      readonly store?: StoreEntries | undefined
      /** A journaled run: its nondeterministic reads are posted back, these recorded ones replayed first. */
      readonly inputs?: ReadonlyArray<JournalInput> | undefined
    }
  | ({
      readonly t: "parsed"
      readonly shape: number
      readonly limits: SandboxLimits
      readonly store?: StoreEntries | undefined
    } & ParsedRequest)
  | {
      readonly t: "run"
      readonly shape: number
      readonly input: unknown
      readonly hint: string | undefined
      readonly limits: SandboxLimits
      readonly store?: StoreEntries | undefined
      /** The type check to run in the sandbox after normalizing (docs/typecheck.md); absent: off. */
      readonly typecheck?: SandboxTypecheck | undefined
      readonly inputs?: ReadonlyArray<JournalInput> | undefined
    }
  | { readonly t: "settled"; readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly t: "settled"
      readonly id: number
      readonly ok: false
      readonly diagnostic: Diagnostic
      readonly catchable: boolean
      /** `HostFailure.interrupted`: the call's own Effect was interrupted. */
      readonly interrupted?: true | undefined
    }

/** How one run ended, as data (the result value already copied to plain data in the sandbox). */
export type SandboxOutcome =
  | {
      readonly ok: true
      readonly value: unknown
      readonly notes?: ReadonlyArray<string> | undefined
      readonly lastOutput?: { readonly value: unknown } | undefined
    }
  | {
      readonly ok: false
      readonly diagnostic: Diagnostic
      /** `RunOutcome.interrupted`: the program awaited a call its host interrupted. */
      readonly interrupted?: true | undefined
      readonly lastOutput?: { readonly value: unknown } | undefined
    }

/** Sandbox → supervisor. */
export type FromSandbox =
  | { readonly t: "ready" }
  | {
      readonly t: "call"
      readonly id: number
      readonly path: ReadonlyArray<string>
      readonly input: unknown
      /** The name the program called the tool by when it is not the path (`Host.callTool`'s `as`). */
      readonly as?: string | undefined
    }
  | { readonly t: "cancel"; readonly id: number }
  | { readonly t: "log"; readonly line: string }
  | { readonly t: "notify"; readonly text: string }
  /** A `store(k, v)` (or a removal) of the running program, for the session's state in the host. */
  | { readonly t: "stored"; readonly key: string; readonly value?: unknown; readonly deleted?: true | undefined }
  /** A journaled run's nondeterministic read and the value the program got (Host.input). */
  | { readonly t: "input"; readonly k: InputKind; readonly v: number | string | ReadonlyArray<number> }
  /** `runtime.run` only: the frontend's result, before the program starts (or instead of it, on a diagnostic). */
  | {
      readonly t: "normalized"
      readonly receipt: unknown
      readonly limits: SandboxLimits
      readonly error?: Diagnostic | undefined
    }
  | { readonly t: "done"; readonly outcome: SandboxOutcome }
