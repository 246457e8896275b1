import { readFileSync } from "node:fs"
import type { Engine } from "../corpus/engine.js"
import type { Ask } from "./approve.js"

/** Where a command writes: injected, so tests call `main` with captured streams instead of spawning a process. */
export interface Io {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly readStdin: () => Promise<string>
  /** Whether stderr is a terminal: the progress line is drawn only there, never into logs. */
  readonly interactive?: boolean | undefined
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

/** A mistake in how the command was called: one line on stderr, exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError"
}

/** Reads a file argument or `-` (stdin); a missing file is a usage error with the path, never a stack trace. */
export const readText = async (io: Io, file: string | undefined): Promise<string> => {
  if (file === undefined && io.stdinIsTerminal)
    throw new UsageError('give a file, or "-" to read the program from stdin')
  if (file === undefined || file === "-") return io.readStdin()
  try {
    return readFileSync(file, "utf8")
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new UsageError(
      `cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    )
  }
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
