import type { Ctx } from "./context.js"

/** Where a name read resolves, as Python decides: a binding in scope, an import, or nothing (a builtin or a tool). */
export const lookup = (ctx: Ctx, name: string): "local" | "module-import" | "from-import" | "free" => {
  for (let s: typeof ctx.scope | undefined = ctx.scope; s; s = s.parent) {
    if (s.globals.has(name)) {
      let m = s
      while (m.parent) m = m.parent
      if (m.locals.has(name)) return "local"
      break
    }
    if (s.locals.has(name) || s.params.has(name)) return "local"
  }
  if (ctx.modules.has(name)) return "module-import"
  if (ctx.fromImports.has(name)) return "from-import"
  return "free"
}

/** The parameter list of a `def` a name refers to, when the name is bound by that `def` in its scope. */
export const defOf = (ctx: Ctx, name: string) => {
  for (let s: typeof ctx.scope | undefined = ctx.scope; s; s = s.parent) {
    if (s.locals.has(name) || s.params.has(name)) return s.defs.get(name)
  }
  return undefined
}
