import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { boundedLogs, forModel, modelText, notesOf } from "../../src/runtime/model-output.js"
import type { Receipt } from "../../src/frontend/types.js"

const weather = {
  get: Tool.make({
    description: "Weather in a city",
    input: Schema.Struct({ city: Schema.String }),
    output: Schema.Struct({ city: Schema.String, degrees: Schema.Number }),
    run: ({ city }: { city: string }) => Effect.succeed({ city, degrees: city === "Oslo" ? 4 : 12 }),
  }),
}
const runtime = CodeMode.make({ tools: { weather } })
const run = (input: unknown) => Effect.runPromise(runtime.run(input) as Effect.Effect<CodeMode.RunResult>)
const bytes = (s: string) => Buffer.byteLength(s, "utf8")

const receipt = (changes: Receipt["changes"], warnings: Receipt["warnings"] = []): Receipt =>
  ({ changes, warnings }) as unknown as Receipt

describe("the model-facing output", () => {
  it("a clean program returns its value as JSON and nothing else", async () => {
    const result = await run({ code: 'const o = await tools.weather.get({ city: "Oslo" })\nreturn { warmer: o.city }' })
    expect(modelText(forModel(result))).toBe('{"warmer":"Oslo"}')
    // The host keeps everything: the receipt holds the program as sent and as run.
    expect(result.receipt.input).toEqual({
      code: 'const o = await tools.weather.get({ city: "Oslo" })\nreturn { warmer: o.city }',
    })
    expect(result.toolCalls).toHaveLength(1)
  })

  it("a program that printed and returned nothing reads as its lines; any returned value is kept", async () => {
    const text = async (code: string) => modelText(forModel(await run({ code })))
    expect(await text('console.log("a")\nconsole.log("b")')).toBe("a\nb")
    expect(await text('console.log("a")\nreturn null')).toBe("a")
    expect(await text("return null")).toBe("null")
    expect(await text('console.log("a")\nreturn 0')).toBe("0\na")
    expect(await text('console.log("a")\nreturn ""')).toBe('""\na')
  })

  it("a repaired program adds one short note per kind of repair, within 40 bytes", async () => {
    const fenced =
      "Here you go:\n```js\nconst p = tools.weather.get({ city: 'Paris' })\nconsole.log('got it')\nreturn p.degrees\n```"
    const result = await run({ code: fenced })
    const text = modelText(forModel(result))
    expect(text).toBe("12\ngot it\nnote: fence removed; await added")
    expect(bytes(text) - bytes("12\ngot it")).toBeLessThanOrEqual(40)
  })

  it("a failure says kind, position in the model's text, message and fix", async () => {
    const result = await run({ code: "const x = 1\nreturn await tools.weather.gett({ city: 'Oslo' })" })
    const text = modelText(forModel(result))
    expect(text).toMatch(/^UnknownTool at 2:\d+: /)
    expect(text).toMatch(/\nfix: .*tools\.weather\.get\b/)
  })

  it("lessons that do not fit are counted, never dropped silently", () => {
    const many = receipt([
      { stage: "fences", rule: "fence" },
      { stage: "await", rule: "insert-await" },
      { stage: "json-program", rule: "json-program" },
      { stage: "envelope", rule: "alias:js" },
    ])
    const notes = notesOf(many, 33)
    expect(notes.join("; ").length).toBeLessThanOrEqual(33)
    expect(notes.at(-1)).toMatch(/\(\+\d\)$/)
    const shown = notes.length + Number(/\(\+(\d)\)$/.exec(notes.at(-1)!)![1])
    expect(shown).toBe(4)
    expect(notesOf(many, 5)).toEqual(["4 repairs made"])
  })

  it("style-only rewrites and host-facing fields raise no note", () => {
    expect(
      notesOf(
        receipt([
          { stage: "typescript", rule: "strip-types" },
          { stage: "unwrap", rule: "bare-async-function" },
          { stage: "envelope", rule: "option-field" },
        ]),
        33,
      ),
    ).toEqual([])
  })

  it("a value the JSON crossing changed, or a program that never ran, is always said", () => {
    const notes = notesOf(
      receipt(
        [],
        [
          { message: "result.f is a function: dropped", stage: "run" },
          { message: "result.g is a function: dropped", stage: "run" },
          { message: "nothing was run", stage: "echo" },
        ],
      ),
      60,
    )
    expect(notes).toEqual(["nothing ran: send code", "2 values dropped (JSON result)"])
  })

  it("work cancelled at the end of a run is said, and an approval hold is left to the error", () => {
    const notes = notesOf(
      receipt(
        [],
        [
          {
            message:
              "the deadline came after the program returned: a setTimeout callback was cancelled (await it to keep it)",
            stage: "run",
          },
          { message: "stopped at call #2 (tools.fs.write), waiting for approval", stage: "run" },
        ],
      ),
      60,
    )
    expect(notes).toEqual(["1 unawaited task cancelled"])
  })

  it("logs are kept whole up to their budget, and the rest is counted", () => {
    expect(boundedLogs(["aaaa", "bbbb", "cccc"], 10)).toEqual([
      "aaaa",
      "bbbb",
      "… 1 more log line (in the host's Result)",
    ])
    expect(boundedLogs(["a", "b"], 10)).toEqual(["a", "b"])
  })
})
