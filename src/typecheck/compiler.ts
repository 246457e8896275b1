/**
 * The TypeScript compiler, loaded on the first check and kept warm: the package and its standard library are read
 * and parsed once per process (`lib.esnext.d.ts` and what it references). A program over the library and one
 * catalog's declarations is built once, and its type checker checks each new program text as a file of its own, so
 * what the checker resolved of the library and the catalog (Array, Promise, the tools' types) is reused by every check.
 */
import { createRequire } from "node:module"
import { dirname } from "node:path"
import type * as TS from "typescript"

export type TypeScript = typeof TS

let loaded: TypeScript | undefined

/**
 * `typescript` is an optional peer dependency (docs/typecheck.md#installing): required only here, on the first
 * check, so a runtime with `typecheck: "off"` and the package's own import never load it.
 */
export const loadTypeScript = (): TypeScript => (loaded ??= createRequire(import.meta.url)("typescript") as TypeScript)

/** Whether `typescript` can be found from here, without loading it (`CodeMode.make` refuses a mode it cannot run). */
export const typeScriptAvailable = (): boolean => {
  if (loaded !== undefined) return true
  try {
    createRequire(import.meta.url).resolve("typescript")
    return true
  } catch {
    return false
  }
}

export const PROGRAM_FILE = "/codemode/program.ts"
export const CATALOG_FILE = "/codemode/catalog.d.ts"
export const PRELUDE_FILE = "/codemode/prelude.d.ts"

/**
 * Lenient on purpose: no strict null checks and implicit `any` allowed, so untyped JavaScript type-checks as it runs;
 * findings are chosen afterwards (findings.ts). Every non-declaration file is a module, so the program's own
 * declarations never clash with the declared globals.
 */
const optionsOf = (ts: TypeScript): TS.CompilerOptions => ({
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ["lib.esnext.d.ts"],
  types: [],
  noResolve: true,
  noEmit: true,
  strict: false,
  noImplicitAny: false,
  strictNullChecks: false,
  skipLibCheck: true,
  allowUnreachableCode: true,
  allowUnusedLabels: true,
  noLib: false,
})

interface Warm {
  readonly ts: TypeScript
  readonly options: TS.CompilerOptions
  readonly libDir: string
  /** Library files by name, parsed once. */
  readonly lib: Map<string, TS.SourceFile>
  /** Checkers by catalog and prelude text (the runtimes in use; a few entries, least recently used dropped). */
  readonly bases: Map<string, Base>
  /** Numbers each checked file's name: the checker keeps diagnostics by file name. */
  serial: number
}

/** A program over the library and one catalog's and prelude's declarations, and its checker. */
interface Base {
  readonly program: TS.Program
  readonly checker: TS.TypeChecker
  /** Program texts this checker has checked; it keeps what it learned of each, so it is replaced after a few. */
  checks: number
}

let warm: Warm | undefined

const BASES_KEPT = 4
/** Checks per checker before a new one is built: bounds what it keeps (types, links and diagnostics per file). */
const CHECKS_PER_BASE = 200

const start = (): Warm => {
  const ts = loadTypeScript()
  const options = optionsOf(ts)
  const libDir = dirname(ts.getDefaultLibFilePath(options))
  return { ts, options, libDir, lib: new Map(), bases: new Map(), serial: 0 }
}

const libFile = (w: Warm, fileName: string): TS.SourceFile | undefined => {
  let file = w.lib.get(fileName)
  if (file === undefined) {
    const text = w.ts.sys.readFile(fileName)
    if (text === undefined) return undefined
    file = w.ts.createSourceFile(fileName, text, w.ts.ScriptTarget.ESNext, false)
    w.lib.set(fileName, file)
  }
  return file
}

/** A program over the library and `files` (in memory, by name). */
const programOf = (w: Warm, files: ReadonlyMap<string, TS.SourceFile>): TS.Program => {
  const { ts } = w
  const host: TS.CompilerHost = {
    getSourceFile: (fileName) => files.get(fileName) ?? libFile(w, fileName),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    getDefaultLibLocation: () => w.libDir,
    writeFile: () => undefined,
    getCurrentDirectory: () => "/codemode",
    getCanonicalFileName: (fileName) => fileName,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (fileName) => files.has(fileName) || ts.sys.fileExists(fileName),
    readFile: (fileName) => files.get(fileName)?.text ?? ts.sys.readFile(fileName),
  }
  return ts.createProgram({ rootNames: [...files.keys()], options: w.options, host })
}

const declarationFiles = (w: Warm, catalog: string, prelude: string): Map<string, TS.SourceFile> =>
  new Map([
    [CATALOG_FILE, w.ts.createSourceFile(CATALOG_FILE, catalog, w.ts.ScriptTarget.ESNext, true)],
    [PRELUDE_FILE, w.ts.createSourceFile(PRELUDE_FILE, prelude, w.ts.ScriptTarget.ESNext, true)],
  ])

const baseFor = (w: Warm, catalog: string, prelude: string): Base => {
  const key = `${catalog}\n\0${prelude}`
  let base = w.bases.get(key)
  w.bases.delete(key)
  if (base === undefined || base.checks >= CHECKS_PER_BASE) {
    if (w.bases.size >= BASES_KEPT) w.bases.delete(w.bases.keys().next().value!)
    const program = programOf(w, declarationFiles(w, catalog, prelude))
    base = { program, checker: program.getTypeChecker(), checks: 0 }
  }
  w.bases.set(key, base)
  return base
}

/** The checker's internals the reuse needs (present in the typescript versions the peer range allows). */
interface Internals {
  readonly bindSourceFile?: (file: TS.SourceFile, options: TS.CompilerOptions) => void
}
interface CheckerInternals {
  readonly getDiagnostics?: (file: TS.SourceFile) => ReadonlyArray<TS.Diagnostic>
}
type Filed = TS.SourceFile & {
  path?: string
  resolvedPath?: string
  originalFileName?: string
  bindDiagnostics?: ReadonlyArray<TS.Diagnostic>
  commentDirectives?: ReadonlyArray<unknown>
}

/**
 * The program file's semantic diagnostics from the catalog's warm checker, as `program.getSemanticDiagnostics`
 * gives them (bind then check diagnostics, those skipped under the options dropped); undefined when the file has
 * `@ts-ignore`-style directives or the internals are missing, which the fresh program handles.
 */
const reusedDiagnostics = (w: Warm, base: Base, source: Filed): ReadonlyArray<TS.Diagnostic> | undefined => {
  const bind = (w.ts as unknown as Internals).bindSourceFile
  const checker = base.checker as unknown as CheckerInternals
  if (typeof bind !== "function" || typeof checker.getDiagnostics !== "function") return undefined
  if ((source.commentDirectives?.length ?? 0) > 0) return undefined
  source.path = source.resolvedPath = source.originalFileName = source.fileName
  bind(source, w.options)
  base.checks++
  const all = [...(source.bindDiagnostics ?? []), ...checker.getDiagnostics.call(base.checker, source)]
  const options = w.options as Record<string, unknown>
  return all.filter((d) => {
    const skippedOn = (d as { skippedOn?: string }).skippedOn
    return skippedOn === undefined || !options[skippedOn]
  })
}

/** The base's declaration files (parsed when it was built). */
const filesOf = (base: Base): Map<string, TS.SourceFile> =>
  new Map([CATALOG_FILE, PRELUDE_FILE].map((name) => [name, base.program.getSourceFile(name)!]))

/** One program over the library, the declarations and the program file: the reference the reuse must equal. */
const freshDiagnostics = (w: Warm, source: TS.SourceFile, files: Map<string, TS.SourceFile>) => {
  files.set(source.fileName, source)
  const program = programOf(w, files)
  return { checker: program.getTypeChecker(), diagnostics: program.getSemanticDiagnostics(source) }
}

/**
 * The checked text is the program as an async function's body: the compiler checks nothing after a top-level
 * `return` (it reports the statement and stops), and the runtime runs programs as such a body. The prefix stays on
 * the first line; `Checked.offset` takes it off every position.
 */
const PREFIX = "async function __codemode_program__() {"

/** Milliseconds the process spent loading the compiler and its library, once; the run that paid it is told. */
let startup = 0

export interface Checked {
  /** What this check spent on the process's one-time start (loading `typescript`, parsing the library). */
  readonly startupMs: number
  /** Characters before the program's own text in `source`. */
  readonly offset: number
  readonly ts: TypeScript
  readonly checker: TS.TypeChecker
  readonly source: TS.SourceFile
  readonly diagnostics: ReadonlyArray<TS.Diagnostic>
}

/**
 * Type-checks `code` against the two declaration texts; semantic diagnostics of the program file only. `fresh`
 * builds a program for this check alone (the reference the warm checker is compared with in the tests).
 */
export const checkText = (code: string, catalog: string, prelude: string, fresh = false): Checked => {
  const began = warm === undefined ? Date.now() : undefined
  const w = (warm ??= start())
  const { ts } = w
  const text = `${PREFIX}${code}\n}\n`
  const fileName = fresh ? PROGRAM_FILE : `/codemode/program-${++w.serial}.ts`
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS)
  const base = fresh ? undefined : baseFor(w, catalog, prelude)
  const reused = base && reusedDiagnostics(w, base, source)
  const { checker, diagnostics } =
    base !== undefined && reused !== undefined
      ? { checker: base.checker, diagnostics: reused }
      : freshDiagnostics(w, source, base !== undefined ? filesOf(base) : declarationFiles(w, catalog, prelude))
  // The first check also parses the library (lazily, in createProgram): counted as start-up, not as the program's.
  if (began !== undefined) startup = Date.now() - began
  return { startupMs: began !== undefined ? startup : 0, offset: PREFIX.length, ts, checker, source, diagnostics }
}
