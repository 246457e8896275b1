import * as acorn from "acorn"
import type { Program } from "acorn"
import * as recast from "recast"
import { acornOptions } from "../../src/syntax/parse.js"
import type { Dialect, RewriteContext, ToolPath, DialectId } from "../../src/frontend/dialect.js"
import { type AnyNode } from "../../dialects/shared/ast.js"
import { declaredNames } from "../../src/frontend/dialect-helpers.js"

/** Parses like the frontend will: acorn (shared options) under recast, so untouched code prints byte-identical. */
export const parse = (code: string): { file: AnyNode; program: Program } => {
  const file = recast.parse(code, {
    parser: {
      parse: (source: string) => {
        const comments: acorn.Comment[] = []
        const tokens: acorn.Token[] = []
        const program = acorn.parse(source, {
          ...acornOptions,
          locations: true, // recast reads `loc`
          onComment: comments,
          onToken: tokens,
        }) as AnyNode
        program.comments = comments
        program.tokens = tokens
        return program
      },
    },
  }) as AnyNode
  return { file, program: file.program as Program }
}

export interface Outcome {
  readonly code: string
  readonly changes: Array<{ rule: string; line: number | undefined; note?: string | undefined }>
  readonly warnings: Array<{ message: string; replacement?: string | undefined; line: number | undefined }>
}

/** Runs every rewrite rule of `dialects` (in order) over `code` with a fake context, and prints with recast. */
export const rewrite = (
  code: string,
  dialects: ReadonlyArray<Dialect>,
  options: {
    tools?: ReadonlyArray<ToolPath>
    detected?: DialectId
    resolveName?: (w: string) => ToolPath | undefined
  } = {},
): Outcome => {
  const { file, program } = parse(code)
  const changes: Outcome["changes"] = []
  const warnings: Outcome["warnings"] = []
  const bound = declaredNames(program as AnyNode)
  const ctx: RewriteContext = {
    tools: options.tools ?? [],
    detected: options.detected,
    resolveName: options.resolveName ?? (() => undefined),
    isBound: (name) => bound.has(name),
    record: (rule, node, note) => changes.push({ rule, line: node.loc?.start.line, note }),
    warn: (message, node, replacement) => warnings.push({ message, replacement, line: node?.loc?.start.line }),
    fail: (message, node, fix) =>
      warnings.push({ message: `FAIL ${message}`, replacement: fix, line: node.loc?.start.line }),
  }
  for (const dialect of dialects) for (const rule of dialect.rewrites ?? []) rule.run(program, ctx)
  return { code: recast.print(file).code, changes, warnings }
}
