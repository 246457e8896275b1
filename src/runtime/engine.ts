import type { Interpreter } from "../interpreter/api.js"
import { interpreter as closureInterpreter } from "../interpreter/index.js"

// The one seam between the runtime and the interpreter (docs/architecture.md "Modules"): the runtime compiles with
// src/interpreter unless a test installs another implementation of the same `Interpreter` contract.
let installed: Interpreter = closureInterpreter

/** Replaces the interpreter (tests only: e.g. to check the runtime against a reference implementation). */
export const useInterpreter = (interpreter: Interpreter): void => {
  installed = interpreter
}

export const interpreter = (): Interpreter => installed
