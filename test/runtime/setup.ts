// Installs the interpreter the runtime tests run against: the real one once src/interpreter/index.ts lands.
import { useInterpreter } from "../../src/runtime/engine.js"
import { vmInterpreter } from "./vm-interpreter.js"

useInterpreter(vmInterpreter)
