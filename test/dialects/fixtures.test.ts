import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { format, resolveConfig } from "prettier"
import { describe, expect, it } from "vitest"
import type { Dialect, ExecutionOptions, ToolPath } from "../../src/frontend/dialect.js"
import { parseJavaScript, stripTypeScript } from "../../src/syntax/parse.js"
import { foreign } from "./registry.js"
import { rewrite } from "./harness.js"

/**
 * Micro-fixtures, discovered (STYLE.md habit 11): `dialects/<id>/fixtures/<name>/input.json` (raw tool-call
 * arguments) → `output.js` (canonical code after this dialect's rules), optional `receipt.json`
 * (`{ changes?: [{ rule, line? }], warnings?: [substring], options?, notes? }`) and `tools.json` (paths; else the
 * folder's `fixtures/tools.json`). `UPDATE=1` regenerates `output.js`. Both sides are compared after the repo's
 * prettier formatting, so golden files pass `prettier --check` (the TypeScript strip leaves odd spacing).
 */
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"))

const envelope = (dialect: Dialect, input: unknown) => {
  if (typeof input === "string") return { code: input, options: {}, notes: [] as string[] }
  const record = input as Record<string, unknown>
  const field = [...(dialect.envelope?.codeFields ?? []), "code"].find((f) => typeof record[f] === "string")
  let options: ExecutionOptions = {}
  const notes: string[] = []
  for (const [key, read] of Object.entries(dialect.envelope?.optionFields ?? {})) {
    if (!(key in record)) continue
    const out = read(record[key])
    options = { ...options, ...out.options }
    if (out.warning) notes.push(out.warning)
  }
  return { code: String(record[field ?? "code"]), options, notes }
}

const stripIfNeeded = (dialect: Dialect, code: string): string => {
  if (!dialect.typescript) return code
  try {
    parseJavaScript(code)
    return code
  } catch {
    return stripTypeScript(code)
  }
}

for (const dialect of foreign) {
  const root = join("dialects", dialect.id, "fixtures")
  if (!existsSync(root)) continue
  const shared = existsSync(join(root, "tools.json")) ? (readJson(join(root, "tools.json")) as ToolPath[]) : []
  describe(`${dialect.id} fixtures`, () => {
    for (const name of readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)) {
      it(name, async () => {
        const dir = join(root, name)
        const tools = existsSync(join(dir, "tools.json")) ? (readJson(join(dir, "tools.json")) as ToolPath[]) : shared
        const { code, options, notes } = envelope(dialect, readJson(join(dir, "input.json")))
        const out = rewrite(stripIfNeeded(dialect, code), [dialect], { tools, detected: dialect.id })
        const expectedFile = join(dir, "output.js")
        const pretty = async (code: string) =>
          format(code, { ...(await resolveConfig(expectedFile)), parser: "babel", filepath: expectedFile })
        if (process.env.UPDATE === "1") writeFileSync(expectedFile, await pretty(out.code))
        expect(await pretty(out.code)).toBe(await pretty(readFileSync(expectedFile, "utf8")))
        const receiptFile = join(dir, "receipt.json")
        if (!existsSync(receiptFile)) return
        const receipt = readJson(receiptFile) as {
          changes?: Array<{ rule: string; line?: number }>
          warnings?: string[]
          options?: ExecutionOptions
          notes?: string[]
        }
        if (receipt.changes)
          expect(
            out.changes.map((c, i) =>
              receipt.changes![i]?.line === undefined ? { rule: c.rule } : { rule: c.rule, line: c.line },
            ),
          ).toEqual(receipt.changes)
        if (receipt.warnings) {
          expect(out.warnings).toHaveLength(receipt.warnings.length)
          receipt.warnings.forEach((w, i) => expect(out.warnings[i]!.message).toContain(w))
        }
        if (receipt.options) expect(options).toEqual(receipt.options)
        if (receipt.notes) expect(notes).toEqual(receipt.notes)
      })
    }
  })
}
