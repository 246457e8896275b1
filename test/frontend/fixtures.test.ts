import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { normalize, type NormalizeOptions } from "../../src/Frontend.js"

/**
 * Dialect micro-fixtures, discovered (docs/style.md#habits, habit 11): `dialects/<id>/fixtures/<name>/input.json` (raw tool-call
 * arguments), optional `options.json` (`{ tools, hint, limits }`), golden `output.js` and `receipt.json`
 * (dialect + `stage/rule` list, warnings, options, diagnostics). `UPDATE=1 npx vitest run test/frontend/fixtures.test.ts -t "<dialect>/"`
 * regenerates the goldens of one dialect (filter with -t so other areas' goldens are not rewritten).
 */
const root = join(import.meta.dirname, "../../dialects")
const update = process.env["UPDATE"] === "1"

const fixtures = readdirSync(root)
  .filter((d) => existsSync(join(root, d, "fixtures")))
  .flatMap((d) =>
    readdirSync(join(root, d, "fixtures"))
      .filter((f) => statSync(join(root, d, "fixtures", f)).isDirectory())
      .map((f) => ({ dialect: d, name: f, dir: join(root, d, "fixtures", f) })),
  )

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"))

const receiptOf = (n: ReturnType<typeof normalize>) => ({
  dialect: n.receipt.dialect ?? null,
  rules: n.receipt.changes.map((c) => `${c.stage}/${c.rule}`),
  warnings: n.receipt.warnings.map((w) => w.message),
  options: n.options,
  diagnostics: n.diagnostics.map((d) => `${d.kind}: ${d.message}`),
})

// Folders with `options.json` are full-pipeline fixtures (this runner's format). Others belong to a dialect's own
// rule-level runner (test/dialects/): here they only have to normalize without a crash and idempotently.
describe("dialect fixtures", () => {
  it("finds fixtures", () => expect(fixtures.length).toBeGreaterThan(0))
  for (const f of fixtures.filter((x) => !existsSync(join(x.dir, "options.json")))) {
    it(`${f.dialect}/${f.name} (pipeline smoke)`, () => {
      const n = normalize(readJson(join(f.dir, "input.json")))
      if (n.ok) expect(normalize(n.code).code).toBe(n.code)
      else expect(n.diagnostics.length).toBeGreaterThan(0)
    })
  }
  for (const f of fixtures.filter((x) => existsSync(join(x.dir, "options.json")))) {
    it(`${f.dialect}/${f.name}`, () => {
      const input = readJson(join(f.dir, "input.json"))
      const optionsFile = join(f.dir, "options.json")
      const options = (existsSync(optionsFile) ? readJson(optionsFile) : {}) as NormalizeOptions
      const n = normalize(input, options)
      const receipt = receiptOf(n)
      if (update) {
        writeFileSync(join(f.dir, "output.js"), n.code.endsWith("\n") ? n.code : `${n.code}\n`)
        writeFileSync(join(f.dir, "receipt.json"), `${JSON.stringify(receipt, null, 2)}\n`)
      }
      const expected = readFileSync(join(f.dir, "output.js"), "utf8")
      expect(n.code.endsWith("\n") ? n.code : `${n.code}\n`).toBe(expected)
      if (existsSync(join(f.dir, "receipt.json"))) expect(receipt).toEqual(readJson(join(f.dir, "receipt.json")))
      // Every fixture is also an idempotence check: the output normalizes to itself.
      if (n.ok) expect(normalize(n.code, options).code).toBe(n.code)
    })
  }
})
