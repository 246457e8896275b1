import { stripTypeScript } from "../../syntax/parse.js"
import type { Stage, State } from "../types.js"
import { lineAlignMap } from "../posmap.js"
import { acornParse } from "../ast/parse.js"

/** Whether the envelope or the host says the program came from a TypeScript-native system (docs/dialects.md#typescript). */
const tsNative = (state: State): boolean => {
  const ids = new Set(state.evidence.filter((e) => e.signal.startsWith("envelope:")).map((e) => e.dialect))
  if (state.hint !== undefined) ids.add(state.hint)
  return state.dialects.some((d) => d.typescript === true && ids.has(d.id))
}

/**
 * The `typescript` stage: sucrase (`transforms: ["typescript"]`, line-preserving) when the text does not parse as
 * JavaScript or the dialect is TS-native (docs/dialects.md#typescript). A failed strip keeps the text for `parse` to report.
 */
export const typescript: Stage = {
  id: "typescript",
  kind: "text",
  run: (state) => {
    state.sourceForDetect = state.text
    const native = tsNative(state)
    // The JavaScript probe; a TypeScript-native program is stripped first and probed only when the answer matters
    // (the strip failed or changed nothing), so it is parsed once, not twice.
    let probed: boolean | undefined
    const probe = (): boolean => {
      if (probed !== undefined) return probed
      try {
        state.program = acornParse(state.text, false)
        probed = true
      } catch {
        probed = false
      }
      return probed
    }
    if (!native && probe()) return
    let stripped: string
    try {
      stripped = stripTypeScript(state.text)
    } catch (error) {
      // A plain JavaScript syntax error is reported by the parse stage as what it is; only a TypeScript system's
      // program hears about TypeScript.
      if (!probe() && native)
        state.warnings.push({
          message: `the program does not parse as TypeScript: ${String((error as Error).message)}`,
        })
      return
    }
    if (stripped === state.text) {
      probe()
      return
    }
    try {
      const program = acornParse(stripped, false)
      state.program = program
    } catch {
      if (!probe()) state.warnings.push({ message: "the program does not parse as JavaScript or TypeScript" })
      return
    }
    state.typescript = true
    state.changes.push({ stage: "typescript", rule: "strip-types" })
    state.maps.push(lineAlignMap(state.text, stripped))
    state.text = stripped
  },
}
