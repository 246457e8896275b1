/**
 * Property-based fuzzing (issue item 4): execute always returns a Result; confinement (canaries untouched);
 * termination under a timeout; determinism; agreement with node:vm on pure programs. Counts scale with FUZZ_SCALE.
 */
import * as vm from "node:vm"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { judge } from "../security/harness.js"
import { runs, save } from "./config.js"
import { injected, mutated, program } from "./grammar.js"

const pure = CodeMode.make({ limits: { timeoutMs: 1_000 } })
const exec = (code: string) => Effect.runPromise(pure.execute(code))

const viaVm = async (code: string): Promise<unknown> => {
  try {
    const v = await vm.runInNewContext(`(async () => { ${code} })()`, {}, { timeout: 1_000 })
    return { ok: true, value: JSON.parse(JSON.stringify(v ?? null)) }
  } catch {
    return { ok: false }
  }
}

const guarded = (name: string, f: (code: string) => Promise<boolean>) => async (code: string) => {
  const ok = await f(code)
  if (!ok) save(name, code)
  return ok
}

describe("fuzz", () => {
  it(`agrees with node:vm on generated pure programs and is deterministic (${runs(150)} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        program,
        guarded("differential", async (code) => {
          const a = await exec(code)
          const b = await exec(code)
          expect(b).toEqual(a)
          const reference = (await viaVm(code)) as { ok: boolean; value?: unknown }
          if (reference.ok) expect(a.ok ? a.value : a.error).toEqual(reference.value)
          return true
        }),
      ),
      { numRuns: runs(150) },
    )
  })

  it(`stays confined with hostile fragments injected and mutated (${runs(100)} + ${runs(150)} runs)`, async () => {
    const confined = guarded("confinement", async (code) => {
      const v = await judge(code)
      return (
        v.resultValid &&
        v.canaryCalls === 0 &&
        v.badToolInputs === 0 &&
        !v.escapedMarker &&
        v.prototypeChanges.length === 0 &&
        v.leaks.length === 0
      )
    })
    await fc.assert(fc.asyncProperty(injected, confined), { numRuns: runs(100) })
    await fc.assert(fc.asyncProperty(mutated, confined), { numRuns: runs(150) })
  })
})
