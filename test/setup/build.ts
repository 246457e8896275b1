/**
 * Vitest global setup: several suites run the built package (`dist/`: the executable, the isolation sandbox's
 * entry point, the packed tarball). `npm install` builds it (tsc, then the executable's bundle); when a source file is newer than the last build
 * (`dist/.tsbuildinfo`), it is built again here, once, before any test file runs, so no suite tests stale code and
 * none sees files being rewritten under it.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, statSync, utimesSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "../..")

/** The newest source file the build compiles that is newer than the last build, if any. */
const newerSource = (): string | undefined => {
  const info = join(root, "dist/.tsbuildinfo")
  if (!existsSync(info)) return "dist/.tsbuildinfo (no build yet)"
  const built = statSync(info).mtimeMs
  const search = (dir: string): string | undefined => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      const found = entry.isDirectory()
        ? search(path)
        : entry.name.endsWith(".ts") && statSync(join(root, path)).mtimeMs > built
          ? path
          : undefined
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const dir of ["src", "dialects", "scripts"]) {
    const found = search(dir)
    if (found !== undefined) return found
  }
  if (!existsSync(join(root, "dist/bin/codemode.js"))) return "dist/bin/codemode.js (not bundled yet)"
  return statSync(join(root, "package.json")).mtimeMs > built ? "package.json" : undefined
}

export default function setup(): void {
  const newer = newerSource()
  if (newer === undefined) return
  process.stderr.write(`dist/ is older than ${newer}: building (npm run build) before the tests\n`)
  try {
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
      cwd: root,
      stdio: "inherit",
    })
  } catch {
    // tsc still emits; the type errors are npm test's typecheck to report.
    process.stderr.write("the build reported type errors (above); the tests run against what it emitted\n")
  }
  // The executable and its sandbox are bundles of what tsc emitted (scripts/bundle.ts), as `npm run build` makes them.
  execFileSync(process.execPath, [join(root, "dist/scripts/bundle.js")], { cwd: root, stdio: "inherit" })
  // An incremental build that found nothing to emit leaves the build info as it was: mark the build as current.
  const now = new Date()
  utimesSync(join(root, "dist/.tsbuildinfo"), now, now)
}
