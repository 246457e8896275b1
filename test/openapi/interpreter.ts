// CodeMode needs an interpreter installed (src/runtime/engine.ts). Until the real one is wired there, the runtime
// tests' node:vm stand-in is used; once the engine installs the real interpreter this file does nothing.
import { interpreter, useInterpreter } from "../../src/runtime/engine.js"
import { vmInterpreter } from "../runtime/vm-interpreter.js"

try {
  interpreter()
} catch {
  useInterpreter(vmInterpreter)
}
