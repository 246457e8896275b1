import type { TranscriptFormat } from "../types.js"
import { anthropicMessages } from "./anthropic-messages.js"
import { claudeCode } from "./claude-code.js"
import { codexRollout } from "./codex-rollout.js"
import { openaiChat } from "./openai-chat.js"
import { openaiResponses } from "./openai-responses.js"
import { opencodeExport } from "./opencode-export.js"
import { otelGenai } from "./otel-genai.js"
import { piSession } from "./pi-session.js"

/** The transcript formats `codemode corpus import` detects, tried in this order. */
export const FORMATS: ReadonlyArray<TranscriptFormat> = [
  codexRollout,
  claudeCode,
  opencodeExport,
  piSession,
  openaiChat,
  openaiResponses,
  anthropicMessages,
  otelGenai,
]
