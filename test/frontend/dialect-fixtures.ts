import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { NormalizeOptions } from "../../src/frontend/types.js"

export interface DialectFixture {
  /** `<dialect>/<fixture>`. */
  readonly name: string
  readonly input: unknown
  readonly options: NormalizeOptions
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"))

/** Every dialect micro-fixture with an input: `dialects/<id>/fixtures/<name>/input.json`, with its `options.json`. */
export const dialectFixtures = (): Array<DialectFixture> => {
  const out: Array<DialectFixture> = []
  for (const dialect of readdirSync("dialects")) {
    const root = join("dialects", dialect, "fixtures")
    if (!existsSync(root)) continue
    for (const name of readdirSync(root)) {
      const dir = join(root, name)
      if (!existsSync(join(dir, "input.json"))) continue
      const options = (existsSync(join(dir, "options.json")) ? readJson(join(dir, "options.json")) : {}) as object
      out.push({ name: `${dialect}/${name}`, input: readJson(join(dir, "input.json")), options })
    }
  }
  return out
}
