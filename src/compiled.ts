import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import vm from "node:vm"

/**
 * Loads one CommonJS file of the bundled executable (scripts/bundle.ts: `dist/bin/cli.cjs`, `dist/bin/sandbox.cjs`)
 * with the V8 code cache the build wrote next to it (`<file>.cache`), so V8 deserializes the bytecode of what a run
 * uses instead of parsing and compiling megabytes of JavaScript on every start.
 *
 * The cache is read, never written, here (SECURITY.md "The code cache"). It starts with a SHA-256 of the source and
 * the V8 data together: V8 itself compares only its version, its flags and the source's length, and runs whatever
 * bytecode it is given (a damaged byte can crash the process), so data made for other bytes never reaches V8. A
 * cache that fails either check is compiled around, as if there were none (`rejected`): slower, never different.
 */
export type CacheUse = "accepted" | "rejected" | "absent"

const DIGEST = 32

const digest = (source: Buffer, data: Buffer): Buffer => createHash("sha256").update(source).update(data).digest()

/** A cache file's content for V8's `data` made from `source` (scripts/code-cache.ts). */
export const sealCache = (source: Buffer, data: Buffer): Buffer => Buffer.concat([digest(source, data), data])

/** V8's data from a cache file, if it was made for exactly these source bytes. */
const unseal = (source: Buffer, sealed: Buffer): Buffer | undefined => {
  const data = sealed.subarray(DIGEST)
  return sealed.length > DIGEST && digest(source, data).equals(sealed.subarray(0, DIGEST)) ? data : undefined
}

/** Node's own CommonJS wrapper, on a line of its own so the file's line numbers stay as they are (`lineOffset`). */
const WRAPPER = "(function (exports, require, module, __filename, __dirname) {\n"

/** The file as a script: the same wrapper for the build, which makes the cache, and for every start that reads it. */
export const compile = (file: string, source: Buffer, cachedData: Buffer | undefined): vm.Script =>
  new vm.Script(`${WRAPPER}${source.toString("utf8")}\n})`, {
    filename: file,
    lineOffset: -1,
    ...(cachedData === undefined ? {} : { cachedData }),
    // A dynamic `import()` left in the file (of a Node built-in) resolves as it would in a module of the main context.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })

/** Compiles a file with its cache, if it has one that both checks accept. */
export const compileCached = (file: string): { readonly script: vm.Script; readonly cache: CacheUse } => {
  const source = readFileSync(file)
  let sealed: Buffer | undefined
  try {
    sealed = readFileSync(`${file}.cache`)
  } catch {
    // no cache (a build that could not make one): compiled from source
  }
  const data = sealed === undefined ? undefined : unseal(source, sealed)
  const script = compile(file, source, data)
  const cache =
    sealed === undefined ? "absent" : data === undefined || script.cachedDataRejected ? "rejected" : "accepted"
  return { script, cache }
}

/** Runs a compiled file as Node runs a CommonJS module, and returns its exports. */
export const run = (script: vm.Script, file: string): unknown => {
  const module = { exports: {} as unknown }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}

export const loadCompiled = (url: URL): { readonly exports: unknown; readonly cache: CacheUse } => {
  const file = fileURLToPath(url)
  const { script, cache } = compileCached(file)
  return { exports: run(script, file), cache }
}
