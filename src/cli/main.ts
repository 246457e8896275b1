#!/usr/bin/env node
// The `codemode` executable (package.json "bin"): everything lives in cli.ts so tests can call `main` directly.
import { main } from "./cli.js"

// `codemode corpus corpus | head` closes stdout early: that ends the output, it is not a failure worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0)
  throw e
})

process.exitCode = await main(process.argv.slice(2))
