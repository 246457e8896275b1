import type { Stage, State } from "../types.js"
import type { DialectId, Evidence } from "../dialect.js"
import { diagnostic } from "../../diagnostic.js"
import { decide } from "./detect.js"
import { translate } from "./translate/program.js"
import { Refusal, type PyTool } from "./translate/context.js"
import { printCanonical } from "./print.js"
import { pythonToolNames } from "./tools.js"
import { isPythonDialect, pythonEvidence, PYTHON_DIALECT_IDS } from "./dialects.js"
import { recordLanguage } from "./language.js"

/**
 * The `python` stage (docs/python.md): a program text written in Python is parsed with lezer, translated into the
 * canonical tree, and the JavaScript stages after it do not run (`halted` with no diagnostic: the program is complete).
 */
export const python: Stage = {
  id: "python",
  kind: "text",
  run: (state: State) => {
    const hinted = state.hint !== undefined && PYTHON_DIALECT_IDS.includes(state.hint)
    const d = decide(state.text, hinted)
    if (!d.python || !d.parse) return
    recordLanguage(state, "python")
    state.halted = true
    const evidence: Evidence[] = pythonEvidence(state.text, d.parse.tree)
    state.evidence.push(...evidence)
    const strong = evidence.find((e) => e.strength === "strong")
    const detected: DialectId = strong?.dialect ?? (hinted ? state.hint! : (evidence[0]?.dialect ?? "anthropic"))
    state.detected = detected
    if (d.parse.error !== undefined) {
      state.diagnostics.push(
        diagnostic("ParseError", "invalid syntax (Python)", { location: state.locate(d.parse.error) }),
      )
      return
    }
    const tools = new Map<string, PyTool>()
    for (const [name, tool] of pythonToolNames(state.tools, state.catalog)) tools.set(name, tool)
    try {
      const style = isPythonDialect(detected) && detected === "smolagents" ? "sync" : undefined
      const out = translate(state.text, d.parse.tree, tools, style)
      state.program = out.program as never
      state.changes.push({
        stage: "python",
        rule: "python-translate",
        dialect: detected,
        note: `Python (${out.style} tools) translated to the canonical program`,
      })
      for (const t of out.translations)
        state.changes.push({
          stage: "python",
          rule: t.rule,
          dialect: detected,
          loc: state.locate(t.from),
          ...(t.note ? { note: t.note } : {}),
        })
      state.code = printCanonical(out.program, out.libraryCount)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      state.diagnostics.push(
        diagnostic("UnsupportedSyntax", `${error.message} (Python). Fix: ${error.fix}.`, {
          location: state.locate(error.from),
          suggestions: [error.fix],
        }),
      )
    }
  },
}
