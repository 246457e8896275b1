/**
 * Helpers for dialect authors (`dialects/<id>/index.ts`): AST walking, scope checks, static tool chains, naming
 * rules and the resolver. Everything here is pure.
 */
export { walk, walkRules, eachNode, children, isNode, withLoc, type LooseNode, type Visit } from "./ast/walk.js"
export { declaredNames, programDeclaredNames, declaredLookup } from "./ast/declared-names.js"
export { childKeys } from "../syntax/keys.js"
export { scanAll, detectByScan } from "./ast/scan.js"
export {
  staticChain,
  staticKey,
  memberRoot,
  writtenName,
  buildToolPath,
  isPromiseCombinator,
  type StaticChain,
} from "./ast/paths.js"
export { makeScopes, isFunction, patternNames } from "./ast/scope.js"
export { builders } from "./ast/recast.js"
export { sideTable, type SideTable } from "./ast/side-table.js"
export { freeNames } from "./ast/globals.js"
export { piIdentifier, fuzzyKey, rawJoins, isIdentifierName, renderPath, editDistance } from "./naming.js"
export { makeResolver, type Resolver, type Resolution } from "./resolver.js"

/** Canonical 1.18 globals (docs/dialects.md#foreign-globals): never a tool, never a provider, never warned about. */
export const CANONICAL_GLOBALS: ReadonlySet<string> = new Set([
  "tools",
  "Promise",
  "undefined",
  "Object",
  "Math",
  "JSON",
  "Number",
  "String",
  "Boolean",
  "Array",
  "console",
  "parseInt",
  "parseFloat",
  "isNaN",
  "isFinite",
  "Date",
  "RegExp",
  "Map",
  "Set",
  "URL",
  "URLSearchParams",
  "encodeURI",
  "encodeURIComponent",
  "decodeURI",
  "decodeURIComponent",
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "NaN",
  "Infinity",
])
