import { createInterface } from "node:readline/promises"
import type { Readable, Writable } from "node:stream"
import * as Effect from "effect/Effect"
import * as Semaphore from "effect/Semaphore"
import type { ToolApproval } from "../runtime/types.js"
import { covered, describeCall } from "../approval-patterns.js"
import { UsageError } from "./usage-error.js"

export { covered, describeCall }

/**
 * `codemode run --approve NAME...`: calls to the named tools wait for a yes on the terminal. A NAME is a dotted tool
 * path (`repo.write`), a namespace (`repo`: every tool under it) or `*` (every tool). Other tools run unasked.
 */

/**
 * The patterns, split on commas, each checked against the tool names: a pattern that matches nothing is a usage
 * error (a typo must not leave a write tool ungated).
 */
export const approvalPatterns = (flags: ReadonlyArray<string>, names: ReadonlyArray<string>): ReadonlyArray<string> => {
  const patterns = flags.flatMap((f) => f.split(",")).map((p) => p.trim().replace(/^tools\./, ""))
  for (const p of patterns) {
    if (p === "") throw new UsageError("--approve needs a tool name, a namespace or *")
    if (!names.some((name) => covered([p], name)))
      throw new UsageError(
        `--approve ${p}: no such tool or namespace (tools: ${
          names.length === 0 ? "none" : names.length > 20 ? `${names.slice(0, 20).join(", ")}, …` : names.join(", ")
        })`,
      )
  }
  return patterns
}

/** Asks one yes/no question; resolves undefined when the input ends first. Aborting closes the prompt. */
export type Ask = (question: string, signal: AbortSignal) => Promise<string | undefined>

/** A question on `output`, the answer one line of `input` (the terminal: stdin and stderr). */
export const streamAsk =
  (input: Readable, output: Writable): Ask =>
  async (question, signal) => {
    const rl = createInterface({ input, output, terminal: false })
    let ended = false
    rl.once("close", () => (ended = true))
    try {
      const answer = rl.question(question, { signal })
      // readline's question never settles when the input ends: treat the end as "no answer".
      const closed = new Promise<undefined>((resolve) => rl.once("close", () => resolve(undefined)))
      const line = await Promise.race([answer, closed])
      return ended && line === undefined ? undefined : line
    } catch (error) {
      if (signal.aborted) return undefined
      throw error
    } finally {
      rl.close()
    }
  }

export const NOT_A_TERMINAL = "approval is asked on a terminal and stdin is not one (codemode run --approve)"

/** `--defer`: a covered call is not asked now; the run ends waiting for `codemode resume TOKEN --allow|--deny`. */
export const deferApproval =
  (patterns: ReadonlyArray<string>): ToolApproval =>
  ({ name }) =>
    Effect.succeed(
      covered(patterns, name)
        ? { defer: true as const, reason: `tools.${name} needs a person's decision (--defer)` }
        : { allow: true as const },
    )

/**
 * The `approve` hook of `codemode run`: covered calls ask `Allow tools.x.y({...})? [y/N]` one at a time; y or yes
 * allows, anything else (or the end of input) denies. Without a terminal (`ask` undefined) covered calls are denied
 * with a reason saying so. The run's timeout interrupts a pending question.
 */
export const terminalApproval = (patterns: ReadonlyArray<string>, ask: Ask | undefined): ToolApproval => {
  const one = Semaphore.makeUnsafe(1)
  return ({ name, input }) => {
    if (!covered(patterns, name)) return Effect.succeed({ allow: true })
    if (ask === undefined) return Effect.succeed({ allow: false, reason: NOT_A_TERMINAL })
    return one.withPermits(1)(
      Effect.map(
        Effect.promise((signal) => ask(`Allow ${describeCall(name, input)}? [y/N] `, signal)),
        (answer) =>
          answer !== undefined && /^\s*y(es)?\s*$/i.test(answer)
            ? { allow: true as const }
            : {
                allow: false as const,
                reason: answer === undefined ? "no answer on the terminal" : "denied on the terminal",
              },
      ),
    )
  }
}

/**
 * The gate of `run --approve` and `resume --approve`, built after make so the patterns are checked against the
 * runtime's own tool names: `--defer` holds covered calls for a person's later decision, else they are asked now.
 */
export const approvalGate = (
  flags: ReadonlyArray<string>,
  defer: boolean,
  runtime: { readonly catalog?: (() => unknown) | undefined },
  ask: Ask | undefined,
): ToolApproval => {
  const patterns = approvalPatterns(
    flags,
    ((runtime.catalog?.() ?? []) as ReadonlyArray<{ readonly path: string }>).map((t) => t.path),
  )
  return defer ? deferApproval(patterns) : terminalApproval(patterns, ask)
}
