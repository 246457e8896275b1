// JSON Schema → TypeScript rendering, one construct per test (@opencode-ai/codemode 1.18 "Discovery"; unresolved → `unknown`).
import { describe, expect, test } from "vitest"
import { renderJsonSchemaSignature, renderType } from "../../src/discovery/index.js"

const lines = (...text: Array<string>) => text.join("\n")

describe("fields and JSDoc", () => {
  test("the 1.18 README's list_issues example renders exactly", () => {
    const input = {
      type: "object",
      properties: {
        owner: { type: "string", description: "Repository owner" },
        after: { type: "string", description: "Cursor from the previous response's pageInfo" },
        perPage: { type: "number", description: "Results per page", default: 30 },
      },
      required: ["owner"],
    }
    expect(renderJsonSchemaSignature("tools.github.list_issues", input)).toBe(
      lines(
        "tools.github.list_issues(input: {",
        "  /** Repository owner */",
        "  owner: string,",
        "  /** Cursor from the previous response's pageInfo */",
        "  after?: string,",
        "  /**",
        "   * Results per page",
        "   * @default 30",
        "   */",
        "  perPage?: number,",
        "}): Promise<unknown>",
      ),
    )
  })

  test("constraint tags: @deprecated, @default, @format, @minItems, @maxItems", () => {
    const rendered = renderType({
      type: "object",
      properties: {
        legacy: { type: "string", deprecated: true },
        homepage: { type: "string", format: "uri" },
        tags: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5, default: ["a", "b"] },
        size: { type: "integer", minimum: 1, default: 10n },
      },
    })
    expect(rendered).toBe(
      lines(
        "{",
        "  /** @deprecated */",
        "  legacy?: string,",
        "  /** @format uri */",
        "  homepage?: string,",
        "  /**",
        '   * @default ["a","b"]',
        "   * @minItems 2",
        "   * @maxItems 5",
        "   */",
        "  tags?: Array<string>,",
        "  size?: number,",
        "}",
      ),
    )
  })

  test("multi-line descriptions keep inner blank lines, lose blank edges, and cannot close the comment", () => {
    const rendered = renderType({
      type: "object",
      properties: { q: { type: "string", description: "\nFirst */ line\n\nSecond line\n" } },
    })
    expect(rendered).toBe(
      lines("{", "  /**", "   * First * / line", "   *", "   * Second line", "   */", "  q?: string,", "}"),
    )
  })

  test("nested objects indent by two spaces per level and carry their own docs", () => {
    const rendered = renderType({
      type: "object",
      properties: {
        filter: {
          type: "object",
          description: "Search filter",
          properties: { state: { type: "string", description: "Issue state" } },
        },
        rows: { type: "array", items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
      },
    })
    expect(rendered).toBe(
      lines(
        "{",
        "  /** Search filter */",
        "  filter?: {",
        "    /** Issue state */",
        "    state?: string,",
        "  },",
        "  rows?: Array<{",
        "    id: string,",
        "  }>,",
        "}",
      ),
    )
  })

  test("non-identifier keys are quoted", () => {
    expect(
      renderType({ properties: { "x-api-key": { type: "string" }, $ok: { type: "null" } }, required: ["$ok"] }),
    ).toBe(lines("{", '  "x-api-key"?: string,', "  $ok: null,", "}"))
  })
})

describe("types", () => {
  test.each([
    [{ type: "string" }, "string"],
    [{ type: "integer" }, "number"],
    [{ type: "boolean" }, "boolean"],
    [{ type: "null" }, "null"],
    [{}, "unknown"],
    [true, "unknown"],
    [false, "never"],
    [{ type: "mystery" }, "unknown"],
    [{ type: "array" }, "Array<unknown>"],
    [{ type: "array", items: { type: "number" } }, "Array<number>"],
    [{ const: "a" }, '"a"'],
    [{ enum: ["open", "closed", 3, null] }, '"open" | "closed" | 3 | null'],
    [{ type: ["string", "null"] }, "string | null"],
    [{ type: "string", nullable: true }, "string | null"],
    [{ anyOf: [{ type: "string" }, { type: "number" }] }, "string | number"],
    [{ oneOf: [{ type: "string" }, { const: 1 }] }, "string | 1"],
    [{ anyOf: [{ type: "string" }, {}] }, "unknown"],
    [{ type: "string", anyOf: [{ minLength: 1 }, { format: "email" }] }, "string"],
    [{ type: "object" }, "Record<string, unknown>"],
    [{ type: "object", additionalProperties: false }, "{}"],
    [{ type: "object", additionalProperties: { type: "number" } }, "Record<string, number>"],
    [{ type: "object", patternProperties: { "^x-": { type: "string" } } }, "Record<string, string>"],
    [{ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] }, "[string, number]"],
    [{ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1 }, "[string, number?]"],
    [{ type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } }, "[string, ...Array<boolean>]"],
    [{ type: "array", items: [{ type: "string" }, { type: "number" }] }, "[string, number]"],
    [{ type: "array", items: [{ type: "string" }], additionalItems: { type: "null" } }, "[string, ...Array<null>]"],
    [{ allOf: [{ type: "string" }, { format: "date" }] }, "string"],
  ])("%j → %s", (schema, expected) => {
    expect(renderType(schema)).toBe(expected)
  })

  test("allOf of objects is an intersection; a union member of an intersection is parenthesized", () => {
    expect(
      renderType({ allOf: [{ anyOf: [{ const: "a" }, { const: "b" }] }, { properties: { x: { type: "string" } } }] }),
    ).toBe(lines('("a" | "b") & {', "  x?: string,", "}"))
  })

  test("additionalProperties next to properties is an index signature", () => {
    expect(renderType({ properties: { id: { type: "string" } }, additionalProperties: { type: "number" } })).toBe(
      lines("{", "  id?: string,", "  [key: string]: number,", "}"),
    )
  })
})

describe("references", () => {
  test("local $defs and definitions refs resolve, with sibling keywords", () => {
    const schema = {
      type: "object",
      properties: {
        owner: { $ref: "#/$defs/User" },
        // Sibling annotations document the field; sibling structure intersects with the target.
        reviewer: { $ref: "#/definitions/User", description: "Who reviews" },
        extra: { $ref: "#/$defs/User", properties: { since: { type: "string" } } },
      },
      $defs: {
        User: { type: "object", description: "A user", properties: { login: { type: "string" } }, required: ["login"] },
      },
      definitions: { User: { type: "object", properties: { login: { type: "string" } } } },
    }
    expect(renderType(schema)).toBe(
      lines(
        "{",
        "  /** A user */",
        "  owner?: {",
        "    login: string,",
        "  },",
        "  /** Who reviews */",
        "  reviewer?: {",
        "    login?: string,",
        "  },",
        "  /** A user */",
        "  extra?: {",
        "    login: string,",
        "  } & {",
        "    since?: string,",
        "  },",
        "}",
      ),
    )
  })

  test("a JSON pointer resolves against the given root (OpenAPI components), with ~1 and %-escapes", () => {
    const root = { components: { schemas: { "a/b": { type: "string" }, "c d": { type: "number" } } } }
    expect(renderType({ $ref: "#/components/schemas/a~1b" }, 0, { root })).toBe("string")
    expect(renderType({ $ref: "#/components/schemas/c%20d" }, 0, { root })).toBe("number")
  })

  test("OpenAPI 3.0 nullable applies beside a $ref", () => {
    const root = { components: { schemas: { Pet: { type: "string" } } } }
    expect(renderType({ $ref: "#/components/schemas/Pet", nullable: true }, 0, { root })).toBe("string | null")
  })

  test("unresolved and remote refs render unknown, never an invented name", () => {
    expect(renderType({ $ref: "#/$defs/Missing" })).toBe("unknown")
    expect(renderType({ $ref: "https://example.com/schema.json" })).toBe("unknown")
    expect(renderType({ properties: { a: { $ref: "#/nowhere" } } })).toBe(lines("{", "  a?: unknown,", "}"))
  })

  test("recursion is bounded: a ref met again inside its own expansion renders unknown", () => {
    const schema = {
      $ref: "#/$defs/Node",
      $defs: { Node: { type: "object", properties: { name: { type: "string" }, child: { $ref: "#/$defs/Node" } } } },
    }
    expect(renderType(schema)).toBe(lines("{", "  name?: string,", "  child?: unknown,", "}"))
  })

  test("nesting deeper than maxDepth renders unknown", () => {
    let deep: Record<string, unknown> = { type: "string" }
    for (let level = 0; level < 20; level++) deep = { type: "object", properties: { next: deep }, required: ["next"] }
    const rendered = renderType(deep)
    expect(rendered).toContain("next: unknown,")
    expect(rendered).not.toContain("string")
    expect(renderType({ type: "array", items: { type: "array", items: { type: "string" } } }, 0, { maxDepth: 1 })).toBe(
      "Array<Array<unknown>>",
    )
  })
})
