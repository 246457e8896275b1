import { parse } from "../args.js"
import { UsageError, type Io } from "../io.js"
import type { Store } from "../../store/store.js"
import { json } from "../render.js"
import { resumeDir, resumeOptions } from "../resume-store.js"

export { APPROVALS_HELP } from "../help.js"

const OPTIONS = {
  reason: { type: "string" },
  store: { type: "string" },
  json: { type: "boolean" },
} as const

/** Longest input shown per waiting call in the text listing (`--json` has it whole). */
const INPUT_CHARS = 120

/**
 * `codemode approvals list | allow TOKEN | deny TOKEN --reason TEXT [--store DIR|redis://…]`: lists the calls
 * `codemode mcp --approve NAME --defer` holds, or records a person's decision on one in the gateway's store; the
 * model's `resume` tool then continues the run with it (docs/resume.md "MCP gateway").
 */
export const approvalsCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "approvals")
  const [verb, token, ...rest] = positionals
  if (verb !== "allow" && verb !== "deny" && verb !== "list")
    throw new UsageError("approvals takes list, allow TOKEN or deny TOKEN")
  if (verb === "list" && (token !== undefined || values.reason !== undefined))
    throw new UsageError("approvals list takes no token and no --reason")
  if (verb !== "list" && (token === undefined || rest.length > 0))
    throw new UsageError(`approvals ${verb} takes one resume token`)
  if (verb !== "list" && values.json !== undefined) throw new UsageError("--json goes with list")
  if (verb === "allow" && values.reason !== undefined) throw new UsageError("--reason goes with deny")
  const { checkStoreFlag, storeFromFlag } = await import("../../mcp/gateway/store-flag.js")
  if (values.store !== undefined) {
    const problem = checkStoreFlag(values.store)
    if (problem !== undefined) throw new UsageError(problem)
  }
  const resume = await resumeOptions(resumeDir())
  const store = values.store === undefined ? resume.store : storeFromFlag(values.store)
  if (verb === "list") {
    try {
      return await list(io, store, resume.resumeKey, values.json === true)
    } finally {
      await store.close()
    }
  }
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

const list = async (io: Io, store: Store, key: Uint8Array, asJson: boolean): Promise<number> => {
  const { waitingRuns } = await import("../../mcp/gateway/decisions.js")
  const waiting = await waitingRuns(store, key)
  if (waiting === undefined) {
    io.err("codemode approvals: this store cannot list its keys; decide by the token the model received\n")
    return 1
  }
  if (asJson) {
    io.out(json(waiting.map((w) => ({ ...w, expiresAt: new Date(w.expiresAt).toISOString() }))))
    return 0
  }
  if (waiting.length === 0) {
    io.out("no call waits for a decision in this store\n")
    return 0
  }
  for (const w of waiting) {
    const input = JSON.stringify(w.input) ?? "undefined"
    const shown = input.length > INPUT_CHARS ? `${input.slice(0, INPUT_CHARS)}… (${input.length} chars)` : input
    io.out(`${w.tool} ${shown}\n`)
    io.out(`  ${w.decision}, expires ${new Date(w.expiresAt).toISOString()}${w.reason ? `, ${w.reason}` : ""}\n`)
    io.out(`  token ${w.token}\n`)
  }
  io.out(`${waiting.length} waiting; decide with: codemode approvals allow|deny TOKEN\n`)
  return 0
}
