import type { CallExpression, AnyNode as Node, Program } from "acorn"
import type { Dialect, Evidence, RewriteRule } from "../../src/frontend/dialect.js"
import {
  buildToolPath,
  CANONICAL_GLOBALS,
  detectByScan,
  makeScopes,
  piIdentifier,
  rawJoins,
  walk,
  withLoc,
} from "../../src/frontend/dialect-helpers.js"
import { morph } from "../shared/ast.js"
import { prelude } from "./prelude.js"

const HELPERS = ["searchTools", "describeTool", "describeNamespace"]
const WEAK = ["ALL_TOOLS", "text", "image", "store", "load", "exit"]
const MODELS = ["getModelsOfType", "getAvailableOfType", "getModelOfType", "classify", "generateImages"]
const PRELUDE_NAMES = new Set([...HELPERS, ...WEAK])

/** docs/dialects.md#signals pi row (the `@options` pragma is found by the `pragmas` stage). */
const scan: NonNullable<Dialect["scan"]> = (_program, _source, info) => {
  const evidence: Evidence[] = []
  const seen = new Set<string>()
  const bound = info?.bound ?? makeScopes()
  return {
    enter: (node, _parent, _key, ancestors) => {
      if (node.type !== "Identifier" || seen.has(node.name)) return undefined
      const parent = ancestors[ancestors.length - 1]
      if (parent?.type === "MemberExpression" && parent.property === node && !parent.computed) return undefined
      const name = node.name
      const strong = HELPERS.includes(name) || (name === "models" && parent?.type === "MemberExpression")
      if ((!strong && !WEAK.includes(name)) || bound(name, ancestors)) return undefined
      seen.add(name)
      const loc = { line: node.loc!.start.line, column: node.loc!.start.column, offset: node.start }
      evidence.push({
        dialect: "pi",
        signal: name === "models" ? "models." : name,
        strength: strong ? "strong" : "weak",
        loc,
      })
      return undefined
    },
    types: ["Identifier"],
    done: () => evidence,
  }
}

/** A bare call of this name is never a tool call: a canonical global, a Pi helper or TanStack's `external_*`. */
const bareNeverATool = (name: string): boolean =>
  CANONICAL_GLOBALS.has(name) || PRELUDE_NAMES.has(name) || name.startsWith("external_")

/**
 * A bare call of a catalog tool (`read({ path })` with a live tool `read`) → `tools.read(…)`
 * (docs/dialects.md#tool-paths); never a bound name, a canonical global, a Pi helper or `external_*`.
 */
const bareToolCall: RewriteRule = {
  id: "bare-tool-call",
  needs: ({ callees }) => [...callees].some((name) => !bareNeverATool(name)),
  run: (program, ctx) => {
    if (ctx.tools.length === 0) return
    walk(program, {
      leave: (node, ancestors) => {
        if (node.type !== "CallExpression") return undefined
        const call = node as CallExpression
        if (call.callee.type !== "Identifier") return undefined
        const name = call.callee.name
        if (bareNeverATool(name)) return undefined
        if (ctx.isBound(name, call, ancestors)) return undefined
        const path = ctx.resolveName(`tools.${name}`)
        if (!path) return undefined
        call.callee = withLoc(buildToolPath(path) as unknown as Node, call.callee) as never
        ctx.record("bare-tool-call", call, `${name}(…) → tools`)
        return undefined
      },
    })
  },
}

/** A write target's identifiers: `x`, or each name inside a destructuring pattern, with its shorthand property. */
type Target = { readonly id: Node; readonly shorthand?: { shorthand: boolean } }
const targetNames = (target: Node | null | undefined, out: Target[] = [], prop?: Target["shorthand"]): Target[] => {
  if (!target) return out
  switch (target.type) {
    case "Identifier":
      out.push(prop?.shorthand ? { id: target, shorthand: prop } : { id: target })
      break
    case "ArrayPattern":
      for (const e of target.elements) targetNames(e as Node | null, out)
      break
    case "ObjectPattern":
      for (const p of target.properties)
        if (p.type === "Property") targetNames(p.value as Node, out, p as { shorthand: boolean })
        else targetNames(p as Node, out)
      break
    case "AssignmentPattern":
      targetNames(target.left as Node, out, prop)
      break
    case "RestElement":
      targetNames(target.argument as Node, out)
      break
  }
  return out
}

/**
 * Pi runs the program in a sloppy-mode function: assigning a name nobody declared creates a global (docs/dialects.md#pi), where
 * canonical throws `ReferenceError`. In a Pi program every write of such a name becomes a write of `globalThis.<name>`,
 * and reads stay reads of the global: a read before the first assignment throws `ReferenceError` as in Pi (a `let`
 * would read `undefined`, and `total = total + x` would silently give `NaN`), and `typeof` says `"undefined"`. The
 * receipt lists the names.
 */
const sloppyGlobals: RewriteRule = {
  id: "pi-sloppy-global",
  needs: (_, { detected }) => detected === "pi",
  run: (program, ctx) => {
    if (ctx.detected !== "pi") return
    const names = new Map<string, Node>()
    const writes: Target[] = []
    const free = (id: Node, ancestors: ReadonlyArray<Node>): string | undefined => {
      const name = (id as { name: string }).name
      return CANONICAL_GLOBALS.has(name) || PRELUDE_NAMES.has(name) || ctx.isBound(name, id, ancestors)
        ? undefined
        : name
    }
    walk(program, {
      enter: (node, ancestors) => {
        let targets: Target[] = []
        let creates = false
        if (node.type === "AssignmentExpression") {
          targets = targetNames(node.left as Node)
          creates = node.operator === "="
        } else if (node.type === "UpdateExpression") targets = targetNames(node.argument as Node)
        else if (
          (node.type === "ForInStatement" || node.type === "ForOfStatement") &&
          node.left.type !== "VariableDeclaration"
        ) {
          targets = targetNames(node.left as Node)
          creates = true
        }
        for (const target of targets) {
          const name = free(target.id, [...ancestors, node])
          if (name === undefined) continue
          if (creates && !names.has(name)) names.set(name, node)
          writes.push(target)
        }
        return undefined
      },
    })
    if (names.size === 0) return
    for (const { id, shorthand } of writes) {
      const name = (id as { name: string }).name
      if (!names.has(name)) continue
      // `({ r } = o)` → `({ r: globalThis.r } = o)`
      if (shorthand) shorthand.shorthand = false
      morph(id as never, buildToolPath([name], false, "globalThis") as never)
    }
    ctx.record(
      "pi-sloppy-global",
      [...names.values()][0]!,
      `undeclared ${[...names.keys()].join(", ")}: a global in Pi's sloppy mode, written as globalThis.<name>`,
    )
  },
}

/** Pi `codemode` (`@earendil-works/pi-codemode` 1.6): flat `tools.<identifier>`, `// @options:`, helpers. */
export const dialect: Dialect = {
  id: "pi",
  title: "Pi codemode",
  typescript: false,
  detect: detectByScan(scan),
  scan,
  naming: {
    // Raw names also work as keys (docs/dialects.md#pi), so both spellings resolve back.
    spell: (path) => [...new Set(rawJoins(path).flatMap((raw) => [`tools.${piIdentifier(raw)}`, `tools.${raw}`]))],
  },
  // `image()` is not a receipt warning: it runs and prints a placeholder line that says there is no image channel.
  rewrites: [bareToolCall, sloppyGlobals],
  prelude,
  asyncCalls: [...HELPERS, ...MODELS.map((m) => `models.${m}`)],
  unsupportedGlobals: {
    models: "no model access from a program",
    print: "use console.log",
    π: "not available: put the value in the program",
    cli: "no mapping: call a tool",
    sendMessage: "no mapping: return the value",
  },
}
