import { describe, expect, it } from "vitest"
import { dialect as deepseek } from "../../dialects/deepseek/index.js"
import { dialect as tanstack } from "../../dialects/tanstack/index.js"
import { dialect as utcp } from "../../dialects/utcp/index.js"
import { dialect as vercel } from "../../dialects/vercel/index.js"
import { parse } from "./harness.js"

/** docs/dialects.md#signals envelope signals, read from `DetectInfo.envelopeFields` (the fields the model sent). */
const info = (envelopeFields: string[]) => ({ typescript: false, envelopeFields, tools: [] })
const program = parse(`return 1`).program

describe("envelope evidence", () => {
  it.each([
    [vercel, ["js"], "envelope js"],
    [tanstack, ["typescriptCode"], "envelope typescriptCode"],
    [deepseek, ["code", "description"], "envelope { code, description }"],
    [utcp, ["code", "timeout", "max_output_size"], "envelope max_output_size"],
  ] as const)("%s", (dialect, fields, signal) => {
    expect(dialect.detect(program, "return 1", info([...fields]))).toEqual([
      { dialect: dialect.id, signal, strength: "strong" },
    ])
    expect(dialect.detect(program, "return 1", info(["code"]))).toEqual([])
  })
})
