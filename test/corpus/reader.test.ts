import { describe, expect, it } from "vitest"
import { CorpusLoadError, renderProblem } from "../../src/corpus/errors.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { aCase, shop, writeCorpus } from "./helpers.js"

/** The rendered problems of loading `files`, or [] when it loads. */
const problems = (files: Record<string, unknown>): string[] => {
  try {
    loadCorpus(writeCorpus(files))
    return []
  } catch (e) {
    if (!(e instanceof CorpusLoadError)) throw e
    return e.problems.map(renderProblem)
  }
}

const withCase = (c: unknown, file = "opencode/a.case.json") => problems({ "toolsets/shop.json": shop, [file]: c })

describe("loading a corpus root (docs/corpus-format.md Layout)", () => {
  it("finds *.case.json and *.cases.json anywhere except toolsets/, in path order", () => {
    const root = writeCorpus({
      "toolsets/shop.json": shop,
      "toolsets/extra/ignored.case.json": "not even json",
      "b/deep/x.case.json": aCase({ id: "x" }),
      "a/y.cases.json": [aCase({ id: "y1" }), aCase({ id: "y2" })],
      "a/notes.json": { not: "a case" },
    })
    const corpus = loadCorpus(root)
    expect(corpus.cases.map((c) => c.id)).toEqual(["y1", "y2", "x"])
    expect(corpus.cases[0]!.file).toBe("a/y.cases.json")
    expect([...corpus.toolsets.keys()]).toEqual(["shop"])
  })

  it("loads an empty root", () => {
    expect(loadCorpus(writeCorpus({})).cases).toEqual([])
  })

  it("rejects a missing root", () => {
    expect(() => loadCorpus("/nonexistent/corpus/root")).toThrow(/no such directory/)
  })

  it("names the file of invalid JSON", () => {
    expect(withCase("{ nope")).toEqual([expect.stringMatching(/^opencode\/a\.case\.json: invalid JSON: /)])
    expect(problems({ "toolsets/shop.json": "[" })).toEqual([
      expect.stringMatching(/^toolsets\/shop\.json: invalid JSON/),
    ])
  })

  it("reports an unknown toolset at the toolset field", () => {
    expect(withCase(aCase({ toolset: "weather" }))).toEqual([
      'opencode/a.case.json: toolset: unknown toolset "weather" (no toolsets/weather.json under the root)',
    ])
    expect(withCase(aCase({ toolset: ["shop", "weather"] }))).toEqual([
      expect.stringContaining("opencode/a.case.json: toolset[1]: unknown toolset"),
    ])
  })

  it("reports duplicate ids with the first file", () => {
    expect(problems({ "toolsets/shop.json": shop, "a.case.json": aCase(), "b/c.case.json": aCase() })).toEqual([
      'b/c.case.json: id: "c1" is already used in a.case.json; ids are unique within a root',
    ])
  })

  it("names the field of each case schema violation", () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [aCase({ id: undefined }), /: id: is required/],
      [aCase({ id: "" }), /: id: must be a non-empty string/],
      [aCase({ dialect: "Cloud Flare" }), /: dialect: "Cloud Flare" is not a dialect id/],
      [aCase({ toolset: [] }), /: toolset: must be a toolset name or a non-empty array/],
      [aCase({ task: 3 }), /: task: must be a non-empty string, got number 3/],
      [aCase({ source: { kind: "scraped", model: "x" } }), /: source\.kind: must be one of model-output/],
      [aCase({ source: { kind: "derived" } }), /: source\.model: is required/],
      [aCase({ input: 42 }), /: input: must be an object, an array or a string, got number 42/],
      [aCase({ input: undefined }), /: input: is required/],
      [aCase({ expect: { value: 1 } }), /: expect\.ok: is required \(a boolean\)/],
      [aCase({ expect: { ok: true, calls: "orders.list" } }), /: expect\.calls: must be an array of strings/],
      [aCase({ expect: { ok: true, calls: ["a", 2] } }), /: expect\.calls\[1\]: must be a non-empty string/],
      [aCase({ expect: { ok: false, diagnostic: "Oops" } }), /: expect\.diagnostic: must be a diagnostic kind/],
      [
        aCase({ expect: { ok: true, diagnostic: "UnknownTool" } }),
        /: expect\.diagnostic: is only meaningful with `ok: false`/,
      ],
      [aCase({ expect: { ok: false, value: 1 } }), /: expect\.value: cannot be given with `ok: false`/],
      [aCase({ expect: { ok: true, valeu: 1 } }), /: expect\.valeu: unknown field/],
      [aCase({ extra: 1 }), /: extra: unknown field/],
      [aCase({ hint: "Co Dex" }), /: hint: "Co Dex" is not a dialect id/],
      [aCase({ expect: { ok: true, message: "boom" } }), /: expect\.message: is only meaningful with `ok: false`/],
      [aCase({ expect: { ok: false, message: "" } }), /: expect\.message: must be a non-empty string/],
      [aCase({ source: { kind: "vendor", model: "vendor (x)" } }), /: source\.origin: is required for a vendor case/],
      [
        aCase({ source: { kind: "vendor", model: "vendor (x)", origin: { repository: "a/b", path: "t.ts" } } }),
        /: source\.origin: a repository origin needs all of repository, path and commit/,
      ],
      [
        aCase({ source: { kind: "vendor", model: "v", origin: { repository: "a/b", path: "t", commit: "main" } } }),
        /: source\.origin\.commit: must be a commit hash/,
      ],
      [aCase({ source: { kind: "model-output", model: "m", origin: {} } }), /: source\.origin: needs a url/],
    ]
    for (const [c, pattern] of cases) {
      const found = withCase(c)
      expect(
        found.some((p) => pattern.test(p)),
        `${pattern} in ${JSON.stringify(found)}`,
      ).toBe(true)
      expect(found.every((p) => p.startsWith("opencode/a.case.json: "))).toBe(true)
    }
  })

  it("accepts a vendor case with its origin and the host's hint", () => {
    const origin = {
      repository: "openai/codex",
      path: "codex-rs/x.rs",
      commit: "00b17c2659c96ab3d0ae8de723b4ce2d686850b1",
    }
    expect(
      withCase(aCase({ hint: "codex", source: { kind: "vendor", model: "vendor (Codex tests)", origin } })),
    ).toEqual([])
    expect(
      withCase(aCase({ source: { kind: "model-output", model: "GPT", origin: { url: "https://x.test/1" } } })),
    ).toEqual([])
  })

  it("allows $-prefixed comment fields", () => {
    expect(withCase(aCase({ $comment: "kept free for notes" }))).toEqual([])
  })

  it("locates problems inside a *.cases.json array and requires the array", () => {
    expect(withCase([aCase({ id: "ok" }), aCase({ id: "bad", task: "" })], "x.cases.json")).toEqual([
      expect.stringMatching(/^x\.cases\.json: \[1\]\.task: must be a non-empty string/),
    ])
    expect(withCase(aCase(), "x.cases.json")).toEqual([
      "x.cases.json: a *.cases.json file must hold an array of cases, got an object",
    ])
  })

  it("names the field of each toolset schema violation", () => {
    const tool = shop.tools[0]!
    const cases: Array<[unknown, RegExp]> = [
      [{ ...shop, name: "store" }, /: name: is "store" but the file is named shop\.json/],
      [{ name: "shop" }, /: tools: is required/],
      [{ ...shop, tools: [{ ...tool, path: [] }] }, /: tools\[0\]\.path: must be a non-empty array/],
      [{ ...shop, tools: [{ ...tool, path: ["a", 1] }] }, /: tools\[0\]\.path\[1\]: must be a non-empty string/],
      [
        { ...shop, tools: [{ ...tool, path: ["$codemode", "x"] }] },
        /: tools\[0\]\.path\[0\]: `\$codemode` is reserved/,
      ],
      [{ ...shop, tools: [{ ...tool, description: undefined }] }, /: tools\[0\]\.description: is required/],
      [{ ...shop, tools: [{ ...tool, input: "object" }] }, /: tools\[0\]\.input: must be a JSON Schema/],
      [{ ...shop, tools: [{ ...tool, output: 3 }] }, /: tools\[0\]\.output: must be a JSON Schema/],
      [{ ...shop, tools: [{ ...tool, cases: {} }] }, /: tools\[0\]\.cases: must be an array/],
      [{ ...shop, tools: [{ ...tool, cases: [{ result: 1 }] }] }, /: tools\[0\]\.cases\[0\]\.when: is required/],
      [{ ...shop, tools: [{ ...tool, cases: [{ when: {} }] }] }, /: tools\[0\]\.cases\[0\]: needs `result` or `error`/],
      [{ ...shop, tools: [{ ...tool, cases: [{ when: {}, result: 1, error: "x" }] }] }, /cases\[0\]: has both/],
      [
        { ...shop, tools: [{ ...tool, cases: [{ when: {}, error: 5 }] }] },
        /cases\[0\]\.error: must be a non-empty string/,
      ],
      [{ ...shop, tools: [{ ...tool, default: { value: 1 } }] }, /: tools\[0\]\.default\.value: unknown field/],
      [{ ...shop, tools: [tool, tool] }, /: tools\[1\]\.path: duplicates tools\[0\]\.path/],
    ]
    for (const [toolset, pattern] of cases) {
      const found = problems({ "toolsets/shop.json": toolset })
      expect(
        found.some((p) => pattern.test(p)),
        `${pattern} in ${JSON.stringify(found)}`,
      ).toBe(true)
      expect(found.every((p) => p.startsWith("toolsets/shop.json: "))).toBe(true)
    }
  })

  it("rejects two toolsets of one case that claim the same tool", () => {
    const other = { name: "other", tools: [{ path: ["orders", "list"], description: "x", input: {} }] }
    expect(
      problems({
        "toolsets/shop.json": shop,
        "toolsets/other.json": other,
        "a.case.json": aCase({ toolset: ["shop", "other"] }),
      }),
    ).toEqual(["a.case.json: toolset: tool orders.list of toolset other clashes with toolset shop"])
  })

  it("reports every problem at once", () => {
    expect(
      problems({ "toolsets/shop.json": shop, "a.case.json": "{", "b.case.json": aCase({ task: "" }) }),
    ).toHaveLength(2)
  })
})
