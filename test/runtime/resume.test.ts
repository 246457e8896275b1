import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Store, Tool } from "../../src/index.js"

/** Tools that count every real run, so a test can prove a journaled call is never made again. */
const counted = () => {
  const runs: Record<string, number> = {}
  const seen: Array<string> = []
  const tool = (name: string, answer: (input: any) => unknown = (input) => ({ name, input })) =>
    Tool.make({
      description: `Counts ${name}`,
      input: { type: "object" },
      run: (input: unknown) =>
        Effect.sync(() => {
          runs[name] = (runs[name] ?? 0) + 1
          seen.push(name)
          return answer(input)
        }),
    })
  let next = 0
  return {
    runs,
    seen,
    tools: {
      repo: {
        read: tool("repo.read", (input) => ({ text: `contents of ${input.path}`, n: ++next })),
        write: tool("repo.write", (input) => ({ wrote: input.path })),
        slow: Tool.make({
          description: "Answers after 30 ms",
          input: { type: "object" },
          run: (input: any) =>
            Effect.as(
              Effect.andThen(
                Effect.sleep("30 millis"),
                Effect.sync(() => void (runs["repo.slow"] = (runs["repo.slow"] ?? 0) + 1)),
              ),
              { slow: input.id },
            ),
        }),
      },
    },
  }
}

const deferWrites: CodeMode.ToolApproval = ({ name }) =>
  Effect.succeed(name === "repo.write" ? { defer: true, reason: "writes need a person" } : { allow: true })

const pendingOf = (result: CodeMode.Result) => {
  if (result.ok || result.error.kind !== "ApprovalPending") throw new Error(`not pending: ${JSON.stringify(result)}`)
  return result.error as CodeMode.Diagnostic & { resumeToken: string; pending: { name: string; index: number } }
}

describe("deferred approvals", () => {
  it.effect("a deferral ends the run ApprovalPending: the call before it ran once, nothing after it ran", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const result = yield* runtime.execute(`
        const a = await tools.repo.read({ path: "a" })
        await tools.repo.write({ path: "a", text: a.text })
        await tools.repo.read({ path: "after" })
        return "done"`)
      const error = pendingOf(result)
      expect(error.pending).toEqual({ name: "repo.write", input: { path: "a", text: "contents of a" }, index: 1 })
      expect(error.message).toContain("Tool call 'repo.write' (call #1) is waiting for approval: writes need a person")
      expect(error.resumeToken).toMatch(/^cmr1\.[\w-]+\.[\w-]+$/)
      expect(result.toolCalls).toEqual([{ name: "repo.read" }, { name: "repo.write" }])
      expect(runs).toEqual({ "repo.read": 1 })
    }),
  )

  it.effect("allow: journaled calls are answered from the journal, the decided call runs, the program goes on", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const code = `
        const a = await tools.repo.read({ path: "a" })
        const w = await tools.repo.write({ path: "a", text: a.text })
        const b = await tools.repo.read({ path: "b" })
        return { a, w, b }`
      const first = pendingOf(yield* runtime.execute(code))
      const resumed = yield* runtime.resume(first.resumeToken, { allow: true })
      expect(resumed).toEqual({
        ok: true,
        value: { a: { text: "contents of a", n: 1 }, w: { wrote: "a" }, b: { text: "contents of b", n: 2 } },
        toolCalls: [{ name: "repo.read" }, { name: "repo.write" }, { name: "repo.read" }],
      })
      // repo.read ran once for "a" (journaled) and once for "b"; its counter shows "a" was never read again.
      expect(runs).toEqual({ "repo.read": 2, "repo.write": 1 })
    }),
  )

  it.effect("deny: the decided call raises the denial, which the program can catch", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const first = pendingOf(
        yield* runtime.execute(`
          await tools.repo.read({ path: "a" })
          try { await tools.repo.write({ path: "a" }) } catch (e) { return "caught: " + e.message }
          return "written"`),
      )
      const resumed = yield* runtime.resume(first.resumeToken, { allow: false, reason: "not today" })
      expect(resumed).toMatchObject({ ok: true, value: "caught: Tool call 'repo.write' was denied: not today" })
      expect(runs).toEqual({ "repo.read": 1 })
    }),
  )

  it.effect("a resumed program may defer again, with a new token, and the whole history is replayed", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const code = `
        const out = []
        for (const path of ["x", "y"]) {
          const r = await tools.repo.read({ path })
          out.push((await tools.repo.write({ path, n: r.n })).wrote)
        }
        return out`
      const first = pendingOf(yield* runtime.execute(code))
      const second = pendingOf(yield* runtime.resume(first.resumeToken, { allow: true }))
      expect(second.pending).toEqual({ name: "repo.write", input: { path: "y", n: 2 }, index: 3 })
      expect(second.resumeToken).not.toBe(first.resumeToken)
      const done = yield* runtime.resume(second.resumeToken, { allow: true })
      expect(done).toMatchObject({ ok: true, value: ["x", "y"] })
      expect(runs).toEqual({ "repo.read": 2, "repo.write": 2 })
    }),
  )

  it.effect("the clock, performance.now and crypto read the same values on resume; Math.random is seeded", () =>
    Effect.gen(function* () {
      const { tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const code = `
        const before = { now: Date.now(), date: new Date().toISOString(), called: Date(), perf: performance.now(),
          uuid: crypto.randomUUID(), bytes: Array.from(crypto.getRandomValues(new Uint8Array(4))), r: Math.random(),
          format: new Intl.DateTimeFormat("en", { timeStyle: "medium", timeZone: "UTC" }).format() }
        await tools.repo.write({ path: "t", before })
        return before`
      const first = pendingOf(yield* runtime.execute(code))
      const recorded = (first.pending as unknown as { input: { before: unknown } }).input.before
      yield* Effect.sleep("20 millis")
      const resumed = yield* runtime.resume(first.resumeToken, { allow: true })
      expect(resumed).toMatchObject({ ok: true, value: recorded })
      // A fresh run of the same program reads other values: the equality above is the replay's doing.
      const fresh = pendingOf(yield* runtime.execute(code))
      const other = (fresh.pending as unknown as { input: { before: { uuid: string } } }).input.before
      expect(other.uuid).not.toBe((recorded as { uuid: string }).uuid)
    }),
  )
})

describe("calls in flight beside the pending one", () => {
  // Promise.all of three calls where the second waits: the first has settled, the third is running when the
  // deferral arrives. The third finishes and is journaled; on resume neither is made again.
  it.effect("a call already running finishes, is journaled and is answered from the journal on resume", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const approve: CodeMode.ToolApproval = ({ name }) =>
        name === "repo.write"
          ? Effect.as(Effect.sleep("5 millis"), { defer: true as const })
          : Effect.succeed({ allow: true as const })
      const runtime = CodeMode.make({ tools, approve })
      const code = `return await Promise.all([
        tools.repo.read({ path: "a" }), tools.repo.write({ path: "b" }), tools.repo.slow({ id: "c" })])`
      const first = pendingOf(yield* runtime.execute(code))
      expect(first.pending.index).toBe(1)
      expect(first.message).not.toContain("stopped before")
      expect(runs).toEqual({ "repo.read": 1, "repo.slow": 1 })
      const resumed = yield* runtime.resume(first.resumeToken, { allow: true })
      expect(resumed).toMatchObject({
        ok: true,
        value: [{ text: "contents of a", n: 1 }, { wrote: "b" }, { slow: "c" }],
      })
      expect(runs).toEqual({ "repo.read": 1, "repo.write": 1, "repo.slow": 1 })
    }),
  )

  it.effect("a call still being approved is stopped, said so, and asked again on resume", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const asked: Array<string> = []
      const approve: CodeMode.ToolApproval = ({ name }) =>
        Effect.suspend((): Effect.Effect<CodeMode.ToolApprovalDecision> => {
          asked.push(name)
          if (name === "repo.write") return Effect.succeed({ defer: true as const, reason: "review" })
          return name === "repo.slow"
            ? Effect.as(Effect.sleep("50 millis"), { allow: true as const })
            : Effect.succeed({ allow: true as const })
        })
      const runtime = CodeMode.make({ tools, approve })
      const code = `const s = tools.repo.slow({ id: "first" }); const w = tools.repo.write({ path: "b" })
        return await Promise.all([s, w])`
      const first = pendingOf(yield* runtime.execute(code))
      expect(first.message).toContain("1 other call was stopped before it ran and will be made on resume")
      expect(runs).toEqual({})
      const resumed = yield* runtime.resume(first.resumeToken, { allow: true })
      expect(resumed).toMatchObject({ ok: true, value: [{ slow: "first" }, { wrote: "b" }] })
      expect(runs).toEqual({ "repo.slow": 1, "repo.write": 1 })
      // repo.slow was asked twice (its first answer never came), repo.write once: the person's decision stands.
      expect(asked).toEqual(["repo.slow", "repo.write", "repo.slow"])
    }),
  )
})

describe("resume tokens", () => {
  const deferredRun = (options: { store?: Store.Store; resumeKey?: string; resumeTtlMs?: number } = {}) =>
    Effect.gen(function* () {
      const counters = counted()
      const runtime = CodeMode.make({ tools: counters.tools, approve: deferWrites, ...options })
      const first = pendingOf(
        yield* runtime.execute(`await tools.repo.read({ path: "a" }); return await tools.repo.write({ path: "a" })`),
      )
      return { runtime, token: first.resumeToken, runs: counters.runs }
    })

  it.effect("a token is refused when altered or signed with another key, and still works unaltered", () =>
    Effect.gen(function* () {
      const store = Store.memory()
      const { runtime, token, runs } = yield* deferredRun({ store, resumeKey: "k".repeat(32) })
      const [prefix, payload, mac] = token.split(".") as [string, string, string]
      const body = JSON.parse(Buffer.from(payload, "base64url").toString())
      const longer = Buffer.from(JSON.stringify({ ...body, e: body.e + 86_400_000 })).toString("base64url")
      for (const altered of [
        `${prefix}.${longer}.${mac}`,
        `${prefix}.${payload}.${mac.slice(0, -2)}AA`,
        "cmr1.x.y",
        "",
      ]) {
        const refused = yield* runtime.resume(altered, { allow: true })
        expect(refused).toMatchObject({ ok: false, error: { kind: "ResumeTokenInvalid" } })
      }
      const other = CodeMode.make({ tools: counted().tools, store, resumeKey: "o".repeat(32) })
      expect(yield* other.resume(token, { allow: true })).toMatchObject({
        ok: false,
        error: { kind: "ResumeTokenInvalid" },
      })
      expect(yield* runtime.resume(token, { allow: true })).toMatchObject({ ok: true, value: { wrote: "a" } })
      expect(runs).toEqual({ "repo.read": 1, "repo.write": 1 })
    }),
  )

  it.effect("a token expires (resumeTtlMs)", () =>
    Effect.gen(function* () {
      const { runtime, token, runs } = yield* deferredRun({ resumeTtlMs: 40 })
      yield* Effect.sleep("60 millis")
      expect(yield* runtime.resume(token, { allow: true })).toMatchObject({
        ok: false,
        error: { kind: "ResumeTokenExpired" },
      })
      expect(runs).toEqual({ "repo.read": 1 })
    }),
  )

  it.effect("a token is used once: a second resume, even a concurrent one, is refused", () =>
    Effect.gen(function* () {
      const { runtime, token, runs } = yield* deferredRun()
      const both = yield* Effect.all([runtime.resume(token, { allow: true }), runtime.resume(token, { allow: true })], {
        concurrency: "unbounded",
      })
      expect(both.filter((r) => r.ok)).toHaveLength(1)
      expect(both.filter((r) => !r.ok && r.error.kind === "ResumeTokenUsed")).toHaveLength(1)
      expect(yield* runtime.resume(token, { allow: false, reason: "late" })).toMatchObject({
        ok: false,
        error: { kind: "ResumeTokenUsed" },
      })
      expect(runs).toEqual({ "repo.read": 1, "repo.write": 1 })
    }),
  )

  it.effect("a resume whose calls differ from the journal is refused with ResumeDiverged naming the call", () =>
    Effect.gen(function* () {
      const store = Store.memory()
      const resumeKey = "shared-key-of-the-deployment"
      const a = counted()
      const code = `const names = Object.keys(tools.repo)
        await tools.repo.read({ path: names.join(",") })
        return await tools.repo.write({ path: "x" })`
      const first = pendingOf(
        yield* CodeMode.make({ tools: a.tools, approve: deferWrites, store, resumeKey }).execute(code),
      )
      // The same deployment with one more tool in its catalog: the program reads a different list and the first
      // call's input differs from the journal's.
      const b = counted()
      const extra = { ...b.tools, repo: { ...b.tools.repo, remove: b.tools.repo.write } }
      const resumed = yield* CodeMode.make({ tools: extra, approve: deferWrites, store, resumeKey }).resume(
        first.resumeToken,
        { allow: true },
      )
      expect(resumed).toMatchObject({ ok: false, error: { kind: "ResumeDiverged" } })
      expect((resumed as { error: { message: string } }).error.message).toContain(
        `call #0 differs from the journal: the journal has tools.repo.read({"path":"read,write,slow"}), this run made tools.repo.read({"path":"read,write,slow,remove"})`,
      )
      expect(b.runs).toEqual({})
    }),
  )

  it("make refuses a short resumeKey and a bad resumeTtlMs", () => {
    expect(() => CodeMode.make({ resumeKey: "short" })).toThrow(RangeError)
    expect(() => CodeMode.make({ resumeTtlMs: 0 })).toThrow(RangeError)
    expect(() => CodeMode.make({ store: {} as never })).toThrow(TypeError)
  })
})

describe("isolated runs", () => {
  it.effect("process isolation defers and resumes the same way, reads replayed in the sandbox", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites, isolation: "process" })
      const code = `const a = await tools.repo.read({ path: "a" })
        const t = { now: Date.now(), uuid: crypto.randomUUID() }
        const w = await tools.repo.write({ path: "a", t })
        return { a, w, t }`
      const first = pendingOf(yield* runtime.execute(code))
      const t = (first.pending as unknown as { input: { t: unknown } }).input.t
      const resumed = yield* runtime.resume(first.resumeToken, { allow: true })
      expect(resumed).toMatchObject({ ok: true, value: { a: { text: "contents of a" }, w: { wrote: "a" }, t } })
      expect(runs).toEqual({ "repo.read": 1, "repo.write": 1 })
    }),
  )
})

describe("raw runs", () => {
  it.effect("runtime.run defers with a receipt naming the waiting call, and resumes with a receipt", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      // A reason with dots in it: the receipt quotes it whole.
      const approve: CodeMode.ToolApproval = ({ name }) =>
        Effect.succeed(
          name === "repo.write" ? { defer: true, reason: "tools.repo.write needs v1.2 review" } : { allow: true },
        )
      const runtime = CodeMode.make({ tools, approve })
      const input = {
        code: 'const r = await tools.repo.read({ path: "p" }); await tools.repo.write({ path: r.text }); return "ok"',
      }
      const first = yield* runtime.run(input)
      pendingOf(first)
      expect(first.receipt.warnings).toContainEqual({
        stage: "run",
        message: "stopped at call #1 (tools.repo.write), waiting for approval: tools.repo.write needs v1.2 review",
      })
      const resumed = (yield* runtime.resume(pendingOf(first).resumeToken, { allow: true })) as CodeMode.RunResult
      expect(resumed).toMatchObject({ ok: true, value: "ok" })
      expect(resumed.receipt.dialect).toBe(first.receipt.dialect)
      expect(runs).toEqual({ "repo.read": 1, "repo.write": 1 })
    }),
  )
})

describe("sessions", () => {
  it.effect("a session resumes its own deferred run; a closed session refuses", () =>
    Effect.gen(function* () {
      const { runs, tools } = counted()
      const runtime = CodeMode.make({ tools, approve: deferWrites })
      const session = runtime.session()
      const code = `const r = await tools.repo.read({ path: "s" }); return await tools.repo.write({ path: r.text })`
      const first = pendingOf(yield* session.execute(code))
      expect(yield* session.resume(first.resumeToken, { allow: true })).toMatchObject({
        ok: true,
        value: { wrote: "contents of s" },
      })
      const second = pendingOf(yield* session.execute(code))
      yield* Effect.promise(() => session.close())
      expect((yield* session.resume(second.resumeToken, { allow: true })).ok).toBe(false)
      expect(runs).toEqual({ "repo.read": 2, "repo.write": 1 })
    }),
  )
})
