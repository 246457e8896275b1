/**
 * The committed expectations file: one line per selected test, `<path> pass`, `<path> refused <reason>` or
 * `<path> fails <reason>`, sorted by path. It is checked the way engine262 keeps its skip list: a run fails the
 * check when a test listed as passing does not pass, when a test listed as refused or failing now passes (the list
 * must shrink with the work: rerun with `--update`), or when a test that is not listed does not pass.
 */
export type Status = "pass" | "refused" | "fails"

export interface Outcome {
  readonly status: Status
  /** Why the test was refused or failed (one line); empty for a pass. */
  readonly reason: string
}

const REASON_LENGTH = 160

/** One line of reason text: whitespace collapsed, cut at REASON_LENGTH characters. */
export const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > REASON_LENGTH ? flat.slice(0, REASON_LENGTH - 1) + "…" : flat
}

export const formatExpectations = (outcomes: ReadonlyMap<string, Outcome>): string => {
  const lines = [...outcomes.keys()].sort().map((path) => {
    const o = outcomes.get(path)!
    return o.status === "pass" ? `${path} pass` : `${path} ${o.status} ${oneLine(o.reason)}`
  })
  return lines.join("\n") + "\n"
}

export const parseExpectations = (text: string): Map<string, Outcome> => {
  const out = new Map<string, Outcome>()
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "" || line.startsWith("#")) return
    const m = /^(\S+) (pass|refused|fails)(?: (.*))?$/.exec(line)
    if (!m) throw new Error(`expectations line ${index + 1} is not "<path> pass|refused|fails [reason]": ${line}`)
    out.set(m[1]!, { status: m[2] as Status, reason: m[3] ?? "" })
  })
  return out
}

export interface CheckReport {
  /** Listed as passing, did not pass. */
  readonly regressions: ReadonlyArray<string>
  /** Listed as refused or failing, passed: the list must be updated. */
  readonly newlyPassing: ReadonlyArray<string>
  /** Not listed and did not pass. */
  readonly unlistedFailures: ReadonlyArray<string>
  /** Not listed and passed (informational). */
  readonly unlistedPasses: ReadonlyArray<string>
  /** Listed but not run: absent from this checkout or outside the filter (informational). */
  readonly notRun: ReadonlyArray<string>
  /** Still not passing, but now refused where it failed or the other way round (informational). */
  readonly statusChanges: ReadonlyArray<string>
  readonly ok: boolean
}

export const check = (expected: ReadonlyMap<string, Outcome>, actual: ReadonlyMap<string, Outcome>): CheckReport => {
  const regressions: Array<string> = []
  const newlyPassing: Array<string> = []
  const unlistedFailures: Array<string> = []
  const unlistedPasses: Array<string> = []
  const statusChanges: Array<string> = []
  for (const [path, got] of actual) {
    const want = expected.get(path)
    if (want === undefined) (got.status === "pass" ? unlistedPasses : unlistedFailures).push(path)
    else if (want.status === "pass" && got.status !== "pass") regressions.push(path)
    else if (want.status !== "pass" && got.status === "pass") newlyPassing.push(path)
    else if (want.status !== got.status) statusChanges.push(path)
  }
  const notRun = [...expected.keys()].filter((path) => !actual.has(path))
  const sort = (xs: Array<string>) => xs.sort()
  return {
    regressions: sort(regressions),
    newlyPassing: sort(newlyPassing),
    unlistedFailures: sort(unlistedFailures),
    unlistedPasses: sort(unlistedPasses),
    notRun: sort(notRun),
    statusChanges: sort(statusChanges),
    ok: regressions.length === 0 && newlyPassing.length === 0 && unlistedFailures.length === 0,
  }
}

/**
 * The file after `--update` of a run over some of the tests: their lines are replaced, the others (outside the
 * filter) are kept.
 */
export const merge = (
  expected: ReadonlyMap<string, Outcome>,
  actual: ReadonlyMap<string, Outcome>,
  selection: ReadonlySet<string> | undefined,
): Map<string, Outcome> => {
  const out = new Map<string, Outcome>()
  for (const [path, o] of expected) if (selection === undefined ? false : !selection.has(path)) out.set(path, o)
  for (const [path, o] of actual) out.set(path, o)
  return out
}

export interface Tally {
  readonly total: number
  readonly pass: number
  readonly refused: number
  readonly fails: number
}

export const tally = (outcomes: Iterable<Outcome>): Tally => {
  let total = 0
  let pass = 0
  let refused = 0
  let fails = 0
  for (const o of outcomes) {
    total++
    if (o.status === "pass") pass++
    else if (o.status === "refused") refused++
    else fails++
  }
  return { total, pass, refused, fails }
}

export const percent = (n: number, total: number): string => (total === 0 ? "0.0" : ((100 * n) / total).toFixed(1))
