/**
 * A corpus that cannot be loaded: every problem names the file and the field (docs/corpus-format.md is an exact contract, so a
 * malformed file is reported, never guessed at).
 */
export interface LoadProblem {
  readonly file: string
  /** A JSON path into the file such as `expect.calls[1]`, or "" for the whole file. */
  readonly field: string
  readonly message: string
}

export const renderProblem = (p: LoadProblem): string => `${p.file}${p.field ? `: ${p.field}` : ""}: ${p.message}`

export class CorpusLoadError extends Error {
  constructor(readonly problems: ReadonlyArray<LoadProblem>) {
    super(problems.map(renderProblem).join("\n"))
    this.name = "CorpusLoadError"
  }
}

/** Collects problems while reading one file. */
export class Problems {
  readonly list: LoadProblem[] = []
  constructor(readonly file: string) {}
  add(field: string, message: string): void {
    this.list.push({ file: this.file, field, message })
  }
}

/** `a.b`, `a[0]`, `a["weird key"]`: JSON paths for messages. */
export const fieldPath = (parent: string, key: string | number): string => {
  if (typeof key === "number") return `${parent}[${key}]`
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return parent === "" ? key : `${parent}.${key}`
  return `${parent}[${JSON.stringify(key)}]`
}
