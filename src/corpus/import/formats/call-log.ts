import { jsonEqual } from "../../json.js"
import type { ImportedCall, RecordedResult } from "../types.js"

const fill = (first: ImportedCall, again: ImportedCall): ImportedCall => ({
  ...first,
  provenance: {
    ...first.provenance,
    session: first.provenance.session ?? again.provenance.session,
    timestamp: first.provenance.timestamp ?? again.provenance.timestamp,
    model: first.provenance.model ?? again.provenance.model,
  },
  tools: first.tools ?? again.tools,
  result: first.result ?? again.result,
})

/**
 * Calls in file order, each paired with the result recorded under its call id. A call recorded again with the same id,
 * tool and input (an API log repeats earlier turns in every request) is one call: the first record keeps its line and
 * the later one fills what it lacked. The first result recorded for an id wins.
 */
export const callLog = () => {
  const calls: ImportedCall[] = []
  const byId = new Map<string, number>()
  const results = new Map<string, RecordedResult>()
  return {
    add(call: ImportedCall): void {
      const id = call.provenance.callId
      const at = id === undefined ? undefined : byId.get(id)
      const earlier = at === undefined ? undefined : calls[at]
      if (at !== undefined && earlier && earlier.tool === call.tool && jsonEqual(earlier.input, call.input)) {
        calls[at] = fill(earlier, call)
        return
      }
      if (id !== undefined && at === undefined) byId.set(id, calls.length)
      calls.push(call)
    },
    result(callId: string | undefined, result: RecordedResult): void {
      if (callId !== undefined && !results.has(callId)) results.set(callId, result)
    },
    done(): ReadonlyArray<ImportedCall> {
      return calls.map((call) => {
        const id = call.provenance.callId
        const result = call.result ?? (id === undefined ? undefined : results.get(id))
        return result ? { ...call, result } : call
      })
    },
  }
}

export type CallLog = ReturnType<typeof callLog>
