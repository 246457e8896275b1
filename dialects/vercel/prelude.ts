import type { Prelude } from "../../src/frontend/dialect.js"
import { parseCanonicalText, rawName } from "../shared/names.js"

interface SearchPage {
  readonly items: ReadonlyArray<{ readonly path: string; readonly description: string }>
}

/**
 * `tools.tool_search({ query })` → `{ tools: [{ name, description }] }` (docs/dialects.md#discovery-helpers), served as
 * `$vercel.tool_search` over the canonical `$codemode.search`. `name` is the raw flat name (`a.b`) the program then
 * calls as `tools["a.b"]`, which the `vercel-raw-name` rule maps back. Vercel's default page size is unverified: 10.
 */
export const prelude: Prelude = {
  globals: () => ({
    $vercel: {
      kind: "namespace",
      members: {
        tool_search: {
          kind: "function",
          call: async ([input], ctx) => {
            const query = typeof input === "string" ? input : (input as { query?: unknown } | undefined)?.query
            const page = (await ctx.callTool(["$codemode", "search"], {
              query: typeof query === "string" ? query : "",
              limit: 10,
            })) as SearchPage
            const tools = page.items.flatMap((item) => {
              const path = parseCanonicalText(item.path)
              return path === undefined ? [] : [{ name: rawName(path), description: item.description }]
            })
            return { tools }
          },
        },
      },
    },
  }),
  // No `toolFailure`: failures are plain `Error`s there, the canonical shape.
}
