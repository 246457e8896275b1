import { CORPUS_HELP, corpusCommand } from "./commands/corpus.js"
import { INSTRUCTIONS_HELP, instructionsCommand } from "./commands/instructions.js"
import { MCP_HELP, mcpCommand } from "./commands/mcp.js"
import { NORMALIZE_HELP, normalizeCommand } from "./commands/normalize.js"
import { RUN_HELP, runCommand } from "./commands/run.js"
import { processIo, UsageError, type Io } from "./io.js"

export const HELP = `usage: codemode <command> [options]

commands:
  corpus <root>        run a corpus of model outputs and print coverage per dialect
  run [file|-]         run raw tool-call arguments or a program; print answer, logs, diagnostics, receipt
  normalize [file|-]   print the canonical program and the frontend's receipt
  instructions         print the model-facing instructions for a tool set
  mcp                  serve code mode over MCP in front of MCP servers, OpenAPI specs and toolsets

"codemode <command> --help" shows a command's options.
exit status: 0 ok, 1 the run failed (or coverage below --min-ok), 2 usage error
`

const COMMANDS: Record<string, { run: (argv: ReadonlyArray<string>, io: Io) => Promise<number>; help: string }> = {
  corpus: { run: corpusCommand, help: CORPUS_HELP },
  run: { run: runCommand, help: RUN_HELP },
  normalize: { run: normalizeCommand, help: NORMALIZE_HELP },
  instructions: { run: instructionsCommand, help: INSTRUCTIONS_HELP },
  mcp: { run: mcpCommand, help: MCP_HELP },
}

/**
 * The `codemode` command line (docs/design.md#command-line). Returns the exit status; every failure is one line on
 * stderr (usage errors with status 2, failures of the run itself with status 1), never a stack trace.
 */
export const main = async (argv: ReadonlyArray<string>, io: Io = processIo): Promise<number> => {
  const [name, ...rest] = argv
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" && rest[0] !== undefined ? COMMANDS[rest[0]] : undefined
    ;(name === undefined ? io.err : io.out)(topic?.help ?? HELP)
    return name === undefined ? 2 : 0
  }
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!command) {
    io.err(`codemode: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(", ")}; see codemode --help)\n`)
    return 2
  }
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
