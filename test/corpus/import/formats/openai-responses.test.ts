import { describe, expect, it } from "vitest"
import { openaiResponses } from "../../../../src/corpus/import/formats/openai-responses.js"
import { fixtureText, readFixture } from "./fixtures.js"

const compact = (name: string): string => JSON.stringify(JSON.parse(fixtureText("openai-responses", name)))

describe("openai-responses on recorded responses", () => {
  it("reads programmatic tool calling: the model's program and the function call it made", () => {
    // jq -c '[.output[] | {type, name, call_id}]' programmatic-tool-calling.1.json
    //   → reasoning, program call_O2IvSLQcJ0bwIvJZ2ovGV69M, function_call getInventory call_rj6LW6NEyodD5YVKeoexoLNz
    const { calls, problems } = readFixture("openai-responses", "programmatic-tool-calling.1.json")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.callId])).toEqual([
      ["program", "call_O2IvSLQcJ0bwIvJZ2ovGV69M"],
      ["getInventory", "call_rj6LW6NEyodD5YVKeoexoLNz"],
    ])
    expect(calls[0]!.input).toBe(
      JSON.parse(fixtureText("openai-responses", "programmatic-tool-calling.1.json")).output[1].code,
    )
    expect(calls[0]!.input).toMatch(/^const inventory = await tools\.getInventory\(\{sku: "sku_123"\}\);/)
    expect(calls[1]!.input).toEqual({ sku: "sku_123" })
    expect(calls[0]!.provenance).toMatchObject({
      format: "openai-responses",
      line: 1,
      model: "gpt-5.6-sol",
      timestamp: new Date(1784759791 * 1000).toISOString(),
    })
    // the response echoes its tools: jq -c '[.tools[] | (.name // .type)]'
    expect(calls[0]!.tools?.map((t) => t.name)).toEqual(["programmatic_tool_calling", "getInventory", "getDemand"])
  })

  it("pairs a program with the program_output a later response records", () => {
    const log = [1, 2, 3].map((n) => compact(`programmatic-tool-calling.${n}.json`)).join("\n")
    const { calls, problems } = openaiResponses.read(log, "log.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line])).toEqual([
      ["program", 1],
      ["getInventory", 1],
      ["getDemand", 2],
    ])
    expect(calls[0]!.result).toEqual({
      text: '{"sku":"sku_123","availableUnits":42,"requestedUnits":31,"sufficient":true}',
    })
  })

  it("reads code interpreter calls with their logs as the result", () => {
    // jq -c '.output[] | select(.type=="code_interpreter_call") | {id, outputs}' → 3 calls, the second without logs
    const { calls } = readFixture("openai-responses", "openai-code-interpreter-tool.1.json")
    expect(calls.map((c) => c.tool)).toEqual(["code_interpreter", "code_interpreter", "code_interpreter"])
    expect(calls.map((c) => c.result?.text)).toEqual([
      "(10000, 70024)",
      "",
      "(21680, '/mnt/data/two_dice_sums_10000.txt')",
    ])
    expect(calls[0]!.input).toMatch(/^import random\r\n/)
    expect(calls[0]!.provenance).toMatchObject({ model: "gpt-5-nano-2025-08-07" })
  })

  it("reads a shell call's action as its input", () => {
    const { calls } = readFixture("openai-responses", "openai-shell-tool.1.json")
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ tool: "shell", provenance: { callId: "call_udkLUvR8lWvG8cDO2B6GNpvZ" } })
    expect((calls[0]!.input as { commands: string[] }).commands).toHaveLength(3)
  })

  it("reads a request's replayed calls without a model, paired with their outputs", () => {
    const response = JSON.parse(fixtureText("openai-responses", "programmatic-tool-calling.2.json"))
    const call = response.output[0]
    const request = {
      model: "gpt-5.6-sol",
      input: [call, { type: "function_call_output", call_id: call.call_id, output: '{"requestedUnits":31}' }],
    }
    const { calls } = openaiResponses.read(JSON.stringify(request), "request.json")
    expect(calls).toEqual([
      {
        tool: "getDemand",
        input: { sku: "sku_123" },
        provenance: {
          format: "openai-responses",
          file: "request.json",
          line: 1,
          session: undefined,
          timestamp: undefined,
          model: undefined,
          callId: "call_IYnPSr6i8TyBPs1H9U539pUP",
        },
        tools: undefined,
        result: { text: '{"requestedUnits":31}', isError: undefined },
      },
    ])
  })

  it("reports a function call without a name at its record's line", () => {
    const response = JSON.parse(fixtureText("openai-responses", "programmatic-tool-calling.2.json"))
    delete response.output[0].name
    const log = [compact("openai-shell-tool.1.json"), JSON.stringify(response)].join("\n")
    const { calls, problems } = openaiResponses.read(log, "n.jsonl")
    expect(calls.map((c) => c.tool)).toEqual(["shell"])
    expect(problems).toEqual([{ file: "n.jsonl", line: 2, message: "output[0]: function_call without a name" }])
  })
})

describe("openai-responses on a streamed response logged event by event", () => {
  it("reads each finished item at its line, once, with the model of the response", () => {
    // grep -n 'output_item.done' → lines 4 (reasoning), 6 (program), 10 (function_call); line 11 response.completed
    const { calls, problems } = readFixture("openai-responses", "programmatic-tool-calling.1.chunks.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line, c.provenance.model])).toEqual([
      ["program", 6, "gpt-5.6-sol"],
      ["getInventory", 10, "gpt-5.6-sol"],
    ])
    expect(calls[0]!.input).toMatch(/^const inventory = await tools\.getInventory\(/)
  })
})
