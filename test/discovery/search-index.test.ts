// The word index must score exactly like a direct transcription of @opencode-ai/codemode 1.18's rules (substring checks on every
// tool's text). Differential property test over generated trees and queries.
import { describe, expect } from "vitest"
import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { make, type Tree } from "../../src/tool/Tool.js"
import { listTools, prepareSearchIndex, scoreQuery, termForms, tokenize } from "../../src/discovery/index.js"

const run = () => Effect.succeed(null)
const syllables = ["is", "sue", "es", "or", "der", "s", "list", "a", "e", "Id", "user", "repo", "x1", "-", "_", " "]
const word = fc.array(fc.constantFrom(...syllables), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(""))
const segment = word.map((text) => text.replace(/\./g, "") || "t")

const toolArb = fc.record({
  description: fc.array(word, { maxLength: 4 }).map((words) => words.join(" ")),
  props: fc.array(fc.record({ name: segment, description: fc.option(word, { nil: undefined }) }), { maxLength: 3 }),
})
const treeArb = fc
  .dictionary(segment, fc.dictionary(segment, toolArb, { minKeys: 1, maxKeys: 4 }), { minKeys: 1, maxKeys: 4 })
  .filter((tree) => !Object.keys(tree).includes("$codemode"))

const toTree = (
  spec: Record<
    string,
    Record<string, { description: string; props: Array<{ name: string; description: string | undefined }> }>
  >,
): Tree<any> =>
  Object.fromEntries(
    Object.entries(spec).map(([namespace, tools]) => [
      namespace,
      Object.fromEntries(
        Object.entries(tools).map(([name, t]) => [
          name,
          make({
            description: t.description,
            input: {
              type: "object",
              properties: Object.fromEntries(
                t.props.map((p) => [p.name, p.description === undefined ? {} : { description: p.description }]),
              ),
            },
            run,
          }),
        ]),
      ),
    ]),
  )

/** @opencode-ai/codemode 1.18 "Discovery", transcribed directly. */
const naiveScores = (tree: Tree<any>, query: string): Map<string, number> => {
  const out = new Map<string, number>()
  const terms = tokenize(query).map(termForms)
  for (const leaf of listTools(tree)) {
    const path = leaf.path.toLowerCase()
    const segments = leaf.segments.map((s) => s.toLowerCase())
    const description = leaf.definition.description.toLowerCase()
    const input = leaf.definition.input as { properties: Record<string, { description?: string }> }
    const text = [
      leaf.path,
      leaf.definition.description,
      ...Object.entries(input.properties).flatMap(([name, p]) =>
        p.description === undefined ? [name] : [name, p.description],
      ),
    ]
      .join("\n")
      .toLowerCase()
    let score = 0
    for (const forms of terms) {
      if (forms.some((form) => path === form || segments.includes(form))) score += 20
      if (forms.some((form) => path.includes(form))) score += 8
      if (forms.some((form) => description.includes(form))) score += 4
      if (forms.some((form) => text.includes(form))) score += 2
    }
    if (score > 0) out.set(leaf.path, score)
  }
  return out
}

describe("search index", () => {
  test.prop([treeArb, fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "))], {
    numRuns: 300,
  })("scores equal the direct transcription of the rules", (spec, query) => {
    let tree: Tree<any>
    try {
      tree = toTree(spec)
      listTools(tree)
    } catch {
      return // Generated duplicates after dotted-key splitting are rejected by listTools; nothing to compare.
    }
    expect(scoreQuery(prepareSearchIndex(tree), query)).toEqual(naiveScores(tree, query))
  })
})
