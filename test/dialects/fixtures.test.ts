import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { normalizeWith } from "../../src/frontend/normalize.js"
import type { NormalizeOptions, Normalized } from "../../src/frontend/types.js"
import { foreign, full } from "./registry.js"

/**
 * The six foreign dialects' micro-fixtures, in the frontend's fixture format (test/frontend/fixtures.test.ts):
 * `input.json` (raw tool-call arguments), optional `options.json` (`{ tools, hint, limits }`), golden `output.js`
 * and `receipt.json`. Run through the whole pipeline with the full registry (docs/dialects.md#priority order), so they hold whether or
 * not `dialects/index.ts` lists these dialects yet. `UPDATE=1` regenerates the goldens.
 */
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"))

const receiptOf = (n: Normalized) => ({
  dialect: n.receipt.dialect ?? null,
  rules: n.receipt.changes.map((c) => `${c.stage}/${c.rule}`),
  warnings: n.receipt.warnings.map((w) => w.message),
  options: n.options,
  diagnostics: n.diagnostics.map((d) => `${d.kind}: ${d.message}`),
})

for (const dialect of foreign) {
  const root = join("dialects", dialect.id, "fixtures")
  if (!existsSync(root)) continue
  const names = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())
  describe(`${dialect.id} fixtures`, () => {
    for (const { name } of names) {
      it(name, () => {
        const dir = join(root, name)
        const optionsFile = join(dir, "options.json")
        const options = (existsSync(optionsFile) ? readJson(optionsFile) : {}) as NormalizeOptions
        const n = normalizeWith(full, readJson(join(dir, "input.json")), options)
        const code = n.code.endsWith("\n") ? n.code : `${n.code}\n`
        const receipt = receiptOf(n)
        if (process.env.UPDATE === "1") {
          writeFileSync(join(dir, "output.js"), code)
          writeFileSync(join(dir, "receipt.json"), `${JSON.stringify(receipt, null, 2)}\n`)
        }
        expect(code).toBe(readFileSync(join(dir, "output.js"), "utf8"))
        expect(receipt).toEqual(readJson(join(dir, "receipt.json")))
        // Idempotence (docs/design.md#data-flow): the output normalizes to itself.
        if (n.ok) expect(normalizeWith(full, n.code, options).code).toBe(n.code)
      })
    }
  })
}
