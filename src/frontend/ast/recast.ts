import { createRequire } from "node:module"
import type * as Recast from "recast"
import type fastPath from "recast/lib/fast-path.js"

/**
 * recast (with ast-types and esprima) is loaded on the first program an AST stage rewrites: a canonical program is
 * never printed, and loading recast builds every ast-types definition (its largest single start-up cost: about a
 * third of what `codemode run` spends in its own code before running anything). The stages use `recast` and
 * `FastPath` below as they would the package's own exports; the first property read loads it.
 *
 * The bundled executable (scripts/bundle.ts) ships recast as one CommonJS file next to it, `CODEMODE_RECAST`, which
 * exports both; elsewhere (the library's build, tests) the package itself is required.
 */
declare const CODEMODE_RECAST: string | undefined

type FastPathClass = typeof fastPath.default
interface RecastLib {
  readonly recast: typeof Recast
  readonly FastPath: FastPathClass
}

const load = createRequire(import.meta.url)
let lib: RecastLib | undefined

const loaded = (): RecastLib =>
  (lib ??=
    typeof CODEMODE_RECAST === "string"
      ? (load(CODEMODE_RECAST) as RecastLib)
      : {
          recast: load("recast") as typeof Recast,
          FastPath: (load("recast/lib/fast-path.js") as { default: FastPathClass }).default,
        })

const lazy = <T extends object>(get: () => T): T => new Proxy({} as T, { get: (_, key) => Reflect.get(get(), key) })

export const recast: typeof Recast = lazy(() => loaded().recast)
export const FastPath: FastPathClass = lazy(() => loaded().FastPath)
/** `recast.types.builders`, for a module that keeps them in a constant (reading them loads recast). */
export const builders: typeof Recast.types.builders = lazy(() => loaded().recast.types.builders)
