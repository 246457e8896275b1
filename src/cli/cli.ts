import { readFileSync } from "node:fs"
import { processIo, UsageError, type Io } from "./io.js"

export const HELP = `usage: codemode <command> [options]

commands:
  corpus <root>        run a corpus of model outputs and print coverage per dialect
  run [file|-]         run raw tool-call arguments or a program; print answer, logs, diagnostics, receipt
  normalize [file|-]   print the canonical program and the frontend's receipt
  instructions         print the model-facing instructions for a tool set
  mcp                  serve code mode over MCP in front of MCP servers, OpenAPI specs and toolsets

"codemode <command> --help" shows a command's options; "codemode --version" the version.
exit status: 0 ok, 1 the run failed (or coverage below --min-ok), 2 usage error
`

interface Command {
  readonly run: (argv: ReadonlyArray<string>, io: Io) => Promise<number>
  readonly help: string
}

// Each command is imported only when asked for, so `--help` and `--version` never load the runtime; the command
// modules themselves import their heavy parts (Effect, the frontend) inside the command (npm run bench, row C1).
const COMMANDS: Record<string, () => Promise<Command>> = {
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

/** This package's version, from the nearest package.json named codemode-polyglot above this module. */
export const version = (): string => {
  for (let dir = new URL(".", import.meta.url); ;) {
    try {
      const pkg = JSON.parse(readFileSync(new URL("package.json", dir), "utf8")) as { name?: string; version?: string }
      if (pkg.name === "codemode-polyglot" && typeof pkg.version === "string") return pkg.version
    } catch {
      // no package.json here: look further up
    }
    const parent = new URL("..", dir)
    if (parent.href === dir.href) return "unknown"
    dir = parent
  }
}

/**
 * The `codemode` command line (docs/design.md#command-line). Returns the exit status; every failure is one line on
 * stderr (usage errors with status 2, failures of the run itself with status 1), never a stack trace.
 */
export const main = async (argv: ReadonlyArray<string>, io: Io = processIo): Promise<number> => {
  const [name, ...rest] = argv
  if (name === "--version" || name === "-v") {
    io.out(`codemode-polyglot ${version()}\n`)
    return 0
  }
  const known = name !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, name)
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" && rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? rest[0] : undefined
    ;(name === undefined ? io.err : io.out)(topic !== undefined ? (await COMMANDS[topic]!()).help : HELP)
    return name === undefined ? 2 : 0
  }
  if (!known) {
    io.err(`codemode: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(", ")}; see codemode --help)\n`)
    return 2
  }
  const command = await COMMANDS[name]!()
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
