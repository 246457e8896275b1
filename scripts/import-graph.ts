// The import graph of the TypeScript sources (src/, dialects/): every module sits in a layer (docs/architecture.md),
// an import goes to the same layer or a lower one, and no import circle remains but the compilers' (a grammar's
// recursion). What does not hold yet is listed in IMPORT_EXCEPTIONS with its reason; an entry that no longer
// matches an import fails the check, so the list shrinks with the work. `npm test` runs it
// (test/repo/import-graph.test.ts); `node dist/scripts/import-graph.js` prints the report.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"
import { IMPORT_EXCEPTIONS } from "./import-exceptions.js"

/** Layers, lowest first: a module's layer is the first whose prefix its path starts with. */
export const LAYERS: ReadonlyArray<{ readonly name: string; readonly paths: ReadonlyArray<string> }> = [
  {
    name: "shared types",
    paths: ["src/position.ts", "src/diagnostic.ts", "src/diagnostic-render.ts", "src/approval-patterns.ts"],
  },
  { name: "syntax, tools, store", paths: ["src/syntax/", "src/tool/", "src/Tool.ts", "src/store/", "src/Store.ts"] },
  // The interpreter's own layers, each importing only those below (issue 30, Deliver 1).
  {
    name: "interpreter: values and errors",
    paths: [
      "src/interpreter/values.ts",
      "src/interpreter/errors.ts",
      "src/interpreter/wrappers.ts",
      "src/interpreter/host.ts",
      "src/interpreter/api.ts",
    ],
  },
  { name: "interpreter: limits", paths: ["src/interpreter/memory-caps.ts", "src/interpreter/memory-budget.ts"] },
  {
    name: "interpreter: execution state",
    paths: [
      "src/interpreter/run-state.ts",
      "src/interpreter/realm.ts",
      "src/interpreter/intrinsics.ts",
      "src/interpreter/tools.ts",
      "src/interpreter/boundary.ts",
      "src/interpreter/accessors.ts",
      "src/interpreter/proto-tables.ts",
    ],
  },
  {
    name: "interpreter: abstract operations",
    paths: [
      "src/interpreter/coerce.ts",
      "src/interpreter/property.ts",
      "src/interpreter/iteration.ts",
      "src/interpreter/proto-accessor.ts",
      "src/interpreter/instance-props.ts",
      "src/interpreter/prototypes.ts",
      "src/interpreter/own-keys.ts",
    ],
  },
  { name: "interpreter: built-ins", paths: ["src/interpreter/builtins/"] },
  { name: "interpreter: compile", paths: ["src/interpreter/compile/", "src/interpreter/subset.ts"] },
  { name: "interpreter: exec", paths: ["src/interpreter/run-program.ts", "src/interpreter/index.ts"] },
  { name: "discovery, OpenAPI", paths: ["src/discovery/", "src/openapi/", "src/OpenAPI.ts"] },
  { name: "frontend, typecheck", paths: ["src/frontend/", "src/typecheck/"] },
  { name: "dialect helpers", paths: ["dialects/shared/"] },
  { name: "dialects", paths: ["dialects/", "src/Frontend.ts"] },
  { name: "runtime", paths: ["src/runtime/"] },
  { name: "isolation", paths: ["src/isolation/", "src/compiled.ts"] },
  { name: "composition root", paths: ["src/compose.ts", "src/CodeMode.ts", "src/index.ts"] },
  { name: "adapters", paths: ["src/mcp/", "src/ai-sdk/", "src/corpus/"] },
  { name: "command line", paths: ["src/cli/"] },
]

/** Folders whose circles are allowed: translators that follow their grammar's recursion. */
const ALLOWED_CIRCLES: ReadonlyArray<string> = [
  "src/interpreter/compile/", // the interpreter's compiler: an expression holds statements (functions) and back
  "src/frontend/python/translate/", // Python to ESTree, the same recursion in Python's grammar
]
const allowedCircle = (circle: ReadonlyArray<string>): boolean =>
  ALLOWED_CIRCLES.some((folder) => circle.every((f) => f.startsWith(folder)))

export interface ImportException {
  readonly from: string
  readonly to: string
  readonly reason: string
}

const SOURCES = ["src", "dialects"]

const sourceFiles = (root: string): string[] => {
  const out: string[] = []
  const visit = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${name}`
      if (statSync(join(root, path)).isDirectory()) {
        if (name !== "fixtures" && name !== "node_modules") visit(path)
      } else if (name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts")) out.push(path)
    }
  }
  for (const dir of SOURCES) visit(dir)
  return out
}

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`; `import type`/`export type` and imports
// of types only are erased by the compiler and make no arrow at load time.
const STATIC = /^\s*(import|export)\s+(type\s+)?([^;"']*?)\s*from\s*["']([^"']+)["']/gm
const BARE = /^\s*import\s*["']([^"']+)["']/gm
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g

const typesOnly = (clause: string): boolean => {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim())
  if (braces === null) return false
  const names = braces[1]!
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "")
  return names.length > 0 && names.every((n) => n.startsWith("type "))
}

/** Module → the modules it imports at load time (relative specifiers inside the sources only). */
export const importGraph = (root: string): Map<string, Set<string>> => {
  const files = sourceFiles(root)
  const known = new Set(files)
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8")
    const specs: string[] = []
    for (const m of text.matchAll(STATIC)) if (m[2] === undefined && !typesOnly(m[3]!)) specs.push(m[4]!)
    for (const m of text.matchAll(BARE)) specs.push(m[1]!)
    for (const m of text.matchAll(DYNAMIC)) specs.push(m[1]!)
    const targets = new Set<string>()
    for (const spec of specs) {
      if (!spec.startsWith(".")) continue
      const target = normalize(join(dirname(file), spec)).replace(/\.js$/, ".ts")
      if (known.has(target)) targets.add(target)
    }
    graph.set(file, targets)
  }
  return graph
}

export const layerOf = (file: string): number => LAYERS.findIndex((l) => l.paths.some((p) => file.startsWith(p)))

/** Strongly connected components of more than one module (Tarjan). */
export const circles = (graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[][] = []
  let next = 0
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) out.push(component.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return out
}

export interface GraphReport {
  /** Modules no layer claims. */
  readonly unlayered: ReadonlyArray<string>
  /** Imports from a lower layer into a higher one, not listed. */
  readonly upward: ReadonlyArray<string>
  /** Circles left once the listed imports are set aside, the compiler's excepted. */
  readonly circles: ReadonlyArray<ReadonlyArray<string>>
  /** Listed imports that no longer exist: remove them from the list. */
  readonly stale: ReadonlyArray<string>
}

export const checkGraph = (
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  exceptions: ReadonlyArray<ImportException> = IMPORT_EXCEPTIONS,
): GraphReport => {
  const listed = new Set(exceptions.map((e) => `${e.from} -> ${e.to}`))
  const stale = [...listed].filter((arrow) => {
    const [from, to] = arrow.split(" -> ") as [string, string]
    return !graph.get(from)?.has(to)
  })
  const unlayered = [...graph.keys()].filter((f) => layerOf(f) < 0)
  const upward: string[] = []
  const kept = new Map<string, Set<string>>()
  for (const [from, targets] of graph) {
    const mine = new Set<string>()
    for (const to of targets) {
      const arrow = `${from} -> ${to}`
      if (listed.has(arrow)) continue
      mine.add(to)
      if (layerOf(to) > layerOf(from)) upward.push(arrow)
    }
    kept.set(from, mine)
  }
  const left = circles(kept).filter((c) => !allowedCircle(c))
  return { unlayered, upward, circles: left, stale }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
  const graph = importGraph(root)
  const report = checkGraph(graph)
  const all = circles(graph).filter((c) => !allowedCircle(c))
  console.log(`${graph.size} modules in ${LAYERS.length} layers; ${IMPORT_EXCEPTIONS.length} listed exceptions`)
  console.log(`circles with the listed imports: ${all.map((c) => c.length).join(", ") || "none"}`)
  for (const [title, items] of Object.entries(report))
    if (items.length > 0) console.log(`${title}:\n  ${items.map((i: unknown) => String(i)).join("\n  ")}`)
  if (Object.values(report).some((items) => items.length > 0)) process.exitCode = 1
}
