import { readFileSync } from "node:fs"
import {
  CORPUS_HELP,
  INSTRUCTIONS_HELP,
  MCP_HELP,
  NORMALIZE_HELP,
  RESUME_HELP,
  RUN_HELP,
  APPROVALS_HELP,
} from "./help.js"
import type { Io } from "./io.js"

/**
 * What the command line answers without loading any command: its help and each command's, its version, and a
 * mistaken command name.
 * The bundled executable's entry (bin.ts) answers these from its own small file; everything else loads the CLI.
 */
export const HELP = `usage: codemode <command> [options]

commands:
  corpus <root>        run a corpus of model outputs and print coverage per dialect
  corpus import <path> import agents' transcripts into a corpus folder
  run [file|-]         run raw tool-call arguments or a program; print answer, logs, diagnostics, receipt
  normalize [file|-]   print the canonical program and the frontend's receipt
  instructions         print the model-facing instructions for a tool set
  mcp                  serve code mode over MCP in front of MCP servers, OpenAPI specs and toolsets
  resume <token>       continue a run that waits for approval (run --defer): --allow or --deny
  approvals list|allow|deny
                       list or decide the calls the MCP gateway holds (mcp --approve NAME --defer)

"codemode <command> --help" shows a command's options; "codemode --version" the version.
exit status: 0 ok, 1 the run failed (or coverage below --min-ok), 2 usage error
`

export const COMMAND_NAMES = ["corpus", "run", "normalize", "instructions", "mcp", "resume", "approvals"] as const
export type CommandName = (typeof COMMAND_NAMES)[number]

const COMMAND_HELP: Record<CommandName, string> = {
  corpus: CORPUS_HELP,
  run: RUN_HELP,
  normalize: NORMALIZE_HELP,
  instructions: INSTRUCTIONS_HELP,
  mcp: MCP_HELP,
  resume: RESUME_HELP,
  approvals: APPROVALS_HELP,
}

export const isCommand = (name: string | undefined): name is CommandName =>
  (COMMAND_NAMES as ReadonlyArray<string | undefined>).includes(name)

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

/** The exit status of an invocation answered here, or undefined when a command must run. */
export const answerAlone = (argv: ReadonlyArray<string>, io: Pick<Io, "out" | "err">): number | undefined => {
  const [name, topic] = argv
  if (name === "--version" || name === "-v") {
    io.out(`codemode-polyglot ${version()}\n`)
    return 0
  }
  if (name === undefined) {
    io.err(HELP)
    return 2
  }
  if (name === "--help" || name === "-h" || (name === "help" && !isCommand(topic))) {
    io.out(HELP)
    return 0
  }
  if (name === "help" && isCommand(topic)) {
    io.out(COMMAND_HELP[topic])
    return 0
  }
  if (!isCommand(name)) {
    io.err(`codemode: unknown command "${name}" (commands: ${COMMAND_NAMES.join(", ")}; see codemode --help)\n`)
    return 2
  }
  // `corpus import --help` names the transcript formats, a list the import module holds: the command answers it.
  if ((argv.includes("--help") || argv.includes("-h")) && !(name === "corpus" && topic === "import")) {
    io.out(COMMAND_HELP[name])
    return 0
  }
  return undefined
}
