import { readFileSync } from "node:fs"
import type { Engine } from "../corpus/engine.js"
import type { Ask } from "./approve.js"
import { UsageError } from "./usage-error.js"

/** Where a command writes: injected, so tests call `main` with captured streams instead of spawning a process. */
export interface Io {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly readStdin: () => Promise<string>
  /** Whether stderr is a terminal: the progress line is drawn only there, never into logs. */
  readonly interactive?: boolean | undefined
  /** Redraws the one progress line on stderr (a terminal only); an empty line erases it. Set by `main`. */
  readonly status?: ((line: string) => void) | undefined
  /** Whether stdin is a terminal: then an omitted file is a usage error rather than a silent wait for input. */
  readonly stdinIsTerminal?: boolean | undefined
  /** Asks the user a question on the terminal (`--approve`); used only when `stdinIsTerminal`. */
  readonly ask?: Ask | undefined
  /** The runtime and frontend; defaults to this package's own (tests pass a stand-in). */
  readonly engine?: Engine | undefined
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
  stdinIsTerminal: process.stdin.isTTY === true,
  // approve.js pulls in Effect: loaded on the first question only, so start-up stays light.
  ask: async (question, signal) =>
    (await import("./approve.js")).streamAsk(process.stdin, process.stderr)(question, signal),
  readStdin: async () => {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString("utf8")
  },
}

export { UsageError } from "./usage-error.js"

/** Reads a file argument or `-` (stdin); a missing file is a usage error with the path, never a stack trace. */
export const readText = async (io: Io, file: string | undefined): Promise<string> => {
  if (file === undefined && io.stdinIsTerminal)
    throw new UsageError('give a file, or "-" to read the program from stdin')
  if (file === undefined || file === "-") {
    const text = await io.readStdin()
    if (text.includes("\u0000")) throw new UsageError("the input on stdin is not a text file (it holds NUL bytes)")
    return text
  }
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new UsageError(
      `cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    )
  }
  if (looksBinary(bytes))
    throw new UsageError(`${file} is not a text file (binary content; expected a program or JSON)`)
  return bytes.toString("utf8")
}

export const readJsonFile = async (io: Io, file: string, what: string): Promise<unknown> => {
  const text = await readText(io, file)
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${what} ${file} is not valid JSON: ${(e as Error).message}`)
  }
}

/**
 * Text that looks like JSON (a `.json` file, or text opening with `{`, `[` or `"`) but does not parse is read as a
 * JavaScript program; this says so, with JSON's own complaint, so a broken envelope is not mistaken for code.
 */
export const notJsonHint = (text: string, file: string | undefined): string | undefined => {
  const trimmed = text.trim()
  const looksJson = /\.json$/i.test(file ?? "") || /^[[{"]/.test(trimmed)
  if (!looksJson) return undefined
  try {
    JSON.parse(trimmed)
    return undefined
  } catch (e) {
    const name = file === undefined || file === "-" ? "the input" : file
    return `${name} is not valid JSON (${(e as Error).message.split("\n")[0]}); running it as a JavaScript program`
  }
}

/**
 * The raw tool-call arguments from a file: JSON when the text is a JSON object, array or string (an envelope, a
 * JSON program, a quoted program), otherwise the text itself (a bare program or a scraped chat reply).
 */
export const parseInput = (text: string): unknown => {
  const trimmed = text.trim()
  if (trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed.startsWith('"')) {
    try {
      return JSON.parse(trimmed)
    } catch {
      // not JSON after all: a program that starts with a block or an array literal
    }
  }
  return text
}

// Output from a program, a tool or a file must never drive the user's terminal (CSI, OSC 0/8/52, BEL, backspace
// overprinting, bidi overrides): every character that a terminal would act on is printed as a visible escape.

// C0 controls but line feed and tab, DEL, C1 controls, and the Unicode format characters that reorder or hide text.
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g

// The \u form for every character: inside JSON text it is a valid escape of the same character.
const visible = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`

/** `text` with every terminal-active character replaced by its `\uXXXX` escape; line feeds and tabs are kept. */
export const terminalSafe = (text: string): string => text.replace(UNSAFE, visible)

/** Whether `bytes` look like a binary file rather than text: a NUL byte, or invalid UTF-8 in the first 8 KiB. */
export const looksBinary = (bytes: Uint8Array): boolean => {
  const head = bytes.subarray(0, 8192)
  if (head.includes(0)) return true
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.length < bytes.length ? trimPartial(head) : head)
    return false
  } catch {
    return true
  }
}

/** A cut at 8 KiB may split a multi-byte character: drop a trailing partial sequence before the strict decode. */
const trimPartial = (head: Uint8Array): Uint8Array => {
  let end = head.length
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = head[end - back]!
    if ((b & 0xc0) === 0x80) continue // continuation byte: keep looking for the lead
    if (b >= 0xc0) end -= back // a lead byte whose sequence the cut may have split
    break
  }
  return head.subarray(0, end)
}
