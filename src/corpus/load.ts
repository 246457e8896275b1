import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join, relative, sep } from "node:path"
import { readCaseFile, type Case } from "./cases.js"
import { buildTree } from "./fixture.js"
import { CorpusLoadError, type LoadProblem } from "./errors.js"
import { readToolset, type FixtureToolset } from "./toolset.js"

export interface Corpus {
  readonly root: string
  readonly toolsets: ReadonlyMap<string, FixtureToolset>
  /** Sorted by file path, then by position in a `*.cases.json` array: the order is deterministic. */
  readonly cases: ReadonlyArray<Case>
}

const isCaseFile = (name: string): boolean => name.endsWith(".case.json") || name.endsWith(".cases.json")

/** Case files anywhere under root except `<root>/toolsets/` (docs/corpus-format.md#layout); relative paths, sorted. */
const findCaseFiles = (root: string): string[] => {
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (dir === root && entry.name === "toolsets") continue
        if (entry.name === "node_modules" || entry.name.startsWith(".")) continue
        walk(full)
      } else if (entry.isFile() && isCaseFile(entry.name)) found.push(full)
    }
  }
  walk(root)
  return found
}

/** Reads a JSON file; a syntax error becomes a problem naming the file and, when Node reports it, the position. */
const readJson = (root: string, file: string, problems: LoadProblem[]): { value: unknown } | undefined => {
  const shown = relative(root, file).split(sep).join("/")
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (e) {
    problems.push({ file: shown, field: "", message: `cannot read: ${(e as Error).message}` })
    return undefined
  }
  try {
    return { value: JSON.parse(text) }
  } catch (e) {
    problems.push({ file: shown, field: "", message: `invalid JSON: ${(e as Error).message}` })
    return undefined
  }
}

const display = (root: string, file: string): string => relative(root, file).split(sep).join("/")

/**
 * Loads a corpus root: every toolset under `toolsets/` and every case file elsewhere. All problems are collected
 * and thrown together as one CorpusLoadError, each naming its file and field.
 */
export const loadCorpus = (root: string): Corpus => {
  let isDir = false
  try {
    isDir = statSync(root).isDirectory()
  } catch {
    throw new CorpusLoadError([{ file: root, field: "", message: "no such directory" }])
  }
  if (!isDir) throw new CorpusLoadError([{ file: root, field: "", message: "not a directory" }])
  const problems: LoadProblem[] = []
  const toolsets = new Map<string, FixtureToolset>()
  const toolsetDir = join(root, "toolsets")
  let toolsetFiles: string[] = []
  try {
    if (statSync(toolsetDir).isDirectory())
      toolsetFiles = readdirSync(toolsetDir)
        .filter((n) => n.endsWith(".json"))
        .sort()
  } catch {
    // No toolsets directory: fine for an empty corpus; cases that name a toolset report it below.
  }
  for (const name of toolsetFiles) {
    const file = join(toolsetDir, name)
    const json = readJson(root, file, problems)
    if (!json) continue
    const { toolset, problems: p } = readToolset(display(root, file), json.value, basename(name, ".json"))
    problems.push(...p.list)
    if (toolset) toolsets.set(toolset.name, toolset)
  }
  const cases: Case[] = []
  const firstFile = new Map<string, string>()
  for (const file of findCaseFiles(root)) {
    const json = readJson(root, file, problems)
    if (!json) continue
    const { cases: read, problems: p } = readCaseFile(display(root, file), json.value, (t) =>
      toolsetFiles.includes(`${t}.json`),
    )
    problems.push(...p.list)
    for (const c of read) {
      const previous = firstFile.get(c.id)
      if (previous !== undefined)
        problems.push({
          file: c.file,
          field: "id",
          message: `"${c.id}" is already used in ${previous}; ids are unique within a root`,
        })
      else firstFile.set(c.id, c.file)
      cases.push(c)
    }
  }
  // Two toolsets of one case that claim the same path cannot form one tree: a loading error, not a run failure.
  for (const c of cases) {
    const sets = c.toolsets.map((t) => toolsets.get(t))
    if (sets.every((s) => s !== undefined)) {
      const tree = buildTree(sets)
      if ("conflict" in tree) problems.push({ file: c.file, field: "toolset", message: tree.conflict })
    }
  }
  if (problems.length > 0) throw new CorpusLoadError(problems)
  return { root, toolsets, cases }
}
