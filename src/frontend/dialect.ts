import type { AnyNode, Node, Program } from "acorn"
import type { Position } from "../position.js"
import type { CompileOptions, NativeGlobal, ToolFailureShape } from "../interpreter/api.js"
import type { HttpOperation } from "../openapi/http-operation.js"

/** The eight dialect ids of docs/design.md#dialect-plugins; plugins may add more. */
export type DialectId =
  "opencode" | "pi" | "cloudflare" | "vercel" | "tanstack" | "deepseek" | "codex" | "utcp" | (string & {})

/** One detection signal, pure: found by looking, never by rewriting (docs/style.md#habits, habit 3). */
export interface Evidence {
  readonly dialect: DialectId
  readonly signal: string
  readonly strength: "strong" | "weak"
  readonly loc?: Position | undefined
}

/**
 * A detector as a visitor of the frontend's one shared detection walk (src/frontend/ast/scan.ts): `enter` sees every
 * node depth-first with its parent slot and the ancestor stack (outermost first, excluding the node; shared and
 * changing: copy it to keep it) and returns `false` to skip the node's subtree; `done` returns the evidence after the
 * walk. Pure: looks only.
 */
export interface DetectScan {
  enter?(
    node: AnyNode,
    parent: AnyNode | undefined,
    key: string | undefined,
    ancestors: ReadonlyArray<AnyNode>,
  ): boolean | void
  readonly done: () => ReadonlyArray<Evidence>
  /** The node types `enter` can act on (a promise: other nodes are not handed to it); omitted: every node. */
  readonly types?: ReadonlyArray<string>
}

/** One change a stage or rule made, for the receipt. `loc` points into the model's original input. */
export interface Change {
  readonly stage: string
  readonly rule: string
  readonly dialect?: DialectId | undefined
  readonly loc?: Position | undefined
  readonly note?: string | undefined
}

export interface Warning {
  readonly message: string
  /**
   * The stage that found it, when not the frontend's own text stages (e.g. "run": the result crossing changed it;
   * "typecheck": docs/typecheck.md).
   */
  readonly stage?: string | undefined
  readonly loc?: Position | undefined
  readonly replacement?: string | undefined
}

/** What the text stages learned, for detection (docs/dialects.md#signals that the AST no longer shows). */
export interface DetectInfo {
  /** The TypeScript strip changed the text (the source was TypeScript). */
  readonly typescript: boolean
  /** Envelope fields the program came in (e.g. ["js"]), and option fields next to it. */
  readonly envelopeFields: ReadonlyArray<string>
  /** Canonical tool paths of the live tree (for catalog-confirmed signals such as nested `tools.<ns>.<tool>`). */
  readonly tools: ReadonlyArray<ToolPath>
  /**
   * The frontend's scope lookup for this tree (`makeScopes` from kit.ts, shared by the detectors and stages that look
   * at the same tree); a detector without it makes its own.
   */
  readonly bound?: (name: string, ancestors: ReadonlyArray<AnyNode>) => boolean
}

/** A canonical tool path, e.g. ["github", "list_issues"] or ["context7", "resolve-library-id"]. */
export type ToolPath = ReadonlyArray<string>

/** What a rewrite rule may look at and do. */
export interface RewriteContext {
  /** Canonical paths of every tool in the live tree (empty when normalizing without a tree). */
  readonly tools: ReadonlyArray<ToolPath>
  /** What the host's catalog says about those tools (empty when it passed none). */
  readonly catalog?: ReadonlyArray<CatalogEntry> | undefined
  /** The dialect detected for this program (used only for shared constructs, docs/dialects.md#priority). */
  readonly detected: DialectId | undefined
  /** Resolves a name as written in some dialect back to a canonical path (the `resolve` stage's resolver). */
  readonly resolveName: (written: string) => ToolPath | undefined
  /**
   * True when `name` is bound by a declaration in scope at `node` (program-level or enclosing functions). A rule
   * walking the whole program passes the walk's `ancestors` of `node` (outermost first, `node` excluded): the answer
   * is the same, without a map of every node's parent (rebuilt after each recorded change) to find them.
   */
  readonly isBound: (name: string, node: Node, ancestors?: ReadonlyArray<Node>) => boolean
  /** Records a change (the rule rewrote `node`). */
  readonly record: (rule: string, node: Node, note?: string) => void
  readonly warn: (message: string, node?: Node, replacement?: string) => void
  /**
   * A construct the translation cannot carry across without losing something (an argument, a call, a value, a side
   * effect): the program is refused with an `UnsupportedSyntax` diagnostic at `node` saying what and the fix.
   */
  readonly fail: (message: string, node: Node, fix: string) => void
}

/** What the program holds, for a rule's `needs`: every `Identifier` name (member properties and keys included), every node type. */
export interface ProgramIndex {
  /** Every identifier's name (references, declarations, non-computed property names and keys). */
  readonly names: ReadonlySet<string>
  readonly types: ReadonlySet<string>
  /** Names called bare: the identifier callee of every `name(…)` call. */
  readonly callees: ReadonlySet<string>
  /** The value of every string literal (a computed key `a["b"]` is one). */
  readonly strings: ReadonlySet<string>
  /**
   * Roots of the calls whose root name is not bound where the call is: `member` holds `a` of every `a.….f(…)`
   * (`a` the innermost object, whatever the members), `bare` every `f` of `f(…)`. Only the detection walk's index
   * has them (it knows each call's scopes); an index rebuilt after a change leaves them out, and a rule must then
   * assume any root.
   */
  readonly unboundCallRoots?: { readonly member: ReadonlySet<string>; readonly bare: ReadonlySet<string> }
  /** How many statements the program's body holds. */
  readonly statements: number
}

/** A rewrite rule: rewrites nodes and records each change, or leaves them alone. */
export interface RewriteRule {
  readonly id: string
  readonly run: (program: Program, ctx: RewriteContext) => void
  /**
   * Optional: false when the rule cannot act on a program with this index (e.g. no identifier `codemode`), so the
   * stage skips its walk. It must be a necessary condition of every change, warning and failure the rule can make.
   */
  readonly needs?: (index: ProgramIndex, run: { readonly detected: DialectId | undefined }) => boolean
}

/** How a system spells a canonical tool path in its programs (docs/dialects.md#tool-names), so names resolve back. */
export interface Naming {
  /** The spelling(s) a program of this dialect uses for `path`, as dotted text (e.g. "codemode.delete_"). */
  readonly spell: (path: ToolPath) => ReadonlyArray<string>
}

/** A dialect's extra envelope fields and how they map to execution options (under the host's ceilings). */
export interface EnvelopeSpec {
  /** Program field names this system uses, e.g. ["js"] (Vercel), ["typescriptCode"] (TanStack). */
  readonly codeFields?: ReadonlyArray<string>
  /** Non-code fields this system sends and what they mean (reported in the receipt, never silently dropped). */
  readonly optionFields?: Readonly<
    Record<string, (value: unknown) => { readonly options?: ExecutionOptions; readonly warning?: string }>
  >
}

/** Execution options taken from pragmas or envelope fields; the runtime applies min(host, these). */
export interface ExecutionOptions {
  readonly timeoutMs?: number
  readonly maxOutputBytes?: number
  /** "middle": output over the limit keeps its head and tail in Codex's form (`@exec`); default: cut at the end. */
  readonly truncation?: "middle"
}

/** Host-side compat helpers visible only to programs of this dialect. */
/** What the host's catalog says about one tool (optional extra input to preludes, e.g. Pi `ALL_TOOLS`). */
export interface CatalogEntry {
  readonly path: ToolPath
  readonly description?: string | undefined
  readonly signature?: string | undefined
  /** The HTTP operation an `OpenAPI.fromSpec` tool stands for (Cloudflare's `request` is routed through it). */
  readonly http?: HttpOperation | undefined
  /** The input properties positional arguments fill, in order (`Tool.make`'s `positional`); absent: one input object. */
  readonly positional?: ReadonlyArray<string> | undefined
}

export interface Prelude {
  /** `catalog` (optional, added compatibly) carries descriptions when the host passed them. */
  readonly globals: (
    tools: ReadonlyArray<ToolPath>,
    catalog?: ReadonlyArray<CatalogEntry>,
  ) => Readonly<Record<string, NativeGlobal>>
  readonly toolFailure?: ToolFailureShape
}

export interface Dialect {
  readonly id: DialectId
  readonly title: string
  readonly envelope?: EnvelopeSpec
  /** Whether this system accepts (erasable) TypeScript. */
  readonly typescript?: boolean
  /** `source` is the program text before the TypeScript strip; `info` (optional) what the text stages saw. */
  readonly detect: (program: Program, source: string, info?: DetectInfo) => ReadonlyArray<Evidence>
  /**
   * The same detection as a visitor (`DetectScan`): the frontend runs every dialect's scan in one walk instead of one
   * walk per dialect. Optional; a dialect without it is asked through `detect`.
   */
  readonly scan?: (program: Program, source: string, info?: DetectInfo) => DetectScan
  readonly naming?: Naming
  readonly rewrites?: ReadonlyArray<RewriteRule>
  readonly prelude?: Prelude
  /** "json": the system JSON-serializes the result (functions dropped, said in the receipt; `CompileOptions.result`). */
  readonly result?: "json"
  /** "body": the system ends a program when its body completes, without waiting for its background work. */
  readonly end?: "body"
  /**
   * Dotted callee names (as written, e.g. "searchTools", "models.classify", "codemode.search") that return promises,
   * so the `await` stage inserts `await` where the value is used (docs/dialects.md#missing-await). Tool calls are always included.
   */
  readonly asyncCalls?: ReadonlyArray<string>
  /**
   * The system's tools are synchronous functions (UTCP): a program may reach one dynamically — through `globalThis`,
   * `path.split(".").reduce((o, k) => o[k], globalThis)` — and use its result with no `await`. The `await` stage
   * then also awaits direct calls of top-level bindings read from `globalThis` (docs/dialects.md#missing-await).
   */
  readonly synchronousTools?: true
  /** Globals this system offers that canonical does not, with what to tell the model instead (docs/dialects.md#foreign-globals). */
  readonly unsupportedGlobals?: Readonly<Record<string, string>>
  /** Renders the catalog the way this system shows it to its model (issue: instructions in a dialect). */
  readonly instructions?: (input: DialectInstructionsInput) => string
}

export interface DialectInstructionsInput {
  readonly tools: ReadonlyArray<{
    readonly path: ToolPath
    readonly description: string
    readonly inputSchema: unknown
    readonly outputSchema?: unknown
    /** The canonical TypeScript signature (discovery's rendering). */
    readonly signature: string
    /** False when the catalog budget leaves the tool out of the canonical instructions (it stays callable). */
    readonly inlined?: boolean | undefined
  }>
}

export type { CompileOptions }
