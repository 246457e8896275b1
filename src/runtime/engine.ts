import type { Interpreter } from "../interpreter/api.js"

// The one seam between the runtime and the interpreter (docs/architecture.md "Modules"). Until
// src/interpreter/index.ts exists, an interpreter is installed here; switching is this file only.
let installed: Interpreter | undefined

/** Installs the interpreter the runtime compiles programs with (tests and the package entry point call this). */
export const useInterpreter = (interpreter: Interpreter): void => {
  installed = interpreter
}

export const interpreter = (): Interpreter => {
  if (installed === undefined) throw new Error("CodeMode: no interpreter is installed (src/runtime/engine.ts).")
  return installed
}
