import { processIo, UsageError, type Io } from "./io.js"
import { answerAlone, type CommandName } from "./usage.js"

export { HELP, version } from "./usage.js"

interface Command {
  readonly run: (argv: ReadonlyArray<string>, io: Io) => Promise<number>
  readonly help: string
}

// Each command is imported only when asked for, so `--help` and `--version` never load the runtime; the command
// modules themselves import their heavy parts (Effect, the frontend) inside the command (npm run bench, row C1).
const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  corpus: async () => {
    const m = await import("./commands/corpus.js")
    return { run: m.corpusCommand, help: m.CORPUS_HELP }
  },
  run: async () => {
    const m = await import("./commands/run.js")
    return { run: m.runCommand, help: m.RUN_HELP }
  },
  normalize: async () => {
    const m = await import("./commands/normalize.js")
    return { run: m.normalizeCommand, help: m.NORMALIZE_HELP }
  },
  instructions: async () => {
    const m = await import("./commands/instructions.js")
    return { run: m.instructionsCommand, help: m.INSTRUCTIONS_HELP }
  },
  mcp: async () => {
    const m = await import("./commands/mcp.js")
    return { run: m.mcpCommand, help: m.MCP_HELP }
  },
}

/**
 * The `codemode` command line (docs/design.md#command-line). Returns the exit status; every failure is one line on
 * stderr (usage errors with status 2, failures of the run itself with status 1), never a stack trace.
 */
export const main = async (argv: ReadonlyArray<string>, io: Io = processIo): Promise<number> => {
  const alone = answerAlone(argv, io)
  if (alone !== undefined) return alone
  // answerAlone let through a command, or "help <command>".
  const [name, ...rest] = argv as [CommandName | "help", ...string[]]
  if (name === "help") {
    io.out((await COMMANDS[rest[0] as CommandName]()).help)
    return 0
  }
  const command = await COMMANDS[name]()
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(command.help)
    return 0
  }
  try {
    return await command.run(rest, io)
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
