#!/usr/bin/env node
// The `codemode` executable (package.json "bin"): everything lives in cli.ts so tests can call `main` directly.
import { main } from "./cli.js"

process.exitCode = await main(process.argv.slice(2))
