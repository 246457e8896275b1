import { parse } from "../args.js"
import { UsageError, type Io } from "../io.js"
import { resumeDir, resumeOptions } from "../resume-store.js"

export { APPROVALS_HELP } from "../help.js"

const OPTIONS = {
  reason: { type: "string" },
  store: { type: "string" },
} as const

/**
 * `codemode approvals allow TOKEN | deny TOKEN --reason TEXT [--store DIR|redis://…]`: records a person's decision on
 * a call `codemode mcp --approve NAME --defer` holds, in the gateway's store; the model's `resume` tool then continues
 * the run with it (docs/resume.md "MCP gateway").
 */
export const approvalsCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "approvals")
  const [verb, token, ...rest] = positionals
  if (verb === "list")
    throw new UsageError("approvals list is not available: the stores have no listing; decide by token")
  if (verb !== "allow" && verb !== "deny") throw new UsageError("approvals takes allow TOKEN or deny TOKEN")
  if (token === undefined || rest.length > 0) throw new UsageError(`approvals ${verb} takes one resume token`)
  if (verb === "allow" && values.reason !== undefined) throw new UsageError("--reason goes with deny")
  const { checkStoreFlag, storeFromFlag } = await import("../../mcp/gateway/store-flag.js")
  if (values.store !== undefined) {
    const problem = checkStoreFlag(values.store)
    if (problem !== undefined) throw new UsageError(problem)
  }
  const resume = await resumeOptions(resumeDir())
  const store = values.store === undefined ? resume.store : storeFromFlag(values.store)
  const { recordDecision } = await import("../../mcp/gateway/decisions.js")
  const decision = verb === "allow" ? { allow: true as const } : { allow: false as const, reason: values.reason ?? "" }
  try {
    const refused = await recordDecision(store, resume.resumeKey, token, decision)
    if (refused !== undefined) {
      io.err(`codemode approvals: ${refused}\n`)
      return 1
    }
  } finally {
    await store.close()
  }
  io.out(`${verb === "allow" ? "allowed" : "denied"}: the model's next resume call continues the run\n`)
  return 0
}
