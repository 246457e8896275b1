// `npm run build`, after tsc: the `codemode` executable and its sandbox as bundles in dist/bin/ (esbuild), from
// tsc's own output in dist/. A whole `codemode run` used to open about 450 modules (Effect alone 214 files, 4.3 MB);
// Node 20 has no module compile cache, so each process paid for resolving, reading and compiling all of them. The
// library's ESM build in dist/src stays as it is for importers; only the executable and its sandbox are bundled.
//
// - dist/bin/codemode.js is the CLI's entry (src/cli/bin.ts): `--help`, `--version` and a mistaken command are
//   answered from that one small file. Every command runs from dist/bin/cli.cjs, the whole CLI as one CommonJS file
//   (each command, and the runtime it loads, is initialized only when it runs).
// - dist/bin/sandbox.js is the isolation sandbox's entry (src/isolation/boot-bundled.ts), which runs
//   dist/bin/sandbox.cjs (sandbox.ts and what it imports); the bundled CLI starts it for `--isolation process|worker`
//   (src/isolation/pool.ts, CODEMODE_SANDBOX below).
// - cli.cjs and sandbox.cjs are loaded with a V8 code cache made here (`<file>.cache`, scripts/code-cache.ts), so a
//   start deserializes bytecode instead of compiling megabytes of JavaScript (src/compiled.ts; SECURITY.md "The
//   code cache"). Every output is ASCII (comments and regular expressions included): a file with one other
//   character becomes a two-byte string, twice the memory and about twice the time to read.
// - dist/bin/recast.cjs is recast (with ast-types and esprima) as one CommonJS file, loaded synchronously by the
//   frontend on the first program it rewrites (src/frontend/ast/recast.ts, CODEMODE_RECAST below): a canonical
//   program never compiles or initializes it. The library's build loads the same file. Every bundle takes tslib's
//   ES module build, which leaves the host's globals alone (TSLIB_ESM).
// - Nothing is minified, so a stack trace names the function and each module starts with a comment naming its
//   file in dist/. Licence comments are kept where they are; every bundled package's licence text is in
//   dist/bin/THIRD-PARTY-LICENSES.txt, which each bundle's first comment names.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { createRequire } from "node:module"
import * as esbuild from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const out = join(root, "dist", "bin")
export const LICENCES = "THIRD-PARTY-LICENSES.txt"
const RECAST = "recast.cjs"
/** What src/frontend/ast/recast.ts expects of the file: the package's exports and its FastPath class. */
const RECAST_ENTRY = `module.exports = { recast: require("recast"), FastPath: require("recast/lib/fast-path.js").default }`

const licence = `/*! codemode-polyglot (MIT), bundled with its dependencies; their licences: ./${LICENCES} */`
const banner = [
  licence,
  // CommonJS dependencies (recast, ast-types, re2js' helpers) call `require` for Node's built-ins.
  `import { createRequire as __codemodeRequire } from "node:module";`,
  `const require = __codemodeRequire(import.meta.url);`,
].join("\n")

/**
 * tslib's ES module build: its CommonJS build (what recast and ast-types require) writes its ~32 helpers onto the
 * host's globalThis, which loading this package must not touch (test/package/globals.test.ts).
 */
const TSLIB_ESM = join(
  dirname(createRequire(join(root, "package.json")).resolve("tslib/package.json")),
  "tslib.es6.mjs",
)

const common: esbuild.BuildOptions = {
  absWorkingDir: root,
  alias: { tslib: TSLIB_ESM },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  outdir: out,
  metafile: true,
  legalComments: "inline",
  banner: { js: banner },
  logLevel: "warning",
  // Where the bundled runtime finds the bundled sandbox, and the frontend recast (files in dist/bin, like every chunk).
  define: { CODEMODE_SANDBOX: JSON.stringify("./sandbox.js"), CODEMODE_RECAST: JSON.stringify(`./${RECAST}`) },
}

/** Each package a bundle took code from, by its directory under node_modules. */
const packagesOf = (metafile: esbuild.Metafile): Set<string> => {
  const dirs = new Set<string>()
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf("node_modules/")
    if (at < 0) continue
    const parts = input.slice(at + "node_modules/".length).split("/")
    dirs.add(input.slice(0, at) + "node_modules/" + parts.slice(0, parts[0]!.startsWith("@") ? 2 : 1).join("/"))
  }
  return dirs
}

/** The licence text of one bundled package: its LICENSE file, or what its package.json says when it has none. */
const licenceOf = (dir: string): string => {
  const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
    name: string
    version: string
    license?: string
  }
  const file = readdirSync(join(root, dir)).find((f) => /^licen[cs]e/i.test(f))
  const text =
    file !== undefined ? readFileSync(join(root, dir, file), "utf8").trim() : `(no licence file in the package)`
  return `${pkg.name}@${pkg.version} (${pkg.license ?? "licence not stated"})\n\n${text}\n`
}

/** The CommonJS files: strict mode as in a module, and `import.meta.url` as the file's own URL. */
const commonjs: esbuild.BuildOptions = {
  ...common,
  format: "cjs",
  outdir: undefined,
  define: { ...common.define, "import.meta.url": "__codemodeUrl" },
  banner: {
    js: [licence, `"use strict";`, `var __codemodeUrl = require("node:url").pathToFileURL(__filename).href;`].join(
      "\n",
    ),
  },
}

/** Escapes what is left outside ASCII (esbuild keeps it in comments and regular expression literals). */
const toAscii = (file: string): void => {
  const text = readFileSync(file, "utf8")
  const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
  if (ascii !== text) writeFileSync(file, ascii)
}

/** Makes `<file>.cache` in a fresh `node` (the flags a start will have), after a run of what the file is for. */
const codeCache = (file: string, warmUp: "cli" | "sandbox"): void => {
  const made = spawnSync(process.execPath, [join(root, "dist", "scripts", "code-cache.js"), file, warmUp], {
    encoding: "utf8",
  })
  if (made.status !== 0) throw new Error(`bundle: no code cache for ${file}: ${made.stderr}`)
}

export const bundle = async (): Promise<{ files: number; packages: number }> => {
  rmSync(out, { recursive: true, force: true })
  const builds = [
    await esbuild.build({ ...common, entryPoints: { codemode: "dist/src/cli/bin.js" } }),
    await esbuild.build({ ...common, entryPoints: { sandbox: "dist/src/isolation/boot-bundled.js" } }),
    await esbuild.build({ ...commonjs, entryPoints: ["dist/src/cli/cli.js"], outfile: join(out, "cli.cjs") }),
    await esbuild.build({
      ...commonjs,
      entryPoints: ["dist/src/isolation/sandbox.js"],
      outfile: join(out, "sandbox.cjs"),
    }),
    await esbuild.build({
      ...common,
      format: "cjs",
      outdir: undefined,
      outfile: join(out, RECAST),
      stdin: { contents: RECAST_ENTRY, resolveDir: root, sourcefile: "recast-entry.cjs" },
      banner: { js: licence },
    }),
  ]
  const outputs = builds.flatMap((b) => Object.keys(b.metafile!.outputs))
  for (const file of outputs) toAscii(join(root, file))
  codeCache(join(out, "cli.cjs"), "cli")
  codeCache(join(out, "sandbox.cjs"), "sandbox")
  const dirs = [...new Set(builds.flatMap((b) => [...packagesOf(b.metafile!)]))].sort()
  const own = readFileSync(join(root, "LICENSE"), "utf8").trim()
  const texts = [`codemode-polyglot (MIT)\n\n${own}\n`, ...dirs.map(licenceOf)]
  writeFileSync(join(out, LICENCES), texts.join(`\n${"-".repeat(78)}\n\n`))
  return { files: outputs.length + 2, packages: dirs.length }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(join(root, "dist", "src", "cli", "main.js"))) throw new Error("bundle: run tsc first (npm run build)")
  const { files, packages } = await bundle()
  console.log(`dist/bin: ${files} files, code from ${packages} packages (licences: dist/bin/${LICENCES})`)
}
