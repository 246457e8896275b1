import { processIo, terminalSafe, UsageError, type Io } from "./io.js"
import { answerAlone, type CommandName } from "./usage.js"

export { HELP, version } from "./usage.js"

type Command = (argv: ReadonlyArray<string>, io: Io) => Promise<number>

// Each command is imported only when asked for, so `--help` and `--version` never load the runtime; the command
// modules themselves import their heavy parts (Effect, the frontend) inside the command (npm run bench, row C1).
const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  corpus: async () => (await import("./commands/corpus.js")).corpusCommand,
  run: async () => (await import("./commands/run.js")).runCommand,
  normalize: async () => (await import("./commands/normalize.js")).normalizeCommand,
  instructions: async () => (await import("./commands/instructions.js")).instructionsCommand,
  mcp: async () => (await import("./commands/mcp.js")).mcpCommand,
  resume: async () => (await import("./commands/resume.js")).resumeCommand,
  approvals: async () => (await import("./commands/approvals.js")).approvalsCommand,
}

/** Every line a command prints passes through terminalSafe: model, tool and file text never drives the terminal. */
const guarded = (io: Io): Io => ({
  ...io,
  out: (text) => io.out(terminalSafe(text)),
  err: (text) => io.err(terminalSafe(text)),
  // The progress line is the one place the CLI itself moves the cursor: `\r` to redraw, spaces to erase.
  status: (line) => io.err(line === "" ? `\r${" ".repeat(80)}\r` : `\r${terminalSafe(line)}`.padEnd(70).slice(0, 80)),
  ...(io.ask === undefined ? {} : { ask: (question, signal) => io.ask!(terminalSafe(question), signal) }),
})

/**
 * The `codemode` command line (docs/design.md#command-line). Returns the exit status; every failure is one line on
 * stderr (usage errors with status 2, failures of the run itself with status 1), never a stack trace.
 */
export const main = async (argv: ReadonlyArray<string>, raw: Io = processIo): Promise<number> => {
  const io = guarded(raw)
  const alone = answerAlone(argv, io)
  if (alone !== undefined) return alone
  // answerAlone let through a command to run (not its help).
  const [name, ...rest] = argv as [CommandName, ...string[]]
  const command = await COMMANDS[name]()
  try {
    return await command(rest, io)
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`codemode ${name}: ${e.message}\n`)
      return 2
    }
    const message = e instanceof Error ? e.message : String(e)
    io.err(`codemode ${name}: ${message.split("\n")[0]}\n`)
    return 1
  }
}
