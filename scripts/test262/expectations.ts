/**
 * The committed expectations file lists only the exceptions: `<path> refused <reason>` or `<path> fails <reason>`,
 * sorted by path, after a `# selected <n>` line giving the size of the selection it was made from. Every selected
 * test it does not name is expected to pass, the way engine262 keeps its skip list: a run fails the check when an
 * unlisted test does not pass or a listed one now passes (the list must shrink with the work: rerun with `--update`).
 */
export type Status = "pass" | "refused" | "fails"

export interface Outcome {
  readonly status: Status
  /** Why the test was refused or failed (one line); empty for a pass. */
  readonly reason: string
}

/** The file's content: the tests that do not pass, and how many tests the selection held. */
export interface Expectations {
  readonly selected: number
  readonly exceptions: ReadonlyMap<string, Outcome>
}

const REASON_LENGTH = 160

/** One line of reason text: whitespace collapsed, cut at REASON_LENGTH characters. */
export const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > REASON_LENGTH ? flat.slice(0, REASON_LENGTH - 1) + "…" : flat
}

const HEADER = [
  "# test262 exceptions: each selected test (scripts/test262/select.ts) not listed here passes.",
  "# Written by `npm run test262 -- --update`; each line is a test that is refused or fails, and why.",
]

export const formatExpectations = (expectations: Expectations): string => {
  const lines = [...expectations.exceptions.keys()].sort().map((path) => {
    const o = expectations.exceptions.get(path)!
    return `${path} ${o.status} ${oneLine(o.reason)}`
  })
  return [...HEADER, `# selected ${expectations.selected}`, ...lines].join("\n") + "\n"
}

export const parseExpectations = (text: string): Expectations => {
  const exceptions = new Map<string, Outcome>()
  let selected: number | undefined
  text.split("\n").forEach((line, index) => {
    const count = /^# selected (\d+)$/.exec(line)
    if (count) selected = Number(count[1])
    if (line.trim() === "" || line.startsWith("#")) return
    const m = /^(\S+) (refused|fails)(?: (.*))?$/.exec(line)
    if (!m) throw new Error(`expectations line ${index + 1} is not "<path> refused|fails <reason>": ${line}`)
    exceptions.set(m[1]!, { status: m[2] as Status, reason: m[3] ?? "" })
  })
  if (selected === undefined) throw new Error("expectations: no '# selected <n>' line")
  return { selected, exceptions }
}

export interface CheckReport {
  /** Not listed, did not pass. */
  readonly regressions: ReadonlyArray<string>
  /** Listed as refused or failing, passed: the list must be updated. */
  readonly newlyPassing: ReadonlyArray<string>
  /** Listed but not run: absent from this checkout or outside the filter (informational). */
  readonly notRun: ReadonlyArray<string>
  /** Still not passing, but now refused where it failed or the other way round (informational). */
  readonly statusChanges: ReadonlyArray<string>
  readonly ok: boolean
}

export const check = (expected: Expectations, actual: ReadonlyMap<string, Outcome>): CheckReport => {
  const regressions: Array<string> = []
  const newlyPassing: Array<string> = []
  const statusChanges: Array<string> = []
  for (const [path, got] of actual) {
    const want = expected.exceptions.get(path)
    if (want === undefined) {
      if (got.status !== "pass") regressions.push(path)
    } else if (got.status === "pass") newlyPassing.push(path)
    else if (want.status !== got.status) statusChanges.push(path)
  }
  const notRun = [...expected.exceptions.keys()].filter((path) => !actual.has(path))
  const sort = (xs: Array<string>) => xs.sort()
  return {
    regressions: sort(regressions),
    newlyPassing: sort(newlyPassing),
    notRun: sort(notRun),
    statusChanges: sort(statusChanges),
    ok: regressions.length === 0 && newlyPassing.length === 0,
  }
}

/**
 * The file after `--update` of a run: a run over the whole selection replaces it; a run over some of the tests
 * (`selection`) replaces their lines and keeps the others and the selection size.
 */
export const merge = (
  expected: Expectations | undefined,
  actual: ReadonlyMap<string, Outcome>,
  selection: ReadonlySet<string> | undefined,
): Expectations => {
  const exceptions = new Map<string, Outcome>()
  if (expected !== undefined && selection !== undefined)
    for (const [path, o] of expected.exceptions) if (!selection.has(path)) exceptions.set(path, o)
  for (const [path, o] of actual) if (o.status !== "pass") exceptions.set(path, o)
  const selected = selection === undefined || expected === undefined ? actual.size : expected.selected
  return { selected, exceptions }
}

export interface Tally {
  readonly total: number
  readonly pass: number
  readonly refused: number
  readonly fails: number
}

/** What the file says of the whole selection: every test it does not list passes. */
export const tallyExpectations = (expectations: Expectations): Tally => {
  const listed = tally(expectations.exceptions.values())
  return { ...listed, total: expectations.selected, pass: expectations.selected - listed.total }
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
