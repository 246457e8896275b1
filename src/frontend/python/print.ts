import { recast } from "../ast/recast.js"
import type { N } from "./translate/estree.js"

/**
 * The receipt's code for a Python program: the translated program printed by recast, after one comment line naming
 * how many Python-library definitions precede it (their text is the library's, src/frontend/python/library).
 */
export const printCanonical = (program: N, libraryCount: number): string => {
  const body = (program.body as N[]).slice(libraryCount)
  const printed = recast.prettyPrint({ type: "Program", sourceType: "script", body } as never, { tabWidth: 2 }).code
  return `// Python program; ${libraryCount} Python-library definitions precede this code\n${printed}`
}
