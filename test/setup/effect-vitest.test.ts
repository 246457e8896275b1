import { assert, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as fc from "fast-check"
import { CodeMode, Tool } from "../../src/index.js"

// @effect/vitest loads with effect 4.1 (vitest.config.ts aliases its fast-check import) and runs Effect tests.
it.effect("it.effect runs an execution through @effect/vitest", () =>
  Effect.gen(function* () {
    const echo = Tool.make({
      description: "Echo",
      input: Schema.Struct({ text: Schema.String }),
      run: ({ text }) => Effect.succeed(text.toUpperCase()),
    })
    const result = yield* CodeMode.execute({
      tools: { util: { echo } },
      code: `return await tools.util.echo({ text: "hi" })`,
    })
    assert.deepStrictEqual(result, { ok: true, value: "HI", toolCalls: [{ name: "util.echo" }] })
  }),
)

it.prop("it.prop draws from fast-check through the alias", [fc.integer()], ([n]) => Number.isSafeInteger(n))
