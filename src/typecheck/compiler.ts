/**
 * The TypeScript compiler, loaded on the first check and kept warm: the package and its standard library are read
 * and parsed once per process (`lib.esnext.d.ts` and what it references); each check builds one program over the
 * cached library, the catalog's declarations and the prelude's (both cached by text), and the canonical code.
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
  /** Declaration files by text (catalogs and preludes of the runtimes in use; a few entries). */
  readonly declarations: Map<string, TS.SourceFile>
  old: TS.Program | undefined
}

let warm: Warm | undefined

const DECLARATIONS_KEPT = 16

const start = (): Warm => {
  const ts = loadTypeScript()
  const options = optionsOf(ts)
  const libDir = dirname(ts.getDefaultLibFilePath(options))
  return { ts, options, libDir, lib: new Map(), declarations: new Map(), old: undefined }
}

const declarationFile = (w: Warm, name: string, text: string): TS.SourceFile => {
  const key = `${name}\n${text}`
  let file = w.declarations.get(key)
  if (file === undefined) {
    if (w.declarations.size >= DECLARATIONS_KEPT) w.declarations.delete(w.declarations.keys().next().value!)
    file = w.ts.createSourceFile(name, text, w.ts.ScriptTarget.ESNext, true)
    w.declarations.set(key, file)
  }
  return file
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
  readonly program: TS.Program
  readonly checker: TS.TypeChecker
  readonly source: TS.SourceFile
  readonly diagnostics: ReadonlyArray<TS.Diagnostic>
}

/** Type-checks `code` against the two declaration texts; semantic diagnostics of the program file only. */
export const checkText = (code: string, catalog: string, prelude: string): Checked => {
  const began = warm === undefined ? Date.now() : undefined
  const w = (warm ??= start())
  const { ts } = w
  const text = `${PREFIX}${code}\n}\n`
  const source = ts.createSourceFile(PROGRAM_FILE, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS)
  const files = new Map<string, TS.SourceFile>([
    [PROGRAM_FILE, source],
    [CATALOG_FILE, declarationFile(w, CATALOG_FILE, catalog)],
    [PRELUDE_FILE, declarationFile(w, PRELUDE_FILE, prelude)],
  ])
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
  const program = ts.createProgram({
    rootNames: [CATALOG_FILE, PRELUDE_FILE, PROGRAM_FILE],
    options: w.options,
    host,
    oldProgram: w.old,
  })
  w.old = program
  const checker = program.getTypeChecker()
  const diagnostics = program.getSemanticDiagnostics(source)
  // The first check also parses the library (lazily, in createProgram): counted as start-up, not as the program's.
  if (began !== undefined) startup = Date.now() - began
  return {
    startupMs: began !== undefined ? startup : 0,
    offset: PREFIX.length,
    ts,
    program,
    checker,
    source,
    diagnostics,
  }
}
