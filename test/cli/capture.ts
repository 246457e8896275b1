import { main } from "../../src/cli/cli.js"
import type { Engine } from "../../src/corpus/engine.js"

/** Calls the CLI in-process with captured output streams, a fixed standard input and, optionally, a corpus engine. */
export const runCli = async (argv: string[], options: { readonly stdin?: string; readonly engine?: Engine } = {}) => {
  let stdout = ""
  let stderr = ""
  const status = await main(argv, {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    readStdin: async () => options.stdin ?? "",
    ...(options.engine ? { engine: options.engine } : {}),
  })
  return { status, stdout, stderr }
}
