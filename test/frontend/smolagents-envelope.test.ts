import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { smolagentsBlocks } from "../../src/frontend/text/smolagents.js"
import { normalize } from "../../src/Frontend.js"
import { makeRuntime, runPython } from "../python/run.js"

const catalog = [
  {
    path: ["get_weather"],
    description: "Weather of a city",
    signature: "(input: { city: string }) => Promise<unknown>",
  },
]
const run = (text: string, hint?: "smolagents") => normalize(text, { catalog, ...(hint ? { hint } : {}) })
let calls: Array<[string, unknown]> = []
const runtime = makeRuntime(
  {
    get_weather: {
      description: "Weather of a city",
      params: ["city"],
      table: { '["SF"]': { city: "SF", sky: "fog" } },
    },
  },
  () => calls,
)
const rule = (n: ReturnType<typeof run>) => n.receipt.changes.find((c) => c.stage === "fences")

describe("smolagents CodeAgent envelopes", () => {
  it("<code> … </code> (current CodeAgent): the block, stripped, is the program", () => {
    const n = run('Thought: I need the weather.\n<code>\nw = get_weather(city="SF")\nfinal_answer(w)\n</code>')
    expect(n.ok).toBe(true)
    expect(n.receipt.language).toBe("python")
    expect(n.code).toContain("tools.get_weather(")
    expect(rule(n)).toMatchObject({ rule: "smolagents-code-tags" })
  })

  it("several <code> blocks run joined, in order, like smolagents", async () => {
    const text =
      'Thought: first the weather.\n<code>\nw = get_weather(city="SF")\n</code>\nThen answer.\n<code>\nfinal_answer(w)\n</code>'
    expect(rule(run(text))!.note).toContain("2 blocks joined with a blank line")
    calls = []
    const { result } = await runPython(runtime, text)
    expect(result).toMatchObject({ ok: true, value: { city: "SF", sky: "fog" } })
    expect(calls).toEqual([["get_weather", { city: "SF" }]])
  })

  it("a reply cut at the </code> stop sequence runs to its end, and says so", () => {
    const n = run('Thought: go.\n<code>\nprint(get_weather(city="SF"))\n')
    expect(n.ok).toBe(true)
    expect(n.code).toContain("tools.get_weather(")
    expect(rule(n)!.note).toContain("no closing </code>")
  })

  it("a fence closed by <end_code> (older CodeAgent) is extracted", () => {
    const n = run('Thought: look it up.\nCode:\n```py\nw = get_weather(city="SF")\nprint(w)\n```<end_code>')
    expect(n.ok).toBe(true)
    expect(n.code).toContain("tools.get_weather(")
    expect(rule(n)).toMatchObject({ rule: "smolagents-end-code" })
  })

  it("a diagnostic points into the block it came from", () => {
    const text = "Thought: two steps.\n<code>\nx = 1\n</code>\n<code>\ny = (\n</code>"
    const n = run(text)
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]!.location?.line).toBe(6)
  })

  it("a JavaScript program holding <code> in a string is left alone", () => {
    const js = 'const html = "<code>x</code>"\nreturn html'
    const n = run(js)
    expect(n.ok).toBe(true)
    expect(rule(n)).toBeUndefined()
    expect(n.code).toContain("<code>x</code>")
  })
})

const hasPython = spawnSync("python3", ["--version"]).status === 0

describe.skipIf(!hasPython)("the <end_code> reading agrees with smolagents' pattern under CPython's re", () => {
  it("2,000 generated replies: the same blocks, stripped, in order", () => {
    const pieces = ["```", "py", "python", "\n", " ", "x", "\t", "<end_code>", "`", "\n```"]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    const replies = Array.from({ length: 2000 }, () => {
      let s = "<end_code>"
      for (let n = next() % 14; n > 0; n--) s = pieces[next() % pieces.length]! + s
      return s
    })
    const ours = replies.map((t) => (smolagentsBlocks(t)?.blocks ?? []).map(([a, b]) => t.slice(a, b)))
    const script =
      "import json, re, sys\n" +
      "pattern = r'```(?:py|python)?\\s*\\n(.*?)\\n```'\n" +
      "print(json.dumps([[m.strip() for m in re.findall(pattern, t, re.DOTALL)] for t in json.load(sys.stdin)]))"
    const r = spawnSync("python3", ["-c", script], { input: JSON.stringify(replies), encoding: "utf8" })
    expect(r.status).toBe(0)
    expect(ours).toEqual(JSON.parse(r.stdout))
  })
})
