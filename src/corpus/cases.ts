import { DiagnosticKind } from "../diagnostic.js"
import { fieldPath, Problems } from "./errors.js"
import { checkKeys, describe, optionalString, requireObject, requireString } from "./schema.js"

/** The dialects docs/corpus-format.md names; dialect plugins may add more, so other ids are accepted when well-formed. */
export const KNOWN_DIALECTS = ["opencode", "pi", "cloudflare", "vercel", "tanstack", "deepseek", "codex", "utcp"]
const SOURCE_KINDS = ["model-output", "derived", "hand-written", "vendor"]
const DIAGNOSTIC_KINDS: ReadonlyArray<string> = DiagnosticKind.literals

export interface Expect {
  readonly ok: boolean
  readonly hasValue: boolean
  readonly value?: unknown
  readonly calls?: ReadonlyArray<string> | undefined
  readonly dialect?: string | undefined
  readonly diagnostic?: string | undefined
  /** With `ok: false`: text the failure's message must contain (what the source says its system reports). */
  readonly message?: string | undefined
}

/**
 * Where a program was published: a repository file at a commit, or a page. Required for `kind: "vendor"` (a system's
 * own tests, docs or prompt examples) and for model outputs quoted from a public thread.
 */
export interface Origin {
  readonly repository?: string | undefined
  readonly path?: string | undefined
  readonly commit?: string | undefined
  readonly url?: string | undefined
}

/** Where an imported call was recorded (docs/corpus-format.md#imported-cases): `codemode corpus import` writes it. */
export interface ImportOrigin {
  readonly format: string
  readonly file: string
  readonly line: number
  readonly tool: string
  readonly session?: string | undefined
  readonly timestamp?: string | undefined
  readonly model?: string | undefined
  readonly callId?: string | undefined
  /** How many distinct values redaction replaced in `input` and `recorded` (0: the bytes are as recorded). */
  readonly redacted: number
}

export interface Source {
  readonly kind: string
  readonly model: string
  readonly notes?: string | undefined
  readonly origin?: Origin | undefined
  readonly import?: ImportOrigin | undefined
}

/** What the system that ran an imported call returned, as its transcript recorded it (types.ts `RecordedResult`). */
export interface Recorded {
  readonly text: string
  readonly output?: string | undefined
  readonly isError?: boolean | undefined
  readonly finished?: boolean | undefined
}

export interface Case {
  readonly id: string
  readonly file: string
  readonly dialect: string
  readonly toolsets: ReadonlyArray<string>
  /** The dialect the host declares (`runtime.run`'s hint): the system whose tool the program was sent to, if known. */
  readonly hint?: string | undefined
  readonly task: string
  readonly source: Source
  /** Exactly the tool-call arguments the model sent: an object, an array or a string. */
  readonly input: unknown
  readonly expect: Expect
  /** Imported cases only: the result the original system returned, for the replay column. */
  readonly recorded?: Recorded | undefined
}

const DIALECT_ID = /^[a-z][a-z0-9-]*$/

const readDialect = (problems: Problems, at: string, value: unknown): void => {
  if (requireString(problems, at, value) && !DIALECT_ID.test(value))
    problems.add(at, `"${value}" is not a dialect id (known: ${KNOWN_DIALECTS.join(", ")})`)
}

const readExpect = (problems: Problems, at: string, raw: unknown): Expect | undefined => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return undefined
  checkKeys(problems, at, obj, ["ok", "value", "calls", "dialect", "diagnostic", "message"])
  if (typeof obj.ok !== "boolean")
    problems.add(
      fieldPath(at, "ok"),
      obj.ok === undefined ? "is required (a boolean)" : `must be a boolean, got ${describe(obj.ok)}`,
    )
  if (obj.calls !== undefined) {
    if (!Array.isArray(obj.calls))
      problems.add(fieldPath(at, "calls"), `must be an array of strings, got ${describe(obj.calls)}`)
    else obj.calls.forEach((c, i) => requireString(problems, fieldPath(fieldPath(at, "calls"), i), c))
  }
  if (obj.dialect !== undefined) readDialect(problems, fieldPath(at, "dialect"), obj.dialect)
  if (obj.diagnostic !== undefined) {
    const where = fieldPath(at, "diagnostic")
    if (typeof obj.diagnostic !== "string" || !DIAGNOSTIC_KINDS.includes(obj.diagnostic))
      problems.add(where, `must be a diagnostic kind (${DIAGNOSTIC_KINDS.join(", ")}), got ${describe(obj.diagnostic)}`)
    else if (obj.ok !== false) problems.add(where, "is only meaningful with `ok: false`")
  }
  if (obj.message !== undefined) {
    const where = fieldPath(at, "message")
    if (typeof obj.message !== "string" || obj.message === "")
      problems.add(where, `must be a non-empty string, got ${describe(obj.message)}`)
    else if (obj.ok !== false) problems.add(where, "is only meaningful with `ok: false`")
  }
  const hasValue = Object.prototype.hasOwnProperty.call(obj, "value")
  if (hasValue && obj.ok === false) problems.add(fieldPath(at, "value"), "cannot be given with `ok: false`")
  return {
    ok: obj.ok === true,
    hasValue,
    ...(hasValue ? { value: obj.value } : {}),
    calls: obj.calls as string[] | undefined,
    dialect: obj.dialect as string | undefined,
    diagnostic: obj.diagnostic as string | undefined,
    message: obj.message as string | undefined,
  }
}

const COMMIT = /^[0-9a-f]{7,40}$/

const readOrigin = (problems: Problems, at: string, raw: unknown): void => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return
  checkKeys(problems, at, obj, ["repository", "path", "commit", "url"])
  for (const key of ["repository", "path", "commit", "url"]) optionalString(problems, fieldPath(at, key), obj[key])
  const inRepo = obj.repository !== undefined || obj.path !== undefined || obj.commit !== undefined
  if (inRepo && (typeof obj.repository !== "string" || typeof obj.path !== "string" || typeof obj.commit !== "string"))
    problems.add(at, "a repository origin needs all of repository, path and commit")
  else if (typeof obj.commit === "string" && !COMMIT.test(obj.commit))
    problems.add(fieldPath(at, "commit"), `must be a commit hash, got ${describe(obj.commit)}`)
  if (!inRepo && typeof obj.url !== "string") problems.add(at, "needs a url, or repository + path + commit")
}

const readImport = (problems: Problems, at: string, raw: unknown): void => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return
  const keys = ["format", "file", "line", "tool", "session", "timestamp", "model", "callId", "redacted"]
  checkKeys(problems, at, obj, keys)
  for (const key of ["format", "file", "tool"]) requireString(problems, fieldPath(at, key), obj[key])
  for (const key of ["session", "timestamp", "model", "callId"]) optionalString(problems, fieldPath(at, key), obj[key])
  for (const key of ["line", "redacted"])
    if (!Number.isSafeInteger(obj[key]) || (obj[key] as number) < 0)
      problems.add(fieldPath(at, key), `must be a non-negative integer, got ${describe(obj[key])}`)
}

const readRecorded = (problems: Problems, at: string, raw: unknown): void => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return
  checkKeys(problems, at, obj, ["text", "output", "isError", "finished"])
  requireString(problems, fieldPath(at, "text"), obj.text, false)
  optionalString(problems, fieldPath(at, "output"), obj.output)
  for (const key of ["isError", "finished"])
    if (obj[key] !== undefined && typeof obj[key] !== "boolean")
      problems.add(fieldPath(at, key), `must be a boolean, got ${describe(obj[key])}`)
}

/** Parses one case object; `at` is its JSON path in the file ("" or `[3]` for a `*.cases.json` array). */
export const readCase = (
  problems: Problems,
  at: string,
  raw: unknown,
  hasToolset: (name: string) => boolean = () => true,
): Case | undefined => {
  const before = problems.list.length
  const obj = requireObject(problems, at, raw)
  if (!obj) return undefined
  checkKeys(problems, at, obj, ["id", "dialect", "hint", "toolset", "task", "source", "input", "expect", "recorded"])
  requireString(problems, fieldPath(at, "id"), obj.id)
  readDialect(problems, fieldPath(at, "dialect"), obj.dialect)
  if (obj.hint !== undefined) readDialect(problems, fieldPath(at, "hint"), obj.hint)
  let toolsets: string[] = []
  if (typeof obj.toolset === "string" && obj.toolset !== "") toolsets = [obj.toolset]
  else if (Array.isArray(obj.toolset) && obj.toolset.length > 0) {
    obj.toolset.forEach((t, i) => requireString(problems, fieldPath(fieldPath(at, "toolset"), i), t))
    toolsets = obj.toolset as string[]
  } else
    problems.add(
      fieldPath(at, "toolset"),
      obj.toolset === undefined
        ? "is required (a toolset name or a non-empty array of names)"
        : `must be a toolset name or a non-empty array of names, got ${describe(obj.toolset)}`,
    )
  toolsets.forEach((t, i) => {
    const where = typeof obj.toolset === "string" ? fieldPath(at, "toolset") : fieldPath(fieldPath(at, "toolset"), i)
    if (typeof t === "string" && t !== "" && !hasToolset(t))
      problems.add(where, `unknown toolset "${t}" (no toolsets/${t}.json under the root)`)
  })
  requireString(problems, fieldPath(at, "task"), obj.task)
  const source = requireObject(problems, fieldPath(at, "source"), obj.source)
  if (source) {
    const s = fieldPath(at, "source")
    checkKeys(problems, s, source, ["kind", "model", "notes", "origin", "import"])
    if (typeof source.kind !== "string" || !SOURCE_KINDS.includes(source.kind))
      problems.add(fieldPath(s, "kind"), `must be one of ${SOURCE_KINDS.join(", ")}, got ${describe(source.kind)}`)
    requireString(problems, fieldPath(s, "model"), source.model)
    optionalString(problems, fieldPath(s, "notes"), source.notes)
    if (source.import !== undefined) readImport(problems, fieldPath(s, "import"), source.import)
    if (source.origin !== undefined) readOrigin(problems, fieldPath(s, "origin"), source.origin)
    else if (source.kind === "vendor")
      problems.add(fieldPath(s, "origin"), "is required for a vendor case (repository + path + commit, or url)")
  }
  const input = obj.input
  if (!(typeof input === "string" || (typeof input === "object" && input !== null)))
    problems.add(
      fieldPath(at, "input"),
      input === undefined
        ? "is required (the tool-call arguments)"
        : `must be an object, an array or a string, got ${describe(input)}`,
    )
  const expect = readExpect(problems, fieldPath(at, "expect"), obj.expect)
  if (obj.recorded !== undefined) readRecorded(problems, fieldPath(at, "recorded"), obj.recorded)
  if (problems.list.length > before || !expect || !source) return undefined
  return {
    id: obj.id as string,
    file: problems.file,
    dialect: obj.dialect as string,
    toolsets,
    ...(typeof obj.hint === "string" ? { hint: obj.hint } : {}),
    task: obj.task as string,
    source: source as unknown as Source,
    input,
    expect,
    ...(obj.recorded !== undefined ? { recorded: obj.recorded as Recorded } : {}),
  }
}

/** A `*.case.json` holds one case, a `*.cases.json` a non-empty array of cases (docs/corpus-format.md#layout). */
export const readCaseFile = (
  file: string,
  raw: unknown,
  hasToolset: (name: string) => boolean = () => true,
): { cases: Case[]; problems: Problems } => {
  const problems = new Problems(file)
  const cases: Case[] = []
  if (file.endsWith(".cases.json")) {
    if (!Array.isArray(raw)) problems.add("", `a *.cases.json file must hold an array of cases, got ${describe(raw)}`)
    else
      raw.forEach((item, i) => {
        const c = readCase(problems, `[${i}]`, item, hasToolset)
        if (c) cases.push(c)
      })
  } else {
    const c = readCase(problems, "", raw, hasToolset)
    if (c) cases.push(c)
  }
  return { cases, problems }
}
