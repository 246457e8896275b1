// Console lines in the format of the @opencode-ai/codemode 1.18 contract (see src/interpreter/builtins/console.ts):
// hosts show them to models, so the shape of a line is part of the contract.
import { describe, expect, it } from "vitest"
import { fakeHost, run } from "./harness.js"

const lines = async (code: string): Promise<ReadonlyArray<string>> => {
  const host = fakeHost()
  const outcome = await run(code, host)
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true)
  return host.lines
}

describe("console lines", () => {
  it("prints top-level strings bare and containers as compact JSON, whose data parses back", async () => {
    const [line] = await lines(`console.log("rows:", { name: "Demo", tags: ["a", "b"], n: 2, ok: true, none: null })`)
    expect(line).toBe('rows: {"name":"Demo","tags":["a","b"],"n":2,"ok":true,"none":null}')
    expect(JSON.parse(line!.slice("rows: ".length))).toEqual({
      name: "Demo",
      tags: ["a", "b"],
      n: 2,
      ok: true,
      none: null,
    })
  })

  it("marks the level of warn, error and debug lines; log and info carry none", async () => {
    expect(
      await lines(`console.log("l"); console.info("i"); console.warn("w", 1); console.error("e"); console.debug("d")`),
    ).toEqual(["l", "i", "[warn] w 1", "[error] e", "[debug] d"])
  })

  it("keeps NaN and Infinity readable where JSON would print null; nested undefined prints null", async () => {
    expect(await lines(`console.log(NaN, -Infinity, undefined, { r: NaN, xs: [Infinity, undefined] })`)).toEqual([
      'NaN -Infinity undefined {"r":NaN,"xs":[Infinity,null]}',
    ])
  })

  it("renders built-in values by their own text at any depth", async () => {
    expect(
      await lines(
        `console.log([new Date(0), /a+/gi, new URL("https://x.test/p?q=1"), new URLSearchParams("a=1&b=2"), new Map([["k", [1]]]), new Set(["s"])])`,
      ),
    ).toEqual(['[1970-01-01T00:00:00.000Z,/a+/gi,https://x.test/p?q=1,a=1&b=2,Map(1) [["k",[1]]],Set(1) ["s"]]'])
  })

  it("is total: cycles, functions, tool references and promises become markers instead of failing", async () => {
    const [line] = await lines(
      `const o = { f: (x) => x, t: tools, max: Math.max, p: Promise.resolve(1) }; o.self = o; console.log(o)`,
    )
    expect(line).toBe(
      '{"f":[CodeMode reference],"t":[CodeMode reference],"max":[CodeMode reference],"p":[Promise (await it to get its value)],"self":[Circular]}',
    )
    const deep = await lines(`let v = 1; for (let i = 0; i < 40; i++) v = [v]; console.log(v)`)
    expect(deep[0]).toContain("...")
    expect(deep[0]!.startsWith("[".repeat(33))).toBe(true)
  })

  it("console.dir prints its first argument only", async () => {
    expect(await lines(`console.dir({ nested: { ok: true } }, { depth: 0 }); console.dir(); console.dir("s")`)).toEqual(
      ['{"nested":{"ok":true}}', "undefined", "s"],
    )
  })

  it("console.table prints a tab-separated table, with optional columns and a Value column for non-objects", async () => {
    expect(
      await lines(`
        console.table([{ name: "Kit", n: 1, hidden: "x" }, { name: "Olive", n: 2 }], ["name", "n"])
        console.table([{ when: new Date(0) }, 7])
        console.table({ a: { x: 1 }, b: { y: "s" } })
        console.table("plain")`),
    ).toEqual([
      "(index)\tname\tn\n0\tKit\t1\n1\tOlive\t2",
      "(index)\twhen\tValue\n0\t1970-01-01T00:00:00.000Z\t\n1\t\t7",
      "(index)\tx\ty\na\t1\t\nb\t\ts",
      "(index)\tValue\n0\tplain",
    ])
  })
})
