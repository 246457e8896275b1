import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

/** Writes a corpus root in a fresh temp directory; string values are written verbatim, others as JSON. */
export const writeCorpus = (files: Record<string, unknown>): string => {
  const root = mkdtempSync(join(tmpdir(), "codemode-corpus-"))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content, null, 2))
  }
  return root
}

export const shop = {
  name: "shop",
  tools: [
    {
      path: ["orders", "list"],
      description: "List orders",
      input: { type: "object", properties: { status: { type: "string" } } },
      cases: [
        { when: { status: "open" }, result: [{ id: "o3" }, { id: "o1" }] },
        { when: { status: "lost" }, error: "No such status" },
      ],
      default: { result: [] },
    },
    {
      path: ["orders", "get"],
      description: "Get one order",
      input: { type: "object", properties: { id: { type: "string" } } },
      cases: [{ when: { id: "o1" }, result: { id: "o1", total: 5 } }],
    },
    { path: ["ping"], description: "Top-level tool", input: { type: "object" }, cases: [{ when: {}, result: "pong" }] },
  ],
}

/** A well-formed case; override any field. */
export const aCase = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: "c1",
  dialect: "opencode",
  toolset: "shop",
  task: "Return the ids of open orders, sorted.",
  source: { kind: "hand-written", model: "unknown" },
  input: { code: "const o = await tools.orders.list({ status: 'open' }); return o.map(x => x.id).sort()" },
  expect: { ok: true, value: ["o1", "o3"], calls: ["orders.list"] },
  ...overrides,
})
