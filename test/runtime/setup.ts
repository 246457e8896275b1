// The runtime tests run against the real interpreter (src/interpreter). Set CODEMODE_TEST_VM=1 to run them against
// the node:vm stand-in instead, which separates runtime regressions from interpreter ones.
import { useInterpreter } from "../../src/runtime/engine.js"
import { vmInterpreter } from "./vm-interpreter.js"

if (process.env.CODEMODE_TEST_VM === "1") useInterpreter(vmInterpreter)
