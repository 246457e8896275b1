// Derives malformed variants of real model outputs (docs/corpus-format.md#cases): the same program in the envelopes and
// wrappers models are seen to send (docs/dialects.md#repairs). Each derived case names its origin and the exact change.
// Usage: node corpus/prompts/derive-cases.mjs   (rewrites corpus/derived/*.case.json deterministically)
import { readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import { join, dirname } from "node:path"
import { fileURLToPath } from "node:url"

const corpus = join(dirname(fileURLToPath(import.meta.url)), "..")
const load = (dir, id) => JSON.parse(readFileSync(join(corpus, dir, `${id}.case.json`), "utf8"))
const codeOf = (kase) => (typeof kase.input === "string" ? kase.input : Object.values(kase.input)[0])

// Each transform: [name, what changed, (origin case) => new input]
const transforms = [
  [
    "fenced",
    "program wrapped in a ```js markdown fence inside the same field",
    (k) => ({ ...k.input, [Object.keys(k.input)[0]]: "```js\n" + codeOf(k) + "\n```" }),
  ],
  [
    "prose-fence",
    "program placed in a prose reply with a ```javascript fence, sent as a bare string",
    (k) => `Here is the program:\n\n\`\`\`javascript\n${codeOf(k)}\n\`\`\`\n\nIt returns the requested value.`,
  ],
  ["stringified", "whole argument object JSON-encoded into a string", (k) => JSON.stringify(k.input)],
  [
    "alias-script",
    "arguments replaced by `{ script: <program> }` (other fields dropped)",
    (k) => ({ script: codeOf(k) }),
  ],
  [
    "nested-content",
    'arguments replaced by `{ code: { language: "javascript", content: <program> } }` (other fields dropped)',
    (k) => ({ code: { language: "javascript", content: codeOf(k) } }),
  ],
  [
    "iife",
    "arguments replaced by `{ code }` holding the program wrapped in `await (async () => {…})()` (other fields dropped)",
    (k) => ({ code: `await (async () => {\n${codeOf(k)}\n})()` }),
  ],
  [
    "options-pragma",
    "arguments replaced by `{ code }` holding the program after a Pi `// @options:` first line (other fields dropped)",
    (k) => ({ code: `// @options: {"timeout_ms": 20000, "max_output_tokens": 4000}\n${codeOf(k)}` }),
  ],
  [
    "unterminated-fence",
    "arguments replaced by `{ code }` holding the program after an opening ```javascript fence that is never closed (other fields dropped)",
    (k) => ({ code: "```javascript\n" + codeOf(k) + "\n" }),
  ],
]
const origins = {
  opencode: [
    "shop-open-order-ids",
    "shop-order-customer-email",
    "dev-pr-authors",
    "travel-warmest-city",
    "shop-missing-order",
  ],
  pi: ["shop-open-total", "dev-open-bug-numbers", "travel-cheapest-nonstop"],
  vercel: ["shop-order-stock", "travel-paris-rain-days"],
  deepseek: ["dev-missing-pr"],
}
const out = join(corpus, "derived")
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
let n = 0
for (const [dir, ids] of Object.entries(origins)) {
  ids.forEach((id, i) => {
    const origin = load(dir, id)
    // Every origin gets three transforms, rotating through the list so each transform is used.
    for (let j = 0; j < 3; j++) {
      const [name, change, make] = transforms[(n + j) % transforms.length]
      const kase = {
        id: `derived-${name}-${origin.id}`,
        dialect: origin.dialect,
        toolset: origin.toolset,
        task: origin.task,
        source: {
          kind: "derived",
          model: origin.source.model,
          notes: `From case ${origin.id}: ${change}. The program text itself is unchanged.`,
        },
        input: make(origin),
        expect: origin.expect,
      }
      writeFileSync(join(out, `${kase.id}.case.json`), JSON.stringify(kase, null, 2) + "\n")
    }
    n++
  })
}
console.log(`${readdirSync(out).length} derived cases in ${out}`)
