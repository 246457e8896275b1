// Test files share workers (vitest.config.ts, `isolate: false`): a file that installs another interpreter
// (`useInterpreter`, e.g. the node:vm stand-in) and leaves it installed makes every later file in that worker run on
// it. This check fails the file that leaves it behind and puts the real interpreter back.
import { afterAll } from "vitest"
import { interpreter as closureInterpreter } from "../../src/interpreter/index.js"
import { interpreter, useInterpreter } from "../../src/runtime/engine.js"

afterAll(() => {
  if (process.env.CODEMODE_TEST_VM === "1" || interpreter() === closureInterpreter) return
  useInterpreter(closureInterpreter)
  throw new Error("this test file left another interpreter installed (useInterpreter); restore it in a finally")
})
