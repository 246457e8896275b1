/**
 * The known-differences check of `npm run conformance`: one run's public-API test rows against the committed list.
 * Pure, so test/conformance/differences.test.ts checks it (and the list's shape) without running the suite.
 */

export const SNAPSHOTS = ["1.18.16", "v2"] as const
export type Snapshot = (typeof SNAPSHOTS)[number]

/** Test key (`file > describe > name`) → why it differs, per snapshot. */
export type Differences = Partial<Record<Snapshot, Record<string, string>>>

export interface Row {
  readonly file: string
  readonly describe: string
  readonly name: string
  readonly kind: "public" | "internal"
  readonly result: "pass" | "fail" | "missing"
}

/**
 * What a listed difference may be. Each reason starts with one of these words, then says what a host or a model
 * sees: `improvement` (ours is deliberately better for them), `extension` (ours runs plain JavaScript the reference
 * refuses), `pending` (not done yet, with who or what it waits for), `wording` (a message or sentence that says the
 * same thing differently and is not matched yet), `contract` (a v2 test that asks the opposite of what the 1.18
 * contract, which this package keeps, requires: it names the 1.18 rule).
 */
export const KINDS = ["improvement", "extension", "pending", "wording", "contract"] as const

export const keyOf = (row: Pick<Row, "file" | "describe" | "name">): string =>
  [row.file, row.describe, row.name].filter((s) => s !== "").join(" > ")

export const reasonProblem = (reason: unknown): string | undefined => {
  if (typeof reason !== "string") return "the reason is not a string"
  const m = /^(\w+): (.{20,})$/s.exec(reason)
  if (m === null) return `the reason must read '<kind>: <what a host or model sees>' (20+ characters)`
  if (!(KINDS as ReadonlyArray<string>).includes(m[1]!)) return `unknown kind '${m[1]}' (one of ${KINDS.join(", ")})`
  return undefined
}

export interface Report {
  readonly pass: number
  readonly total: number
  readonly listed: number
  readonly unlisted: ReadonlyArray<string>
  readonly problems: ReadonlyArray<string>
  readonly summary: string
}

export const checkDifferences = (rows: ReadonlyArray<Row>, listed: Record<string, string>): Report => {
  const problems: Array<string> = []
  const results = new Map<string, boolean>() // key → passes (every case under one key must pass)
  for (const row of rows) {
    if (row.kind !== "public") continue
    const key = keyOf(row)
    results.set(key, (results.get(key) ?? true) && row.result === "pass")
  }
  const publicRows = rows.filter((r) => r.kind === "public")
  const pass = publicRows.filter((r) => r.result === "pass").length
  const unlisted: Array<string> = []
  for (const [key, passes] of results) {
    if (passes && key in listed) problems.push(`listed but now passes (remove it from the list): ${key}`)
    if (!passes && !(key in listed)) {
      unlisted.push(key)
      problems.push(`fails but is not listed: ${key}`)
    }
  }
  for (const [key, reason] of Object.entries(listed)) {
    if (!results.has(key)) problems.push(`listed but not in the suite: ${key}`)
    const bad = reasonProblem(reason)
    if (bad !== undefined) problems.push(`${key}: ${bad}`)
  }
  const kinds = KINDS.map((k) => [k, Object.values(listed).filter((r) => r.startsWith(`${k}:`)).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
  const summary =
    `${pass}/${publicRows.length} public-API tests pass outright; ${Object.keys(listed).length} listed differences` +
    (kinds.length > 0 ? ` (${kinds.join(", ")})` : "") +
    (problems.length === 0 ? "; the list matches the run" : `; ${problems.length} problems`)
  return { pass, total: publicRows.length, listed: Object.keys(listed).length, unlisted, problems, summary }
}
