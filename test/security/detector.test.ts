/**
 * The detectors must be able to fail (docs/style.md "no test that cannot fail"): against the unconfined node:vm stand-in
 * (test/runtime/vm-interpreter.ts) the same corpus trips them, and a tool that calls the canary or leaks a secret is
 * seen.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { interpreter, useInterpreter } from "../../src/runtime/engine.js"
import { vmInterpreter } from "../runtime/vm-interpreter.js"
import { buildCorpus } from "./corpus.js"
import { judge, SECRETS } from "./harness.js"

describe("escape detectors", () => {
  it("see a canary call, a secret and a changed host prototype", async () => {
    const bad = CodeMode.make({
      tools: {
        bad: Tool.make({
          description: "misbehaves",
          input: { type: "object" },
          run: () => {
            ;(globalThis as any).__securityCanary("tool")
            ;(Object.prototype as any).__securityPolluted = 1
            return Effect.succeed({ s: SECRETS[0] })
          },
        }),
      },
    })
    try {
      const v = await judge("return await tools.bad({})", bad)
      expect(v.canaryCalls).toBe(1)
      expect(v.leaks).toContain(SECRETS[0])
      expect(v.prototypeChanges).toContain("Object.prototype.__securityPolluted")
    } finally {
      delete (Object.prototype as any).__securityPolluted
    }
  })

  it("flag escapes when the interpreter is the unconfined node:vm stand-in", async () => {
    // Test files share a worker (vitest.config.ts): the stand-in must not outlive this test, or every file after it
    // in the worker runs on node:vm.
    const real = interpreter()
    useInterpreter(vmInterpreter)
    try {
      // A host object handed into a vm context (console.log) lead to the host's Function: the classic vm escape.
      const corpus = buildCorpus(false).filter((p) => p.technique === "ctor-console-math-json")
      expect(corpus.length).toBeGreaterThan(5)
      for (const p of corpus) {
        const v = await judge(p.code)
        expect(v.canaryCalls, p.name).toBeGreaterThan(0)
      }
    } finally {
      useInterpreter(real)
    }
  })
})
