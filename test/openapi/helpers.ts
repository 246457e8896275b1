import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Tool from "../../src/Tool.js"

/** The tool at a dotted path of a generated tree (fails the test when it is missing). */
export const toolAt = (tree: Tool.Tree<any>, path: string): Tool.Definition<any> => {
  let node: unknown = tree
  for (const key of path.split(".")) node = (node as Record<string, unknown>)?.[key]
  if (!Tool.isDefinition(node)) throw new Error(`no tool at ${path}`)
  return node
}

/** Runs a generated tool's Effect directly over the fetch client. */
export const call = (tree: Tool.Tree<any>, path: string, input?: unknown) =>
  (toolAt(tree, path).run(input) as Effect.Effect<unknown, unknown, any>).pipe(
    Effect.provide(FetchHttpClient.layer),
  ) as Effect.Effect<unknown, unknown, never>

/** The failure message of a tool call that must fail. */
export const failure = (tree: Tool.Tree<any>, path: string, input?: unknown) =>
  Effect.map(Effect.flip(call(tree, path, input)), (e) => (e as { message: string }).message)
