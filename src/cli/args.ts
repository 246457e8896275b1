import { parseArgs, type ParseArgsConfig } from "node:util"
import { UsageError } from "./io.js"

type Options = NonNullable<ParseArgsConfig["options"]>
type Config<O extends Options> = { args: string[]; options: O; allowPositionals: true; strict: true }

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
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true })
  } catch (e) {
    const message = (e as Error).message
      .split("\n")[0]!
      .replace(/\. To specify a positional argument.*$/, "")
      .replace(/'(-[^']*)'/g, "$1")
    throw new UsageError(`${message} (see codemode ${command} --help)`)
  }
}
