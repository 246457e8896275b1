import type { Executor, ExecutorInput } from "./executor.js"
import { CompileCache, executeCode, runProgram } from "./execute.js"
import { frontendCatalog, runRaw, type FrontendCatalog } from "./run.js"

/** The executor of `isolation: "none"`: programs run in the host's heap and event loop, compiled once per text. */
export const inProcessExecutor = ({ prepared, discovery, typecheck }: ExecutorInput): Executor => {
  const cache = new CompileCache()
  let known: FrontendCatalog | undefined
  return {
    mode: "none",
    execute: (code, limits, session, journal) => executeCode(prepared, code, limits, cache, session, journal),
    run: (input, options, limits, session, journal) =>
      runRaw(
        prepared,
        limits,
        (known ??= frontendCatalog(prepared, discovery)),
        input,
        options,
        session,
        typecheck,
        journal,
      ),
    executeParsed: (parsed, limits, session) =>
      runProgram(prepared, parsed.program, parsed.source, limits, session, parsed.compile),
  }
}
