/**
 * Which test262 files the project is measured on, and what each one's front matter asks for. The selection is the
 * language plus the built-ins a code-mode program uses (the snapshot already holds only those), minus what a
 * code-mode guest deliberately has no use for or cannot have: generators and async iteration, private class
 * members, modules and dynamic import, Proxy/Reflect, typed arrays and buffers, tests that only run in sloppy mode
 * (the guest is always strict) or raw, proposals not yet in the language, and tests that need the host hooks of
 * `$262` (other realms, agents, the garbage collector).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"

export interface TestMeta {
  /** Path relative to the test262 root, with forward slashes, e.g. `test/language/statements/if/S12.5_A1.1_T1.js`. */
  readonly path: string
  readonly source: string
  readonly includes: ReadonlyArray<string>
  readonly flags: ReadonlyArray<string>
  readonly features: ReadonlyArray<string>
  /** `negative: { phase, type }` of the front matter, when the test expects an error. */
  readonly negative?: { readonly phase: string; readonly type: string } | undefined
}

/** Features whose tests are out of the selection, with the reason (printed by `--why`). */
export const SKIPPED_FEATURES: Readonly<Record<string, string>> = {
  generators: "generators",
  "async-iteration": "async iteration",
  "Symbol.asyncIterator": "async iteration",
  "Array.fromAsync": "async iteration",
  "class-fields-private": "private class members",
  "class-fields-private-in": "private class members",
  "class-methods-private": "private class members",
  "class-static-fields-private": "private class members",
  "class-static-methods-private": "private class members",
  "nonextensible-applies-to-private": "private class members",
  "dynamic-import": "modules",
  "import-attributes": "modules",
  "import-defer": "modules",
  "import.meta": "modules",
  "import-text": "modules",
  "json-modules": "modules",
  "source-phase-imports": "modules",
  "source-phase-imports-module-source": "modules",
  "export-star-as-namespace-from-module": "modules",
  "top-level-await": "modules",
  Proxy: "Proxy/Reflect",
  Reflect: "Proxy/Reflect",
  "Reflect.construct": "Proxy/Reflect",
  "Reflect.set": "Proxy/Reflect",
  "Reflect.setPrototypeOf": "Proxy/Reflect",
  TypedArray: "typed arrays",
  ArrayBuffer: "typed arrays",
  SharedArrayBuffer: "typed arrays",
  DataView: "typed arrays",
  "resizable-arraybuffer": "typed arrays",
  Atomics: "typed arrays",
  "cross-realm": "needs $262 host hooks",
  "host-gc-required": "needs $262 host hooks",
  IsHTMLDDA: "needs $262 host hooks",
  "tail-call-optimization": "proper tail calls (no engine ships them)",
  // Proposals that are not part of the language yet.
  "explicit-resource-management": "proposal",
  upsert: "proposal",
  "iterator-chunking": "proposal",
  "joint-iteration": "proposal",
  "await-dictionary": "proposal",
  "RegExp.escape": "proposal",
  "Math.sumPrecise": "proposal",
  decorators: "proposal",
  "regexp-modifiers": "proposal",
  "json-parse-with-source": "proposal",
  Temporal: "proposal",
  "iterator-sequencing": "proposal",
  "Error.isError": "proposal",
  "iterator-includes": "proposal",
  "Iterator.prototype.join": "proposal",
  "error-stack-accessor": "proposal",
  "promise-try": "proposal",
}

const FRONT_MATTER = /\/\*---[\s\S]*?---\*\//

const TYPED_ARRAY = /^(Big)?(Int|Uint|Float)(8|16|32|64)(Clamped)?Array$/

/** Why a test is out of the selection, or undefined when it is in. */
export const exclusion = (meta: TestMeta): string | undefined => {
  if (meta.flags.includes("module")) return "modules"
  if (meta.flags.includes("noStrict")) return "sloppy mode only"
  if (meta.flags.includes("raw")) return "raw (no harness, sloppy)"
  for (const feature of meta.features) {
    const why = SKIPPED_FEATURES[feature]
    if (why !== undefined) return why
    if (TYPED_ARRAY.test(feature)) return "typed arrays"
  }
  if (meta.negative?.phase === "resolution") return "modules"
  if (/\$262\s*\./.test(meta.source)) return "needs $262 host hooks"
  // Generator syntax in tests that do not declare the feature (method shorthands, destructuring fixtures).
  if (/\bfunction\s*\*|\byield\b/.test(meta.source.replace(FRONT_MATTER, ""))) return "generators"
  return undefined
}

const list = (yaml: string, key: string): Array<string> => {
  const inline = new RegExp(`^${key}:\\s*\\[([^\\]]*)\\]`, "m").exec(yaml)
  if (inline)
    return inline[1]!
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
  const block = new RegExp(`^${key}:\\s*\\n((?:[ \\t]+-.*\\n?)+)`, "m").exec(yaml)
  if (block)
    return block[1]!
      .split("\n")
      .map((line) => line.replace(/^\s*-\s*/, "").trim())
      .filter((s) => s !== "")
  return []
}

/** Reads the YAML front matter fields the runner needs (a small reader: test262's front matter is regular). */
export const parseMeta = (path: string, source: string): TestMeta => {
  const yaml = /\/\*---([\s\S]*?)---\*\//.exec(source)?.[1] ?? ""
  const negativeBlock = /^negative:\s*\n((?:[ \t]+\S.*\n?)+)/m.exec(yaml)?.[1]
  const negative =
    negativeBlock === undefined
      ? undefined
      : {
          phase: /phase:\s*(\S+)/.exec(negativeBlock)?.[1] ?? "runtime",
          type: /type:\s*(\S+)/.exec(negativeBlock)?.[1] ?? "Error",
        }
  return {
    path,
    source,
    includes: list(yaml, "includes"),
    flags: list(yaml, "flags"),
    features: list(yaml, "features"),
    negative,
  }
}

/** Every test file under `root/test` (fixtures excluded), sorted by path. */
export const listTests = (root: string): Array<string> => {
  const out: Array<string> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith(".js") && !entry.name.includes("_FIXTURE")) out.push(path)
    }
  }
  walk(join(root, "test"))
  return out.map((p) => relative(root, p).split(sep).join("/")).sort()
}

/** The selection under `root`, optionally narrowed to paths containing one of `filters`. */
export const selectTests = (
  root: string,
  filters: ReadonlyArray<string> = [],
): { readonly tests: Array<TestMeta>; readonly excluded: Map<string, number> } => {
  const tests: Array<TestMeta> = []
  const excluded = new Map<string, number>()
  for (const path of listTests(root)) {
    if (filters.length > 0 && !filters.some((f) => path.includes(f))) continue
    const meta = parseMeta(path, readFileSync(join(root, path), "utf8"))
    const why = exclusion(meta)
    if (why === undefined) tests.push(meta)
    else excluded.set(why, (excluded.get(why) ?? 0) + 1)
  }
  return { tests, excluded }
}
