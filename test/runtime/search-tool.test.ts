import { describe, expect, it } from "vitest"
import { prepareDiscovery, searchTool } from "../../src/runtime/discovery.js"

describe("$codemode.search as a tool definition", () => {
  it("advertises the documented request and page shapes (@opencode-ai/codemode 1.18 'Discovery'), not an opaque object", () => {
    const tool = searchTool(prepareDiscovery({}, undefined))
    const input = tool.input as { properties?: Record<string, unknown> }
    expect(Object.keys(input.properties ?? {}).sort()).toEqual(["limit", "namespace", "offset", "query"])
    const output = tool.output as { properties?: Record<string, unknown> }
    expect(Object.keys(output.properties ?? {}).sort()).toEqual(["items", "next", "remaining"])
  })
})
