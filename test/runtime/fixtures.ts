import { Effect, Schema } from "effect"
import * as Tool from "../../src/Tool.js"
import { toolError } from "../../src/tool/ToolError.js"

/** The Quick Start tool of the @opencode-ai/codemode 1.18 README. */
export const lookupOrder = Tool.make({
  description: "Look up an order by ID",
  input: Schema.Struct({ id: Schema.String }),
  output: Schema.Struct({ id: Schema.String, status: Schema.String }),
  run: ({ id }: { id: string }) => Effect.succeed({ id, status: "open" }),
})

export const echo = Tool.make({
  description: "Echo the input back",
  input: { type: "object" },
  run: (input: unknown) => Effect.succeed(input),
})

export const refuse = Tool.make({
  description: "Always refuses",
  input: { type: "object" },
  run: () => Effect.fail(toolError("Order is unavailable", new Error("postgres://user:cause-secret@db"))),
})

export const SECRETS = ["typed-secret", "defect-secret", "throw-secret", "cause-secret", "proxy-secret"]

export const leaky = {
  failure: Tool.make({
    description: "Fails with a host error",
    input: { type: "object" },
    run: () => Effect.fail(new Error("Authorization: Bearer typed-secret")),
  }),
  defect: Tool.make({
    description: "Dies",
    input: { type: "object" },
    run: () => Effect.die(new Error("postgres://user:defect-secret@db")),
  }),
  throws: Tool.make({
    description: "Throws from run",
    input: { type: "object" },
    run: () => {
      throw new Error("throw-secret")
    },
  }),
  proxy: Tool.make({
    description: "Returns a hostile proxy",
    input: { type: "object" },
    run: () =>
      Effect.succeed(
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("proxy-secret")
            },
          },
        ),
      ),
  }),
}
