/**
 * Functions (§10.2, §15.2–§15.8): closures are `GuestFunction`s over compiled code. A function without `await`
 * runs as plain synchronous closures; an async function returns a native promise tracked by the run. `this` is a
 * slot of each non-arrow function; arrows resolve it lexically. `arguments` is not supported (subset check).
 */
import { BYTES } from "../memory-budget.js"
import type {
  ArrowFunctionExpression,
  Expression,
  FunctionDeclaration,
  FunctionExpression,
  Node,
  Pattern,
  Statement,
} from "acorn"
import { GuestThrow, normalizeThrown, type Pos, referenceError, typeError } from "../errors.js"
import { adopt } from "../builtins/promise.js"
import type { Run } from "../run-state.js"
import { iteratorRows } from "../builtins/symbol.js"
import {
  ARGUMENTS,
  WELL_KNOWN,
  type DirectInvoke,
  type Env,
  type FunctionCode,
  GuestFunction,
  GuestObject,
  TDZ,
} from "../values.js"
import { type CE, type CS, type Completion, Ctx, RETURN, Unsupported, posOf, box, unbox } from "./context.js"
import { compilePattern } from "./assign.js"
import { declareLexical, sequence } from "./block.js"
import { compileExpr } from "./expressions.js"
import { boundNames, varNames } from "./hoist.js"
import { type FunctionInfo, Frame, Scope } from "./scope.js"
import { compileStmt } from "./statements.js"

type Fn = FunctionExpression | ArrowFunctionExpression | FunctionDeclaration

const noop = () => {}

/**
 * A call frame of `size` slots whose slot 0 is `parent`, the rest undefined. Small frames are array literals, which
 * V8 allocates inline; `new Array(size)` is a builtin call per function call (the costliest line of a call in a W2
 * profile).
 */
const newFrame = (size: number, parent: Env): Env => {
  switch (size) {
    case 2:
      return [parent, undefined]
    case 3:
      return [parent, undefined, undefined]
    case 4:
      return [parent, undefined, undefined, undefined]
    case 5:
      return [parent, undefined, undefined, undefined, undefined]
    case 6:
      return [parent, undefined, undefined, undefined, undefined, undefined]
    default: {
      const env = new Array<unknown>(size)
      env[0] = parent
      return env
    }
  }
}

/** How a class constructor's body differs from a function's (compile/classes.ts). */
export interface ClassCtor {
  readonly derived: boolean
  /** Runs the instance field initializers of `fn`'s class on `self` (§7.3.34 InitializeInstanceElements). */
  readonly initFields: (fn: GuestFunction, self: unknown, rt: Run) => void
}

/** Compiles a function's code once; returns a maker that closes it over an environment. */
export const compileCode = (
  n: Fn,
  ctx: Ctx,
  name: string,
  method = false,
  klass?: ClassCtor,
): ((env: Env, rt: Run) => GuestFunction) => {
  const pos = posOf(n, ctx)
  if (n.generator) throw new Unsupported("Generator functions are not supported", pos)
  const isArrow = n.type === "ArrowFunctionExpression"
  const info: FunctionInfo = { isAsync: n.async, isArrow, parent: ctx.fn }
  const outer = ctx.scope
  const frame = new Frame(outer.frame)
  const scope = new Scope(outer, frame, info, true)
  const thisBinding = isArrow ? undefined : scope.declare("this", "this")
  const thisSlot = thisBinding === undefined ? 0 : thisBinding.slot
  // In a derived constructor `this` is uninitialized until `super(...)` returns (§10.2.1.2): every read checks.
  if (klass?.derived && thisBinding) thisBinding.alwaysCheck = true
  // `new.target` (§13.3.12): a hidden binding of non-arrow functions that mention it (arrows see their parent's).
  const newTargetSlot =
    !isArrow && (klass !== undefined || mentions(n, isNewTarget)) ? scope.declare(NEW_TARGET, "this").slot : 0
  // §10.4.4: a non-arrow function that mentions `arguments` (itself or in a nested arrow) gets the object.
  const argumentsSlot = !isArrow && mentions(n, isArguments) ? scope.declare("arguments", "param").slot : 0
  // A named function expression sees its own name (§15.2.5), immutable (assigning it throws in strict code);
  // params and vars may shadow it.
  const selfSlot = n.type === "FunctionExpression" && n.id ? scope.declare(n.id.name, "callee").slot : 0
  const params = n.params as Array<Pattern>
  const simple = params.every((p) => p.type === "Identifier")
  const paramSlots: Array<number> = []
  if (simple) for (const p of params) paramSlots.push(scope.declare((p as { name: string }).name, "param").slot)
  // With defaults or patterns, each parameter is in its TDZ until its own binder ran (§10.2.11 step 28):
  // `(x = y, y) => …` throws.
  const tdzSlots: Array<number> = []
  if (!simple)
    for (const p of params) for (const nm of boundNames(p)) tdzSlots.push(scope.declare(nm, "param", p.end).slot)
  ctx.scope = scope
  try {
    const binders = simple ? [] : params.map((p) => compileParam(p, ctx))
    const nparams = paramSlots.length
    const bodyNode = n.body
    let body: (env: Env, rt: Run) => unknown
    let bodyAsync = false
    if (bodyNode.type !== "BlockStatement") {
      const e: CE = compileExpr(bodyNode as Expression, ctx)
      bodyAsync = e.async
      const ev = e.ev
      // An async body hands its value back boxed, so a returned promise is not adopted before `run` sees it.
      body = e.async ? async (env, rt) => box(unbox(await ev(env, rt))) : ev
    } else {
      const stmts = bodyNode.body
      for (const v of varNames(stmts)) scope.declare(v, "var")
      const instantiate = declareLexical(stmts, ctx, scope)
      const only = stmts.length === 1 ? stmts[0]! : undefined
      // `{ return e }` with `e` free of await (and no declarations to instantiate): `e` is the whole body, so it
      // is evaluated directly without a completion record (the hot shape of recursive helpers, bench W2).
      const ret = only?.type === "ReturnStatement" && only.argument ? compileExpr(only.argument, ctx) : undefined
      const direct = ret && !ret.async ? ret.ev : undefined
      const list = ret ? returnOf(ret, posOf(only!, ctx)) : sequence(stmts.map((s) => compileStmt(s as Statement, ctx)))
      const init = instantiate()
      const ex = list.ex
      bodyAsync = list.async
      body = direct
        ? direct
        : list.async
          ? async (env, rt) => {
              init(env, rt)
              const c = (await ex(env, rt)) as Completion | undefined
              return c === undefined ? undefined : box(c.value)
            }
          : (env, rt) => {
              init(env, rt)
              const c = ex(env, rt) as Completion | undefined
              return c === undefined ? undefined : c.value
            }
    }
    const length = params.findIndex(
      (p) => p.type !== "Identifier" && p.type !== "ObjectPattern" && p.type !== "ArrayPattern",
    )
    const nbinders = binders.length
    const setup = (fn: GuestFunction, thisArg: unknown, args: ReadonlyArray<unknown>, rt: Run, nt: unknown): Env => {
      const env = newFrame(frame.size, fn.env)
      if (thisSlot) env[thisSlot] = thisArg
      if (newTargetSlot) env[newTargetSlot] = nt
      if (argumentsSlot) env[argumentsSlot] = argumentsObject(args)
      if (selfSlot) env[selfSlot] = fn
      if (simple) for (let i = 0; i < nparams; i++) env[paramSlots[i]!] = args[i]
      else {
        for (const slot of tdzSlots) env[slot] = TDZ
        for (let i = 0; i < nbinders; i++) binders[i]!(env, rt, args, i)
      }
      return env
    }
    let invoke: FunctionCode["invoke"]
    let direct: DirectInvoke | undefined
    if (klass !== undefined) {
      const { derived, initFields } = klass
      invoke = (fn, thisArg, args, rt, at, nt) => {
        if (nt === undefined) throw typeError(`Class constructor ${fn.name} cannot be invoked without 'new'`, at)
        rt.enter(at)
        try {
          // §10.2.2 [[Construct]]: a base class's fields are defined before its parameters bind.
          if (!derived) initFields(fn, thisArg, rt)
          const env = setup(fn, derived ? TDZ : thisArg, args, rt, nt)
          const result = body(env, rt)
          if (result !== null && (typeof result === "object" || result instanceof GuestFunction)) return result
          if (!derived) return thisArg
          if (result !== undefined) throw typeError("Derived constructors may only return object or undefined", at)
          const self = env[thisSlot]
          if (self === TDZ) throw referenceError(SUPER_NOT_CALLED, at)
          return self
        } catch (e) {
          throw e instanceof GuestThrow ? e : normalizeThrown(e, at)
        } finally {
          rt.depth--
        }
      }
    } else if (!n.async) {
      invoke = (fn, thisArg, args, rt, at, nt) => {
        rt.enter(at)
        try {
          return body(setup(fn, thisArg, args, rt, nt), rt)
        } catch (e) {
          // Guest throws pass untouched; a native failure (e.g. stack overflow) gets this call's position.
          throw e instanceof GuestThrow ? e : normalizeThrown(e, at)
        } finally {
          rt.depth--
        }
      }
      // The same frame built from the arguments themselves: parameters past the fourth stay unset (undefined) as
      // they would for a call with four arguments; `arguments` and non-simple parameters need the list.
      if (simple && !argumentsSlot) {
        const [p0, p1, p2, p3] = paramSlots
        // The whole frame as one literal when it holds exactly `this` (if bound) and one or two parameters: no
        // keyed stores after the allocation.
        const first = thisSlot ? 2 : 1
        const size = frame.size
        const literal =
          !newTargetSlot && !selfSlot && p0 === first && size === first + nparams && nparams <= 2 && nparams > 0
            ? nparams + (thisSlot ? 2 : 0)
            : 0
        direct = (fn, thisArg, a0, a1, a2, a3, rt, at) => {
          rt.enter(at)
          try {
            switch (literal) {
              case 1:
                return body([fn.env, a0], rt)
              case 2:
                return body([fn.env, a0, a1], rt)
              case 3:
                return body([fn.env, thisArg, a0], rt)
              case 4:
                return body([fn.env, thisArg, a0, a1], rt)
            }
            const env =
              size === 2 ? [fn.env, undefined] : size === 3 ? [fn.env, undefined, undefined] : newFrame(size, fn.env)
            if (thisSlot) env[thisSlot] = thisArg
            if (newTargetSlot) env[newTargetSlot] = undefined
            if (selfSlot) env[selfSlot] = fn
            if (nparams > 0) {
              env[p0!] = a0
              if (nparams > 1) {
                env[p1!] = a1
                if (nparams > 2) {
                  env[p2!] = a2
                  if (nparams > 3) env[p3!] = a3
                }
              }
            }
            return body(env, rt)
          } catch (e) {
            throw e instanceof GuestThrow ? e : normalizeThrown(e, at)
          } finally {
            rt.depth--
          }
        }
      }
    } else {
      const run = async (
        fn: GuestFunction,
        thisArg: unknown,
        args: ReadonlyArray<unknown>,
        rt: Run,
        at: Pos | undefined,
        own: { promise?: Promise<unknown> },
      ) => {
        try {
          const env = setup(fn, thisArg, args, rt, undefined)
          const v = bodyAsync ? unbox(await body(env, rt)) : body(env, rt)
          // Resolving a promise with itself is a TypeError (§27.2.1.3.2 step 7), not a wait without end.
          if (v === own.promise && v !== undefined) throw typeError("Chaining cycle detected for promise #<Promise>")
          rt.observe(v)
          // An async function resolves its promise with the returned value: a thenable is adopted (§27.7.5.2).
          return adopt(rt, v)
        } catch (e) {
          throw normalizeThrown(e, at)
        }
      }
      invoke = (fn, thisArg, args, rt, at) => {
        rt.enter(at)
        let p: Promise<unknown>
        const own: { promise?: Promise<unknown> } = {}
        // The synchronous part of an async call takes about twice a plain call's native stack (run.ts MAX_DEPTH).
        rt.depth++
        try {
          p = run(fn, thisArg, args, rt, at, own)
        } finally {
          rt.depth -= 2
        }
        own.promise = p
        p.catch(noop)
        rt.charge(BYTES.promise) // a pending call keeps its promise and frame until it settles
        rt.track(p, "async")
        return p
      }
    }
    const code: FunctionCode = {
      name,
      length: length < 0 ? params.length : length,
      isAsync: n.async,
      isArrow,
      isConstructor: !isArrow && !n.async && !method,
      invoke,
      direct,
    }
    return (env, rt) => new GuestFunction(code, env, name, rt)
  } finally {
    ctx.scope = outer
  }
}

/** The hidden binding of `new.target` (not an identifier, so no program names it). */
export const NEW_TARGET = " new.target"

export const SUPER_NOT_CALLED =
  "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"

const isArguments = (node: { type: string; name?: string }): boolean =>
  node.type === "Identifier" && node.name === "arguments"
const isNewTarget = (node: { type: string; meta?: { name: string } }): boolean =>
  node.type === "MetaProperty" && node.meta?.name === "new"

/**
 * Whether `n`'s parameters or body contain a node matching `is` (`arguments`, `new.target`), looking into nested
 * arrows but not other functions, and not into non-computed property names.
 */
const mentions = (n: Fn, is: (node: { type: string }) => boolean): boolean => {
  const seen = (node: unknown, top: boolean): boolean => {
    if (node === null || typeof node !== "object") return false
    if (Array.isArray(node)) return node.some((x) => seen(x, false))
    const t = (node as { type?: unknown }).type
    if (typeof t !== "string") return false
    if (is(node as { type: string })) return true
    if (t === "Identifier") return false
    if (!top && (t === "FunctionExpression" || t === "FunctionDeclaration")) return false
    for (const [key, v] of Object.entries(node)) {
      if (key === "loc" || key === "type") continue
      const computed = (node as { computed?: boolean }).computed
      if ((key === "property" || key === "key") && !computed && (t === "MemberExpression" || t === "Property")) continue
      if (seen(v, false)) return true
    }
    return false
  }
  return seen(n, true)
}

/** A strict-mode arguments object (§10.4.4.6): indexed own properties and a non-enumerable `length`. */
const argumentsObject = (args: ReadonlyArray<unknown>): Record<string, unknown> => {
  const o = new GuestObject()
  for (let i = 0; i < args.length; i++) o[i] = args[i]
  Object.defineProperty(o, "length", { value: args.length, writable: true, enumerable: false, configurable: true })
  Object.defineProperty(o, ARGUMENTS, { value: true })
  Object.defineProperty(o, WELL_KNOWN.iterator, {
    value: iteratorRows.array,
    writable: true,
    enumerable: false,
    configurable: true,
  })
  return o
}

/** A compiled `return e` statement (as statements.ts compiles it) from an already compiled `e`. */
const returnOf = (e: CE, pos: Pos): CS =>
  e.async
    ? {
        async: true,
        ex: async (env, rt) => ({ type: RETURN, label: undefined, value: unbox(await e.ev(env, rt)), pos }),
      }
    : { async: false, ex: (env, rt) => ({ type: RETURN, label: undefined, value: e.ev(env, rt), pos }) }

type ParamBinder = (env: Env, rt: Run, args: ReadonlyArray<unknown>, i: number) => void

const compileParam = (p: Pattern, ctx: Ctx): ParamBinder => {
  if (p.type === "RestElement") {
    const bind = compilePattern(p.argument, ctx, "init")
    return (env, rt, args, i) => bind(env, rt, args.slice(i))
  }
  const bind = compilePattern(p, ctx, "init")
  return (env, rt, args, i) => bind(env, rt, args[i])
}

export const compileFunction = (n: Expression, ctx: Ctx, nameHint = "", method = false): CE => {
  const f = n as FunctionExpression | ArrowFunctionExpression
  const name = f.type === "FunctionExpression" && f.id ? f.id.name : nameHint
  const make = compileCode(f, ctx, name, method)
  // A closure keeps its environment alive: charged with it (memory-budget.ts); call frames are not charged, the
  // depth limit bounds the live ones.
  return {
    async: false,
    ev: (env, rt) => {
      rt.charge(BYTES.closure + BYTES.slot * env.length)
      return make(env, rt)
    },
  }
}

export const compileFunctionDeclaration = (n: FunctionDeclaration, ctx: Ctx): ((env: Env, rt: Run) => GuestFunction) =>
  compileCode(n, ctx, n.id.name)

export { TDZ, type Node }
