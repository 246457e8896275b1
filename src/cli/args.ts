import { parseArgs, type ParseArgsConfig } from "node:util"
import { UsageError } from "./io.js"

type Options = NonNullable<ParseArgsConfig["options"]>
type Config<O extends Options> = { args: string[]; options: O; allowPositionals: true; strict: true }

/**
 * `--timeout -1`: parseArgs calls a value starting with a dash ambiguous; a string option followed by something that
 * reads as a number is joined into `--timeout=-1`, so the option's own check answers in the CLI's words.
 */
const joinDashValues = (argv: ReadonlyArray<string>, options: Options): string[] => {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const next = argv[i + 1]
    const name = arg.startsWith("--") ? arg.slice(2) : undefined
    if (name !== undefined && options[name]?.type === "string" && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${arg}=${next}`)
      i++
    } else out.push(arg)
  }
  return out
}

/**
 * `node:util` parseArgs in strict mode; its errors (unknown flag, missing value) become one-line usage errors
 * (`codemode run: Unknown option --x (see codemode run --help)`; `main` adds the command name).
 */
export const parse = <const O extends Options>(
  argv: ReadonlyArray<string>,
  options: O,
  command: string,
): ReturnType<typeof parseArgs<Config<O>>> => {
  try {
    return parseArgs({ args: joinDashValues(argv, options), allowPositionals: true, options, strict: true })
  } catch (e) {
    const message = (e as Error).message
      .split("\n")[0]!
      .replace(/\. To specify a positional argument.*$/, "")
      .replace(/'(-[^']*)'/g, "$1")
    throw new UsageError(`${message} (see codemode ${command} --help)`)
  }
}
