import type { Dialect } from "../src/frontend/dialect.js"
import { dialect as opencode } from "./opencode/index.js"
import { dialect as tanstack } from "./tanstack/index.js"
import { dialect as cloudflare } from "./cloudflare/index.js"
import { dialect as deepseek } from "./deepseek/index.js"
import { dialect as utcp } from "./utcp/index.js"
import { dialect as vercel } from "./vercel/index.js"
import { dialect as codex } from "./codex/index.js"
import { dialect as pi } from "./pi/index.js"

/**
 * The dialect registry in detection-priority order (docs/dialects.md#priority): opencode, tanstack, cloudflare, deepseek,
 * utcp, vercel, codex, pi. Adding a dialect is one folder plus one line here.
 */
export const dialects: ReadonlyArray<Dialect> = [opencode, tanstack, cloudflare, deepseek, utcp, vercel, codex, pi]
