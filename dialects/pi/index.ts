import type { CallExpression, AnyNode as Node, Program } from "acorn"
import type { Dialect, Evidence, RewriteRule } from "../../src/frontend/dialect.js"
import {
  buildToolPath,
  CANONICAL_GLOBALS,
  makeScopes,
  piIdentifier,
  rawJoins,
  walk,
  withLoc,
} from "../../src/frontend/kit.js"
import { prelude } from "./prelude.js"

const HELPERS = ["searchTools", "describeTool", "describeNamespace"]
const WEAK = ["ALL_TOOLS", "text", "image", "store", "load", "exit"]
const MODELS = ["getModelsOfType", "getAvailableOfType", "getModelOfType", "classify", "generateImages"]
const PRELUDE_NAMES = new Set([...HELPERS, ...WEAK])

/** docs/dialects.md#signals pi row (the `@options` pragma is found by the `pragmas` stage). */
const detect: Dialect["detect"] = (program: Program) => {
  const evidence: Evidence[] = []
  const seen = new Set<string>()
  const bound = makeScopes()
  walk(program, {
    enter: (node, ancestors) => {
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
  })
  return evidence
}

/**
 * A bare call of a catalog tool (`read({ path })` with a live tool `read`) → `tools.read(…)`
 * (docs/dialects.md#tool-paths); never a bound name, a canonical global, a Pi helper or `external_*`.
 */
const bareToolCall: RewriteRule = {
  id: "bare-tool-call",
  run: (program, ctx) => {
    if (ctx.tools.length === 0) return
    walk(program, {
      leave: (node) => {
        if (node.type !== "CallExpression") return undefined
        const call = node as CallExpression
        if (call.callee.type !== "Identifier") return undefined
        const name = call.callee.name
        if (CANONICAL_GLOBALS.has(name) || PRELUDE_NAMES.has(name) || name.startsWith("external_")) return undefined
        if (ctx.isBound(name, call)) return undefined
        const path = ctx.resolveName(`tools.${name}`)
        if (!path) return undefined
        call.callee = withLoc(buildToolPath(path) as unknown as Node, call.callee) as never
        ctx.record("bare-tool-call", call, `${name}(…) → tools`)
        return undefined
      },
    })
  },
}

/** Pi `codemode` (`@earendil-works/pi-codemode` 1.6): flat `tools.<identifier>`, `// @options:`, helpers. */
export const dialect: Dialect = {
  id: "pi",
  title: "Pi codemode",
  typescript: false,
  detect,
  naming: {
    // Raw names also work as keys (docs/dialects.md#pi), so both spellings resolve back.
    spell: (path) => [...new Set(rawJoins(path).flatMap((raw) => [`tools.${piIdentifier(raw)}`, `tools.${raw}`]))],
  },
  // `image()` is not a receipt warning: it runs and prints a placeholder line that says there is no image channel.
  rewrites: [bareToolCall],
  prelude,
  asyncCalls: [...HELPERS, ...MODELS.map((m) => `models.${m}`)],
  unsupportedGlobals: {
    models: "no model access from a program",
    print: "use console.log (boozedog pi-codemode)",
    π: "no mapping (boozedog pi-codemode strings)",
    cli: "no mapping: call a tool",
    sendMessage: "no mapping: return the value",
  },
}
