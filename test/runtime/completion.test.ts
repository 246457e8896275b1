import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

/**
 * What happens to background work when a program is done: un-awaited calls and reactions are awaited (the 1.18
 * contract), while a call the program already handed to a combinator that settled without it is interrupted, not
 * waited for. `never` never completes on its own, so a run that waited for it would end by its timeout instead.
 */
const host = () => {
  const log: Array<string> = []
  const mark = (what: string) => Effect.sync(() => void log.push(what))
  const tools = {
    slow: Tool.make({
      description: "Answers after 20 ms",
      input: { type: "object" },
      run: (input: unknown) =>
        Effect.sleep(20).pipe(
          Effect.andThen(mark(`done ${(input as { id: number }).id}`)),
          Effect.as((input as { id: number }).id),
          Effect.onInterrupt(() => mark(`interrupted ${(input as { id: number }).id}`)),
        ),
    }),
    never: Tool.make({
      description: "Never answers",
      input: { type: "object" },
      run: () => Effect.never.pipe(Effect.onInterrupt(() => mark("interrupted never"))),
    }),
    fail: Tool.make({
      description: "Refuses",
      input: { type: "object" },
      run: () => Effect.fail(new Error("refused")),
    }),
  }
  const run = (code: string) => CodeMode.execute({ tools, code, limits: { timeoutMs: 3000 } })
  return { log, run }
}

describe("background work when the program is done", () => {
  it.effect("an un-awaited call, and the reaction chained on it, complete before the execution ends", () =>
    Effect.gen(function* () {
      const { log, run } = host()
      const result = yield* run(`tools.slow({ id: 1 }).then(() => tools.slow({ id: 2 })); return "sent"`)
      expect(result).toMatchObject({ ok: true, value: "sent" })
      expect(log).toEqual(["done 1", "done 2"])
    }),
  )

  it.effect("the still-running member of a Promise.all that failed fast is interrupted, not waited for", () =>
    Effect.gen(function* () {
      const { log, run } = host()
      const result = yield* run(
        `try { await Promise.all([tools.never({}), tools.fail({})]) } catch { return "caught" }`,
      )
      expect(result).toMatchObject({ ok: true, value: "caught" })
      expect(log).toEqual(["interrupted never"])
    }),
  )

  it.effect("so are the members an async function left to an observed combinator", () =>
    Effect.gen(function* () {
      const { log, run } = host()
      const result = yield* run(`
        const later = async () => { await tools.never({}); throw new Error("later") }
        try { await Promise.all([Promise.reject(new Error("first")), later()]) } catch (e) { return e.message }
      `)
      expect(result).toMatchObject({ ok: true, value: "first" })
      expect(log).toEqual(["interrupted never"])
    }),
  )

  it.effect("and the losers of Promise.any once one member fulfilled", () =>
    Effect.gen(function* () {
      const { log, run } = host()
      const result = yield* run(`return await Promise.any([tools.fail({}), tools.slow({ id: 1 }), tools.never({})])`)
      expect(result).toMatchObject({ ok: true, value: 1 })
      expect(log).toEqual(["done 1", "interrupted never"])
    }),
  )

  it.effect("a result that cannot cross the boundary fails at once, interrupting the call it holds", () =>
    Effect.gen(function* () {
      const { log, run } = host()
      const result = yield* run(`const pending = tools.never({}); return { pending }`)
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.error.kind).toBe("InvalidDataValue")
        expect(result.error.message).toContain("un-awaited Promise")
      }
      expect(log).toEqual(["interrupted never"])
    }),
  )

  it.effect("a rejected reaction nobody observed fails the run, as an un-awaited failing call does", () =>
    Effect.gen(function* () {
      const { run } = host()
      const result = yield* run(`tools.fail({}).then((v) => v); return "done"`)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.message).toMatch(/^Unhandled rejection: /)
    }),
  )
})
