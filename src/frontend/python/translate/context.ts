import type { SyntaxNode } from "@lezer/common"
import type { ToolPath } from "../../dialect.js"
import type { Scope } from "./scope.js"
import type { Span } from "./estree.js"

/** Why a construct is refused: the message and what to write instead (an `UnsupportedSyntax` diagnostic). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly from: number,
    readonly fix: string,
  ) {
    super(message)
  }
}

/** One translation recorded in the receipt. */
export interface Translation {
  readonly rule: string
  readonly from: number
  readonly note?: string
}

/** A tool as a Python program names it. */
export interface PyTool {
  readonly path: ToolPath
  /** Input property names in schema order, for positional arguments (from the catalog's signature). */
  readonly params: ReadonlyArray<string> | undefined
}

/** A function-like frame being emitted: whether `await` was emitted directly inside it. */
export interface Frame {
  usedAwait: boolean
  readonly async: boolean
  /** Temporaries this frame declares at its top. */
  readonly temps: string[]
}

export interface Ctx {
  readonly source: string
  readonly span: (from: number, to: number) => Span
  readonly text: (n: SyntaxNode) => string
  readonly tools: ReadonlyMap<string, PyTool>
  /** "sync": tools are plain functions (smolagents); every call is awaited. "async": the program awaits them. */
  readonly style: "sync" | "async"
  /** Module names imported, by local name (`import json as j` → j: "json"), and names imported from them. */
  readonly modules: Map<string, string>
  readonly fromImports: Map<string, string>
  readonly translations: Translation[]
  /** Names of `def`s that must be async (they reach a tool call), by scope-free name. */
  readonly asyncDefs: Set<string>
  scope: Scope
  frame: Frame
  /** The catch variable of the innermost `except` (for a bare `raise`). */
  caught: string | undefined
  /** The break flag of the innermost loop with an `else`. */
  loopElse: string | undefined
  temp(): string
}
