import { parseArgs, type ParseArgsConfig } from "node:util"
import { UsageError } from "./io.js"

type Options = NonNullable<ParseArgsConfig["options"]>
type Config<O extends Options> = { args: string[]; options: O; allowPositionals: true; strict: true }

/**
 * `node:util` parseArgs in strict mode; its errors (unknown flag, missing value) become one-line usage errors that
 * name the command.
 */
export const parse = <const O extends Options>(
  argv: ReadonlyArray<string>,
  options: O,
  command: string,
): ReturnType<typeof parseArgs<Config<O>>> => {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true })
  } catch (e) {
    const message = (e as Error).message.split("\n")[0]!.replace(/\. To specify a positional argument.*$/, "")
    throw new UsageError(`${command}: ${message}`)
  }
}
