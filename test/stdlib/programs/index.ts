/**
 * All differential programs: hand-written per built-in (one module each, `{ name: code }`) plus the generated ones.
 * A program's id is `<module>/<name>`; deviations.json refers to these ids.
 */
import array from "./array.js"
import string from "./string.js"

export interface Program {
  readonly id: string
  readonly code: string
}

const modules: Record<string, Record<string, string>> = { array, string }

const handWritten: Array<Program> = Object.entries(modules).flatMap(([mod, progs]) =>
  Object.entries(progs).map(([name, code]) => ({ id: `${mod}/${name}`, code })),
)

export const allPrograms: ReadonlyArray<Program> = [...handWritten]
