// `node dist/scripts/code-cache.js <file.cjs> cli|sandbox`, run by scripts/bundle.ts in a fresh process: compiles
// one CommonJS file of the bundled executable as src/compiled.ts does, runs what a start runs, then writes the V8
// code cache of everything compiled so far to `<file>.cache`, sealed with a digest of the source and itself. A cache made right after compiling would hold only
// each module's top level; made after a run it also holds the functions a run calls, which V8 would otherwise
// compile lazily on every start.
//
// - cli: `codemode run --isolation none` of a small program (the frontend, the runtime, Effect, the interpreter).
// - sandbox: the sandbox's own start, which ends with its warm-up run and a "ready" message to its supervisor.
import { readFileSync, writeFileSync } from "node:fs"
import { compile, run, sealCache } from "../src/compiled.js"

const [file, warmUp] = process.argv.slice(2)
if (file === undefined || (warmUp !== "cli" && warmUp !== "sandbox"))
  throw new Error("usage: code-cache.js <file.cjs> cli|sandbox")

const source = readFileSync(file)
const script = compile(file, source, undefined)
const write = () => writeFileSync(`${file}.cache`, sealCache(source, script.createCachedData()))

if (warmUp === "sandbox") {
  // The sandbox reports ready through its IPC channel; here there is none, so that message is taken here.
  ;(process as { send?: (message: unknown) => boolean }).send = (message) => {
    if ((message as { t?: string }).t === "ready") {
      write()
      process.exit(0)
    }
    return true
  }
  run(script, file)
} else {
  const cli = run(script, file) as typeof import("../src/cli/cli.js")
  const program =
    "const xs = [3, 1, 2].toSorted()\nconsole.log(xs.join())\nreturn { last: xs.at(-1) * 7, n: xs.length }"
  const printed: string[] = []
  const status = await cli.main(["run", "--isolation", "none", "-"], {
    out: (text) => void printed.push(text),
    err: (text) => void printed.push(text),
    readStdin: async () => program,
    stdinIsTerminal: false,
  })
  if (status !== 0 || !printed.join("").startsWith('answer: {"last":21,"n":3}'))
    throw new Error(`code-cache: the warm-up run failed (${status}): ${printed.join("")}`)
  write()
  process.exit(0)
}
