import type { OfferedTool, RecordedResult } from "../types.js"
import { apiFormat, offeredTools } from "./api-records.js"
import { asArray, asObject, asString, contentText, type Obj } from "./fields.js"

/**
 * Anthropic Messages logs: a response's `content` blocks and a request's earlier `messages`. Calls are `tool_use`,
 * `server_tool_use` (Anthropic's own tools: `code_execution` with the model's `code`, `bash_code_execution`, …) and
 * `mcp_tool_use`; `tool_result` blocks and the server tools' `*_tool_result` blocks answer them by `tool_use_id`.
 */

const ID = "anthropic-messages"

const CALL_BLOCKS = new Set(["tool_use", "server_tool_use", "mcp_tool_use"])

/** A result block's content as the model saw it: text parts, or a code execution's stdout and stderr. */
const resultOf = (block: Obj): RecordedResult => {
  const content = block.content
  const body = asObject(content)
  if (body && ("stdout" in body || "stderr" in body)) {
    const text = [asString(body.stdout), asString(body.stderr)].filter((s) => s !== undefined && s !== "").join("\n")
    const code = body.return_code
    return { text, isError: block.is_error === true || (typeof code === "number" && code !== 0) || undefined }
  }
  const failed = asString(body?.type)?.endsWith("_error") === true
  const text = body ? JSON.stringify(body) : contentText(content)
  return { text, isError: block.is_error === true || failed || undefined }
}

export const anthropicMessages = apiFormat(
  ID,
  "Anthropic Messages request and response bodies (`tool_use`, server and MCP tool use, results)",
  ({ body, line, request }, { file, log, problem }) => {
    const readBlocks = (
      blocks: ReadonlyArray<unknown>,
      model: string | undefined,
      tools: ReadonlyArray<OfferedTool> | undefined,
    ): void => {
      blocks.forEach((raw, index) => {
        const block = asObject(raw)
        const type = asString(block?.type)
        if (!block || type === undefined) return
        if (type === "tool_result" || (type.endsWith("_tool_result") && "tool_use_id" in block)) {
          return log.result(asString(block.tool_use_id), resultOf(block))
        }
        if (!CALL_BLOCKS.has(type)) return
        const tool = asString(block.name)
        if (tool === undefined) return problem(line, `${type} block ${index} has no name`)
        log.add({
          tool,
          input: block.input,
          provenance: { format: ID, file, line, model, callId: asString(block.id) },
          tools,
        })
      })
    }
    if (Array.isArray(body.messages)) {
      // A request replays earlier turns: their calls carry no model, since the log does not say which one made them.
      const tools = offeredTools(body)
      for (const raw of body.messages) readBlocks(asArray(asObject(raw)?.content), undefined, tools)
      return
    }
    readBlocks(asArray(body.content), asString(body.model), offeredTools(request))
  },
)
