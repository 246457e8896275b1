// In the isolated modes the check runs in the sandbox, after the frontend there: the host never loads the compiler.
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"

const require = createRequire(import.meta.url)
const index = fileURLToPath(new URL("../../dist/src/index.js", import.meta.url))

/**
 * Runs two programs in a fresh host process (the built package) and reports what the host loaded. A script file,
 * not `-e`: a worker sandbox inherits the host's `execArgv`, and `--input-type` fails it.
 */
const probe = (isolation: string, mode: string) => {
  const script = join(mkdtempSync(join(tmpdir(), "typecheck-")), "probe.mjs")
  writeFileSync(
    script,
    `import { createRequire } from "node:module"
         const { Effect } = await import(${JSON.stringify(pathToFileURL(require.resolve("effect")).href)})
         const { CodeMode, Tool } = await import(${JSON.stringify(pathToFileURL(index).href)})
         let calls = 0
         const get = Tool.make({
           description: "Get an order",
           input: { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false },
           run: () => Effect.sync(() => (calls++, { id: "a" })),
         })
         const runtime = CodeMode.make({ tools: { orders: { get } }, isolation: ${JSON.stringify(isolation)}, typecheck: ${JSON.stringify(mode)} })
         const bad = await Effect.runPromise(runtime.run({ code: "const x = 1\\nreturn await tools.orders.get({ ID: 'a' })" }))
         const warned = await Effect.runPromise(runtime.run({ code: "const x = 1\\nreturn await tools.orders.get({ ID: 'a' })" }, { typecheck: "warn" }))
         const good = await Effect.runPromise(runtime.run({ code: "return (await tools.orders.get({ id: 'a' })).id" }))
         const hostLoaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/node_modules/typescript/"))
         console.log(JSON.stringify({ bad: { ok: bad.ok, error: bad.error }, warned: { ok: warned.ok, warnings: warned.receipt.warnings }, good: good.ok && good.value, calls, hostLoaded }))
         process.exit(0)`,
  )
  return JSON.parse(
    execFileSync(process.execPath, [script], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      encoding: "utf8",
      timeout: 60_000,
    }),
  )
}

describe.each(["worker", "process"])("typecheck with isolation %s", (isolation) => {
  it("refuses and warns in the sandbox, at the model's line and column; the host loads no compiler", () => {
    const seen = probe(isolation, "refuse")
    expect(seen.bad.ok).toBe(false)
    expect(seen.bad.error).toMatchObject({ kind: "TypeCheck", location: { line: 2, column: 32 } })
    expect(seen.bad.error.message).toContain("Did you mean 'id'")
    // The per-run "warn" runs the same program (one call), with the finding in the receipt.
    expect(seen.warned.ok).toBe(true)
    expect(seen.warned.warnings).toContainEqual(
      expect.objectContaining({ stage: "typecheck", loc: expect.objectContaining({ line: 2, column: 32 }) }),
    )
    expect(seen.good).toBe("a")
    expect(seen.calls).toBe(2)
    expect(seen.hostLoaded).toBe(false)
  })
})
