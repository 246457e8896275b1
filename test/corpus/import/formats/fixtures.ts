import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { FORMATS } from "../../../../src/corpus/import/formats/index.js"
import type { ImportedCall, TranscriptFormat } from "../../../../src/corpus/import/types.js"

/** test/fixtures/transcripts/<format id>/: real sample files and their README (origin, licence, what was derived). */
export const TRANSCRIPTS = "test/fixtures/transcripts"

export const fixtureText = (format: string, name: string): string =>
  readFileSync(join(TRANSCRIPTS, format, name), "utf8")

export const formatById = (id: string): TranscriptFormat => {
  const format = FORMATS.find((f) => f.id === id)
  if (!format) throw new Error(`no format ${id}`)
  return format
}

/** `read` on a fixture file, by the format its folder is named after. */
export const readFixture = (format: string, name: string) =>
  formatById(format).read(fixtureText(format, name), join(TRANSCRIPTS, format, name))

/** Every sample file under test/fixtures/transcripts, as [folder, file]. */
export const allFixtures = (): ReadonlyArray<readonly [string, string]> =>
  readdirSync(TRANSCRIPTS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(TRANSCRIPTS, d.name))
        .filter((f) => f !== "README.md")
        .map((f) => [d.name, f] as const),
    )

export const byId = (calls: ReadonlyArray<ImportedCall>, callId: string): ImportedCall => {
  const call = calls.find((c) => c.provenance.callId === callId)
  if (!call) throw new Error(`no call ${callId}`)
  return call
}
