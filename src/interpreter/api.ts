import type { Program } from "acorn"
import type { Diagnostic } from "../diagnostic.js"
import type { Host, RunOutcome } from "./host.js"

/**
 * Extra globals a dialect's compat prelude adds (docs/design.md#dialect-plugins). They are implemented host-side
 * once and made visible only to programs of that dialect. Arguments arrive as host data (the same copy the tool
 * boundary makes; guest functions are not data and arrive as `undefined`), results are host data copied back in.
 */
export type NativeGlobal =
  | {
      readonly kind: "function"
      /** A plain function, or one returning a promise (then the guest sees a promise it may await). */
      readonly call: (args: ReadonlyArray<unknown>, ctx: NativeContext) => unknown
    }
  | {
      readonly kind: "value"
      readonly value: unknown
      /** Frozen all the way down: a program may read it but every write throws (Cloudflare's `spec`). */
      readonly frozen?: true | undefined
    }
  | {
      /** A namespace object whose members are functions, e.g. Cloudflare `codemode.search`. */
      readonly kind: "namespace"
      readonly members: Readonly<Record<string, NativeGlobal>>
    }
  | {
      /**
       * An Error subclass, e.g. DeepSeek `ToolCallError`: callable with/without `new`, `instanceof` works, and it is
       * a subclass of Error (`e instanceof Error` holds too).
       */
      readonly kind: "errorClass"
      readonly name: string
    }

/**
 * What a native helper receives for an argument that cannot cross as data because it is circular (functions still
 * arrive as `undefined`): helpers that stringify (`text`) throw as `JSON.stringify` would, instead of printing
 * `undefined`.
 */
export class CircularValue {
  constructor(readonly message: string) {}
}

export interface NativeContext {
  /** Calls a tool by canonical path; same admission, limits and hooks as a program call. */
  readonly callTool: (path: ReadonlyArray<string>, input: unknown) => Promise<unknown>
  /** A line of program output, with the raw values (host data) for the corpus answer rule. */
  readonly output: (line: string, values: ReadonlyArray<unknown>) => void
  /** A message to the model apart from the output (Codex `notify`): not an output line, not the answer. */
  readonly notify: (text: string) => void
  /** Ends the program successfully now (Pi/Codex `exit()`); `value` becomes the result when given. */
  readonly exit: (value?: unknown) => never
  /** Throws a catchable guest error of the given name (e.g. "TypeError") with a message. */
  readonly throwError: (name: string, message: string) => never
  /** The session's key/value store for Codex/Pi `store`/`load` (src/runtime/session-state.ts). */
  readonly store: Map<string, unknown>
}

/** How a failed tool call looks to the program (docs/dialects.md#output-and-errors). */
export type ToolFailureShape =
  | { readonly kind: "error" } // canonical: Error with name "Error" and the safe message
  | { readonly kind: "string" } // Codex: rejects with the message string
  | { readonly kind: "errorClass"; readonly name: string; readonly toolNameField: string } // DeepSeek ToolCallError

export interface CompileOptions {
  readonly globals?: Readonly<Record<string, NativeGlobal>> | undefined
  readonly toolFailure?: ToolFailureShape | undefined
  /**
   * "json": the result crosses as JSON (Vercel's result is `JSON.stringify`d): functions and symbols are dropped
   * (omitted in objects, `null` in arrays) and reported in `RunOutcome.notes`, instead of failing the run.
   */
  readonly result?: "json" | undefined
  /**
   * "body": the run ends when the program's body completes (Codex cells): pending timers never fire, calls still in
   * flight are cancelled, each named in `RunOutcome.notes`. Default: un-awaited calls and one-shot timers are awaited.
   */
  readonly end?: "body" | undefined
}

export type CompileOutcome =
  { readonly ok: true; readonly program: CompiledProgram } | { readonly ok: false; readonly diagnostic: Diagnostic }

/** A compiled program: reusable, runs any number of times against different hosts. */
export interface CompiledProgram {
  run(host: Host): Promise<RunOutcome>
}

/** The interpreter's public face inside the project (implemented in ./index.ts). */
export interface Interpreter {
  compile(program: Program, source: string, options?: CompileOptions): CompileOutcome
}
