/**
 * The repository explains itself: no tracked file (sources, public comments, dialect READMEs, --help texts, the
 * generated corpus/COVERAGE.md) points at a document that is not in it, and every `docs/<page>.md#anchor` it cites
 * names a heading that exists.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file !== "" && existsSync(join(root, file)))

const texts = tracked.flatMap((file) => {
  const bytes = readFileSync(join(root, file))
  return bytes.includes(0) ? [] : [{ file, text: bytes.toString("utf8") }]
})

// Spelled in pieces so this file does not match itself.
const outside = new RegExp(
  [
    ["DESIGN", "DIALECTS", "CORPUS", "STYLE"].map((name) => `\\b${name}\\.md`).join("|"),
    "\\b[Ss]eeds?[- ]?0\\d",
    "\\b[Ss]eeds/",
    "/work/" + "shared",
  ].join("|"),
)

type Hit = { file: string; line: number; text: string }

const hitsOf = (pattern: RegExp, keep: (hit: Hit, match: RegExpExecArray) => boolean = () => true): Hit[] =>
  texts.flatMap(({ file, text }) =>
    text.split("\n").flatMap((lineText, index) => {
      const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g")
      const found: Hit[] = []
      for (let match = global.exec(lineText); match !== null; match = global.exec(lineText)) {
        const hit = { file, line: index + 1, text: lineText.trim().slice(0, 160) }
        if (keep(hit, match)) found.push(hit)
      }
      return found
    }),
  )

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-")

const anchorsOf = (file: string): Set<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  let fenced = false
  for (const line of readFileSync(join(root, file), "utf8").split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line)
    if (heading === null) continue
    const base = slug(heading[1]!.replace(/`/g, ""))
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

describe("the repository refers only to itself", () => {
  it("checks the files that carried outside references, the generated coverage report among them", () => {
    for (const file of ["corpus/COVERAGE.md", "src/cli/commands/corpus.ts", "dialects/pi/README.md", "src/index.ts"])
      expect(tracked).toContain(file)
  })

  it("names no specification, seed or workshop path outside the repository", () => {
    expect(hitsOf(outside)).toEqual([])
  })

  it("resolves every relative path to a shared folder inside the repository", () => {
    const dangling = hitsOf(new RegExp("\\.\\./" + "shared\\b"), (hit, match) => {
      const target = resolve(root, dirname(hit.file), match[0])
      return relative(root, target).startsWith("..") || !existsSync(target)
    })
    expect(dangling).toEqual([])
  })

  it("cites only headings that exist in docs/", () => {
    const pages = new Map<string, Set<string>>()
    const broken = hitsOf(/docs\/([a-z0-9-]+\.md)#([a-z0-9-]+)/, (_hit, match) => {
      const page = `docs/${match[1]}`
      if (!existsSync(join(root, page))) return true
      if (!pages.has(page)) pages.set(page, anchorsOf(page))
      return !pages.get(page)!.has(match[2]!)
    })
    expect(broken).toEqual([])
  })

  it("links only to headings that exist, inside docs/", () => {
    const broken = texts
      .filter(({ file }) => /^docs\/[^/]+\.md$/.test(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\]\((?:\.\/)?([a-z0-9-]+\.md)?#([a-z0-9-]+)\)/g)].flatMap((match) => {
          const page = match[1] === undefined ? file : `docs/${match[1]}`
          return existsSync(join(root, page)) && anchorsOf(page).has(match[2]!) ? [] : [`${file}: ${match[0]}`]
        }),
      )
    expect(broken).toEqual([])
  })

  it("recognises an outside reference and a broken anchor when it sees one", () => {
    expect(outside.test("see " + "DIALECTS" + ".md §5.2")).toBe(true)
    expect(outside.test("the " + "seed" + " 000 contract")).toBe(true)
    expect(outside.test("docs/dialects.md#priority")).toBe(false)
    expect(anchorsOf("docs/dialects.md").has("priority")).toBe(true)
    expect(anchorsOf("docs/dialects.md").has("no-such-section")).toBe(false)
  })
})
