/**
 * Identifier reads and writes through resolved slots (§9.1.2.1 ResolveBinding, done at compile time). Depth 0/1
 * are specialized; TDZ checks are dropped where the declaration provably ran (same function, textually after it).
 */
import type { Identifier } from "acorn"
import { type Pos, referenceError, typeError } from "../errors.js"
import { TDZ, type Env } from "../values.js"
import { isShared, sharedGet, sharedOwn, sharedSet } from "../intrinsics.js"
import type { Run } from "../run-state.js"
import { type CE, Ctx, constant, posOf } from "./context.js"
import type { Binding } from "./scope.js"
import { slotOperand } from "./operand.js"
import { isReplaceable } from "../builtins/globals.js"

const needsTdz = (ctx: Ctx, b: Binding, at: number): boolean => {
  // Also a derived constructor's `this` (set by `super(...)`, functions.ts).
  if (b.alwaysCheck) return true
  // A parameter with a `declEnd` belongs to a list with defaults or patterns: it has a TDZ too.
  if (b.kind !== "let" && b.kind !== "const" && !(b.kind === "param" && b.declEnd >= 0)) return false
  if (b.alwaysCheck || b.fn !== ctx.fn) return true
  return at < b.declEnd
}

export const tdzError = (name: string, pos: Pos) =>
  referenceError(
    name === "this"
      ? "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"
      : `Cannot access '${name}' before initialization`,
    pos,
  )

/** A reader of slot `slot` at `depth` frames up. */
export const slotReader = (depth: number, slot: number): ((env: Env) => unknown) => {
  switch (depth) {
    case 0:
      return (env) => env[slot]
    case 1:
      return (env) => (env[0] as Env)[slot]
    case 2:
      return (env) => ((env[0] as Env)[0] as Env)[slot]
    default:
      return (env) => {
        let e = env
        for (let i = 0; i < depth; i++) e = e[0] as Env
        return e[slot]
      }
  }
}

export const frameAt = (env: Env, depth: number): Env => {
  let e = env
  for (let i = 0; i < depth; i++) e = e[0] as Env
  return e
}

/** The `globalThis` of the compile-time global table (a shared built-in a run writes to through its overlay). */
const sharedGlobalThis = (ctx: Ctx): object | undefined => {
  const g = ctx.globals.get("globalThis")
  return isShared(g) ? g : undefined
}

/** Whether this run gave `globalThis` an own property `name` (only a run with overlays has written to it). */
const addedGlobal = (rt: Run, shared: object, name: string): boolean =>
  rt.overlays !== undefined && sharedOwn(rt, shared, name) !== undefined

/**
 * A name neither a scope nor the global table declares: a property this run added to `globalThis` (intrinsics.ts;
 * `globalThis.x = 1` then `x`), else a ReferenceError (`typeof x`: undefined instead).
 */
const globalProperty = (ctx: Ctx, name: string, pos: Pos, orUndefined: boolean): CE => {
  const shared = sharedGlobalThis(ctx)
  return {
    async: false,
    ev: (_env, rt) => {
      if (shared !== undefined && addedGlobal(rt, shared, name)) return sharedGet(rt, shared, name, shared)
      if (orUndefined) return undefined
      throw referenceError(`${name} is not defined`, pos)
    },
  }
}

/**
 * A built-in global the program assigns somewhere (`Math = …`, `globalThis.JSON = …`): this run's `globalThis`
 * property once the run has replaced it, the built-in until then. Another run never sees the replacement.
 */
const replaceableGlobal = (ctx: Ctx, name: string): CE => {
  const builtin = ctx.globals.get(name)
  const shared = sharedGlobalThis(ctx)
  if (shared === undefined) return constant(builtin)
  return {
    async: false,
    ev: (_env, rt) => (addedGlobal(rt, shared, name) ? sharedGet(rt, shared, name, shared) : builtin),
  }
}

/** `typeof x` of an undeclared `x` (§13.5.3): its globalThis property, or undefined, never a ReferenceError. */
export const compileTypeofOperand = (node: Identifier, ctx: Ctx): CE =>
  globalProperty(ctx, node.name, posOf(node, ctx), true)

export const compileIdentifier = (node: Identifier, ctx: Ctx): CE => {
  const name = node.name
  const r = ctx.scope.resolve(name)
  const pos = posOf(node, ctx)
  if (!r) {
    if (ctx.globals.has(name))
      return ctx.replaced.has(name) ? replaceableGlobal(ctx, name) : constant(ctx.globals.get(name))
    return globalProperty(ctx, name, pos, false)
  }
  const { binding, depth } = r
  const slot = binding.slot
  if (!needsTdz(ctx, binding, node.start)) {
    if (depth === 0) return { async: false, ev: (env) => env[slot], slot, operand: slotOperand(slot, false) }
    if (depth === 1) return { async: false, ev: (env) => (env[0] as Env)[slot], operand: slotOperand(slot, true) }
    const read = slotReader(depth, slot)
    return { async: false, ev: (env) => read(env) }
  }
  const read = slotReader(depth, slot)
  return {
    async: false,
    ev: (env) => {
      const v = read(env)
      if (v === TDZ) throw tdzError(name, pos)
      return v
    },
  }
}

/** `typeof x` must not throw for undeclared names (§13.5.3). */
export const isUndeclared = (node: Identifier, ctx: Ctx): boolean =>
  !ctx.scope.resolve(node.name) && !ctx.globals.has(node.name)

/** A writer of a name: `(env, value, rt)`; only a write to an undeclared name uses `rt`. */
export type Writer = (env: Env, v: unknown, rt: Run) => void

/**
 * A write to a name no scope declares (§9.1.1.4.5 SetMutableBinding of the global environment, strict): a property
 * this run added to `globalThis` is set there (`globalThis.c = 1; c = 5`), and so is a built-in global the program
 * replaces (`Math = 1`, `ctx.replaced`: its reads look there too); the fixed ones refuse with a TypeError
 * (`undefined`, `NaN`, `Infinity` are read-only in V8 too; `tools` and a dialect's globals belong to the host), as
 * does a write to a built-in the source scan did not see (a destructuring target), rather than a write its reads
 * would miss; any other name is a ReferenceError.
 */
const globalWrite = (ctx: Ctx, name: string, pos: Pos): Writer => {
  const shared = sharedGlobalThis(ctx)
  if (ctx.globals.has(name)) {
    if (shared !== undefined && ctx.replaced.has(name))
      return (_env, v, rt) => {
        sharedSet(rt, shared, name, v)
      }
    return () => {
      throw typeError(
        !isReplaceable(name, ctx.options)
          ? `Cannot assign to read only global '${name}'`
          : `Cannot assign to global '${name}' here: only a plain assignment (${name} = …) replaces a built-in global`,
        pos,
      )
    }
  }
  return (_env, v, rt) => {
    if (shared === undefined || !addedGlobal(rt, shared, name)) throw referenceError(`${name} is not defined`, pos)
    sharedSet(rt, shared, name, v)
  }
}

/** A writer for assignment (`init` = declaration initialization, which skips const and TDZ checks). */
export const compileWrite = (node: Identifier, ctx: Ctx, init: boolean): Writer => {
  const name = node.name
  const pos = posOf(node, ctx)
  const r = ctx.scope.resolve(name)
  if (!r) return globalWrite(ctx, name, pos)
  const { binding, depth } = r
  const slot = binding.slot
  if (!init && binding.kind === "callee")
    return () => {
      throw typeError("Assignment to constant variable.", pos)
    }
  if (!init && binding.kind === "const") {
    const check = needsTdz(ctx, binding, node.start)
    const read = slotReader(depth, slot)
    return (env) => {
      if (check && read(env) === TDZ) throw tdzError(name, pos)
      throw typeError("Assignment to constant variable.", pos)
    }
  }
  if (!init && needsTdz(ctx, binding, node.start)) {
    return (env, v) => {
      const f = frameAt(env, depth)
      if (f[slot] === TDZ) throw tdzError(name, pos)
      f[slot] = v
    }
  }
  if (depth === 0)
    return (env, v) => {
      env[slot] = v
    }
  if (depth === 1)
    return (env, v) => {
      ;(env[0] as Env)[slot] = v
    }
  return (env, v) => {
    frameAt(env, depth)[slot] = v
  }
}
