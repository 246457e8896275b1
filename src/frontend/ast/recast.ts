import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import type * as Recast from "recast"
import type fastPath from "recast/lib/fast-path.js"

/**
 * recast (with ast-types and esprima) is loaded on the first program an AST stage rewrites: a canonical program is
 * never printed, and loading recast builds every ast-types definition (its largest single start-up cost: about a
 * third of what `codemode run` spends in its own code before running anything). The stages use `recast` and
 * `FastPath` below as they would the package's own exports; the first property read loads it.
 *
 * The build (scripts/bundle.ts) makes recast one CommonJS file, dist/bin/recast.cjs, which exports both and takes
 * tslib's ES module build: the package's own tslib (CommonJS) writes its helpers onto the host's globalThis. The
 * bundled executable names the file `CODEMODE_RECAST`; the library's build finds it beside dist/src; the sources
 * (tests) require the package itself.
 */
declare const CODEMODE_RECAST: string | undefined

/** dist/bin/recast.cjs seen from dist/src/frontend/ast/recast.js, when the build made it. */
const builtRecast = (): string | undefined => {
  const file = fileURLToPath(new URL("../../../bin/recast.cjs", import.meta.url))
  return existsSync(file) ? file : undefined
}

type FastPathClass = typeof fastPath.default
interface RecastLib {
  readonly recast: typeof Recast
  readonly FastPath: FastPathClass
}

const load = createRequire(import.meta.url)
let lib: RecastLib | undefined

const loaded = (): RecastLib => {
  if (lib !== undefined) return lib
  const bundled = typeof CODEMODE_RECAST === "string" ? CODEMODE_RECAST : builtRecast()
  return (lib =
    bundled !== undefined
      ? (load(bundled) as RecastLib)
      : {
          recast: load("recast") as typeof Recast,
          FastPath: (load("recast/lib/fast-path.js") as { default: FastPathClass }).default,
        })
}

const lazy = <T extends object>(get: () => T): T => new Proxy({} as T, { get: (_, key) => Reflect.get(get(), key) })

export const recast: typeof Recast = lazy(() => loaded().recast)
export const FastPath: FastPathClass = lazy(() => loaded().FastPath)
/** `recast.types.builders`, for a module that keeps them in a constant (reading them loads recast). */
export const builders: typeof Recast.types.builders = lazy(() => loaded().recast.types.builders)
