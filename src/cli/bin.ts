#!/usr/bin/env node
/**
 * The bundled `codemode` executable's entry (scripts/bundle.ts builds `dist/bin/codemode.js` from it; main.ts is the
 * library build's). Help, the version and a mistaken command name are answered from this small file; any command
 * runs the whole CLI from `cli.cjs` next to it, one CommonJS file loaded with the code cache the build made for it
 * (src/compiled.ts).
 */
import { loadCompiled } from "../compiled.js"
import { answerAlone } from "./usage.js"

// `codemode corpus corpus | head` closes stdout early: that ends the output, it is not a failure worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0)
  throw e
})

const argv = process.argv.slice(2)
const io = {
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text),
}
const cli = () => loadCompiled(new URL("./cli.cjs", import.meta.url)).exports as typeof import("./cli.js")
process.exitCode = answerAlone(argv, io) ?? (await cli().main(argv))
