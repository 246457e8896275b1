import type { Dialect } from "../../src/frontend/dialect.js"
import { dialect as cloudflare } from "../../dialects/cloudflare/index.js"
import { dialect as deepseek } from "../../dialects/deepseek/index.js"
import { dialect as vercel } from "../../dialects/vercel/index.js"

/** The foreign dialects of this area. */
export const foreign: ReadonlyArray<Dialect> = [cloudflare, vercel, deepseek]
