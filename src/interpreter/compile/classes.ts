/**
 * Classes (§15.7): a class is a guest constructor function whose `prototype` holds its methods and accessors
 * (non-enumerable), with static members on the function's own property record, public fields (instance fields run
 * on each new object, static ones once), static blocks, `extends` (a guest constructor, null, or one of the
 * built-ins whose instances are guest objects: Object and the Error family) and `super`. The constructor runs
 * through functions.ts with a `ClassCtor` (refuses a call without `new`; a derived one binds `this` through
 * `super(...)`); `new` goes through realm.ts `construct` with new.target. The class binding inside the body is
 * immutable and in its TDZ while the heritage and computed keys are evaluated. Private members (`#x`) are refused
 * by the subset check.
 */
import type {
  CallExpression,
  ClassDeclaration,
  ClassExpression,
  Expression,
  FunctionExpression,
  MemberExpression,
  MethodDefinition,
  Node,
  PropertyDefinition,
  StaticBlock,
} from "acorn"
import { toKey, toNum } from "../coerce.js"
import { type Pos, kindError, referenceError, typeError } from "../errors.js"
import { BYTES } from "../memory-budget.js"
import { checkArrayWrite } from "../memory-caps.js"
import { BLOCKED_KEYS, getNamed, getProperty, setProperty } from "../property.js"
import {
  EXTENDABLE_BUILTINS,
  INTRINSICS,
  NULL_PROTOTYPE,
  OBJECT_PROTOTYPE,
  builtinPrototype,
  construct,
  fixedProp,
  functionProps,
  checkChain,
  isGuestProto,
  nameFunction,
} from "../realm.js"
import { hostGetter, hostSetter } from "../accessors.js"
import type { Run } from "../run-state.js"
import {
  Builtin,
  type ClassData,
  type Env,
  type FunctionCode,
  GuestFunction,
  GuestObject,
  SHARED_PARENT,
  TDZ,
} from "../values.js"
import { type CE, Ctx, type Ev, Unsupported, posOf, strictAsync, anyAsync, combineParts } from "./context.js"
import { compileExpr } from "./expressions.js"
import { NEW_TARGET, compileCode, compileFunction } from "./functions.js"
import { frameAt, slotReader } from "./identifiers.js"
import { callAt, compileArgs, describe } from "./members.js"
import { Frame, Scope } from "./scope.js"

/** Hidden bindings of a class scope (not identifiers): the home objects `super` starts from. */
export const HOME_PROTO = " home.prototype"
export const HOME_CTOR = " home.constructor"
/** The home object of an object literal's methods (compile/literals.ts). */
export const HOME_OBJECT = " home.object"

type Key = string | symbol

/** A class element compiled: the key (or its computed expression) and what to do with it at definition time. */
type Element =
  | {
      readonly kind: "method" | "get" | "set"
      readonly isStatic: boolean
      readonly key: Key | undefined
      readonly computed: Ev | undefined
      readonly make: Ev
    }
  | {
      readonly kind: "field"
      readonly isStatic: boolean
      readonly key: Key | undefined
      readonly computed: Ev | undefined
      readonly make: ((env: Env, rt: Run) => GuestFunction) | undefined
      /** The initializer is an anonymous function or class: it takes the field's name. */
      readonly named: boolean
    }
  | { readonly kind: "block"; readonly make: (env: Env, rt: Run) => GuestFunction }

const isObjectValue = (v: unknown): boolean => v !== null && (typeof v === "object" || v instanceof GuestFunction)

const isConstructor = (v: unknown): boolean =>
  (v instanceof GuestFunction && v.code.isConstructor) || (v instanceof Builtin && v.options.construct !== undefined)

/** A method-shaped function around a field initializer or static block body (run with the object as `this`). */
const synthetic = (body: Expression | StaticBlock, at: Node): FunctionExpression =>
  ({
    type: "FunctionExpression",
    id: null,
    params: [],
    body: body.type === "StaticBlock" ? { ...body, type: "BlockStatement" } : body,
    generator: false,
    async: false,
    expression: body.type !== "StaticBlock",
    start: at.start,
    end: at.end,
    loc: at.loc,
  }) as unknown as FunctionExpression

const keyName = (n: MethodDefinition | PropertyDefinition, ctx: Ctx): string => {
  const k = n.key
  if (k.type === "Identifier") return k.name
  if (k.type === "PrivateIdentifier") throw new Unsupported("Private class members are not supported", posOf(k, ctx))
  return String((k as { value: unknown }).value)
}

const native = <T>(f: () => T): T => {
  try {
    return f()
  } catch (e) {
    if (e instanceof TypeError) throw typeError(e.message)
    throw e
  }
}

const defineData = (target: object, key: Key, value: unknown, enumerable: boolean): void =>
  native(() => {
    Object.defineProperty(target, key, { value, writable: true, enumerable, configurable: true })
  })

/** Where a field is defined on `self` (CreateDataPropertyOrThrow): native storage of objects, arrays, functions. */
const fieldTarget = (self: unknown): object => {
  if (self instanceof GuestFunction) return functionProps(self)
  if (self instanceof GuestObject || Array.isArray(self)) return self as object
  throw typeError("Cannot define a class field on this value")
}

/** §7.3.34 InitializeInstanceElements: the fields of `fn`'s class, in order, on `self`. */
export const initFields = (fn: GuestFunction, self: unknown, rt: Run): void => {
  const fields = fn.klass?.fields
  if (fields === undefined || fields.length === 0) return
  const target = fieldTarget(self)
  for (const f of fields) {
    const v = f.init === undefined ? undefined : f.init.code.invoke(f.init, self, [], rt)
    if (f.named && v instanceof GuestFunction) nameFunction(v, f.key)
    defineData(target, f.key, v, true)
  }
}

const withHome = <T>(ctx: Ctx, home: string | undefined, f: () => T): T => {
  const saved = ctx.home
  ctx.home = home
  try {
    return f()
  } finally {
    ctx.home = saved
  }
}

/** The default constructor (§15.7.14 step 14): a base one only defines fields; a derived one forwards to super. */
const defaultConstructor = (name: string, derived: boolean): FunctionCode => ({
  name,
  length: 0,
  isAsync: false,
  isArrow: false,
  isConstructor: true,
  invoke: (fn, thisArg, args, rt, at, nt) => {
    if (nt === undefined) throw typeError(`Class constructor ${fn.name} cannot be invoked without 'new'`, at)
    if (!derived) {
      initFields(fn, thisArg, rt)
      return thisArg
    }
    const self = superConstruct(fn, args, nt, rt, at)
    initFields(fn, self, rt)
    return self
  },
})

const superConstruct = (fn: GuestFunction, args: ReadonlyArray<unknown>, nt: unknown, rt: Run, at?: Pos): unknown => {
  const parent = fn.klass?.parent
  if (!isConstructor(parent))
    throw typeError(`Super constructor ${String(parent)} of anonymous class is not a constructor`, at)
  return construct(rt, parent, args, nt, "Super constructor", at)
}

/** IsAnonymousFunctionDefinition (§8.4.3): an unnamed function, arrow or class expression. */
export const isAnonymousDefinition = (n: { type: string; id?: unknown }): boolean =>
  n.type === "ArrowFunctionExpression" || ((n.type === "FunctionExpression" || n.type === "ClassExpression") && !n.id)

/** NamedEvaluation (§8.4.5) with a name known when compiling: `x = function () {}`, `[c = class {}] = []`… */
export const compileNamed = (n: Expression, ctx: Ctx, name: string): CE =>
  n.type === "ClassExpression"
    ? compileClass(n, ctx, name)
    : n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression"
      ? compileFunction(n, ctx, name)
      : compileExpr(n, ctx)

export const compileClass = (n: ClassDeclaration | ClassExpression, ctx: Ctx, nameHint = ""): CE => {
  const pos = posOf(n, ctx)
  const name = n.id ? n.id.name : nameHint
  const outer = ctx.scope
  const frame = new Frame(outer.frame)
  const scope = new Scope(outer, frame, outer.fn, false)
  // The inner, immutable class binding (§15.7.14 step 3): in its TDZ until the class exists.
  const innerSlot = n.id ? scope.declare(n.id.name, "const", n.end).slot : 0
  const protoSlot = scope.declare(HOME_PROTO, "var").slot
  const ctorSlot = scope.declare(HOME_CTOR, "var").slot
  ctx.scope = scope
  try {
    const heritage = n.superClass ? compileExpr(n.superClass, ctx) : undefined
    const derived = heritage !== undefined
    const parts: Array<CE> = heritage ? [heritage] : []
    const elements: Array<Element> = []
    let ctorNode: MethodDefinition | undefined
    for (const el of n.body.body) {
      if (el.type === "StaticBlock") {
        elements.push({
          kind: "block",
          make: withHome(ctx, HOME_CTOR, () => compileCode(synthetic(el, el), ctx, "", true)),
        })
        continue
      }
      if (el.type === "MethodDefinition" && el.kind === "constructor") {
        ctorNode = el
        continue
      }
      const isStatic = el.static
      let computed: Ev | undefined
      if (el.computed) {
        const k = compileExpr(el.key as Expression, ctx)
        parts.push(k)
        computed = k.ev
      }
      const key = el.computed ? undefined : keyName(el, ctx)
      const home = isStatic ? HOME_CTOR : HOME_PROTO
      if (el.type === "MethodDefinition") {
        const kind = el.kind as "method" | "get" | "set"
        const fname = key === undefined ? "" : kind === "method" ? key : `${kind} ${key}`
        const make = withHome(ctx, home, () => compileCodeOf(el.value, ctx, fname))
        elements.push({ kind, isStatic, key, computed, make })
      } else {
        const value = el.value as Expression | null | undefined
        const make = value ? withHome(ctx, home, () => compileCode(synthetic(value, value), ctx, "", true)) : undefined
        elements.push({ kind: "field", isStatic, key, computed, make, named: !!value && isAnonymousDefinition(value) })
      }
    }
    if (anyAsync(parts))
      throw new Unsupported("`await` in a class heritage or computed key is not supported: await the value first", pos)
    const ctorCode = ctorNode
      ? withHome(ctx, HOME_PROTO, () => compileCode(ctorNode!.value, ctx, name, false, { derived, initFields }))
      : undefined
    const fallback = defaultConstructor(name, derived)
    const heritageEv = heritage?.ev
    const what = n.superClass ? describe(ctx, n.superClass as Expression) : ""
    return {
      async: false,
      ev: (env, rt) => {
        const cenv = new Array<unknown>(frame.size)
        cenv[0] = env
        if (innerSlot) cenv[innerSlot] = TDZ
        let protoParent: object = OBJECT_PROTOTYPE
        let parent: unknown = undefined
        if (heritageEv) {
          parent = heritageEv(cenv, rt)
          if (parent === null) protoParent = NULL_PROTOTYPE
          else if (!isConstructor(parent))
            throw typeError(`Class extends value ${what} is not a constructor or null`, pos)
          else if (parent instanceof Builtin && parent.options.runPrototype !== undefined)
            protoParent = parent.options.runPrototype(rt) // Iterator: the run's own %Iterator.prototype%
          else if (parent instanceof Builtin) {
            if (!EXTENDABLE_BUILTINS.has(parent.name) || INTRINSICS.get(parent.name) !== parent)
              throw kindError(
                "UnsupportedSyntax",
                `Classes extending the built-in ${parent.name} are not supported (Object and the Error types are)`,
                pos,
              )
          } else {
            const pp = getNamed(rt, parent, "prototype", pos)
            if (pp === null) protoParent = NULL_PROTOTYPE
            else if (isGuestProto(pp)) protoParent = pp as object
            else if (isObjectValue(pp) || pp === builtinPrototype(parent as never))
              throw kindError("UnsupportedSyntax", "A class prototype can only extend a plain object here", pos)
            else throw typeError(`Class extends value does not have valid prototype property ${String(pp)}`, pos)
          }
        }
        rt.charge(BYTES.closure + BYTES.slot * cenv.length + 2 * BYTES.object)
        checkChain(protoParent, pos)
        const proto = Object.create(protoParent) as Record<string, unknown>
        // A class extending an Error type: its prototype's chain continues at that type's (shared) prototype.
        if (parent instanceof Builtin && protoParent === OBJECT_PROTOTYPE && parent.name !== "Object")
          Object.defineProperty(proto, SHARED_PARENT, { value: builtinPrototype(parent) })
        const F = ctorCode ? ctorCode(cenv, rt) : new GuestFunction(fallback, cenv, name, rt)
        const fields: Array<{ key: Key; init: GuestFunction | undefined; named: boolean }> = []
        F.klass = { parent, fields } satisfies ClassData
        const props = Object.create(parent instanceof GuestFunction ? functionProps(parent) : null) as Record<
          string,
          unknown
        >
        Object.defineProperty(props, "length", fixedProp(F.code.length))
        Object.defineProperty(props, "name", fixedProp(F.name))
        Object.defineProperty(props, "prototype", {
          value: proto,
          writable: false,
          enumerable: false,
          configurable: false,
        })
        F.props = props
        defineData(proto, "constructor", F, false)
        cenv[protoSlot] = proto
        cenv[ctorSlot] = F
        const statics: Array<() => void> = []
        for (const el of elements) {
          if (el.kind === "block") {
            const block = el.make(cenv, rt)
            statics.push(() => void block.code.invoke(block, F, [], rt))
            continue
          }
          const key: Key = el.computed ? (toKey(el.computed(cenv, rt)) as Key) : el.key!
          const k = typeof key === "number" ? String(key) : key
          if (typeof k === "string" && BLOCKED_KEYS.has(k))
            throw typeError(`Access to '${k}' is blocked: prototype members are not available to programs`, pos)
          const target = el.isStatic ? props : proto
          if (el.kind === "field") {
            const init = el.make?.(cenv, rt)
            if (el.isStatic)
              statics.push(() => {
                const v = init === undefined ? undefined : init.code.invoke(init, F, [], rt)
                if (el.named && v instanceof GuestFunction) nameFunction(v, k)
                if (k === "prototype") throw typeError("Cannot redefine property: prototype", pos)
                defineData(props, k, v, true)
              })
            else fields.push({ key: k, init, named: el.named })
            continue
          }
          const f = el.make(cenv, rt)
          if (el.computed && f instanceof GuestFunction) nameFunction(f, k, el.kind === "method" ? undefined : el.kind)
          if (el.isStatic && k === "prototype")
            throw typeError("Classes may not have a static property named 'prototype'", pos)
          if (el.kind === "method") defineData(target, k, f, false)
          else
            native(() => {
              const d = Object.getOwnPropertyDescriptor(target, k)
              const keep = d !== undefined && !("value" in d) ? d : {}
              Object.defineProperty(target, k, {
                get: el.kind === "get" ? hostGetter(rt, f) : keep.get,
                set: el.kind === "set" ? hostSetter(rt, f) : keep.set,
                enumerable: false,
                configurable: true,
              })
            })
        }
        if (innerSlot) cenv[innerSlot] = F
        for (const s of statics) s()
        return F
      },
    }
  } finally {
    ctx.scope = outer
  }
}

/** A method's code closed over the class environment (a method is not a constructor). */
const compileCodeOf = (value: FunctionExpression, ctx: Ctx, name: string): Ev => {
  const make = compileCode(value, ctx, name, true)
  return (env, rt) => {
    rt.charge(BYTES.closure)
    return make(env, rt)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// super

const resolveHidden = (ctx: Ctx, name: string, pos: Pos): ((env: Env) => unknown) => {
  const r = ctx.scope.resolve(name)
  if (!r) throw new Unsupported("`super` is only supported in methods", pos)
  return slotReader(r.depth, r.binding.slot)
}

const thisOf = (ctx: Ctx, at: Node): Ev =>
  compileExpr({ type: "ThisExpression", start: at.start, end: at.end, loc: at.loc } as Expression, ctx).ev

/** §9.1.1.3.5 GetSuperBase: the prototype of the home object (a class's parent for static members). */
const superBase = (home: unknown): unknown => {
  if (home instanceof GuestFunction) {
    const parent = home.klass?.parent
    return parent instanceof GuestFunction || parent instanceof Builtin
      ? parent
      : builtinPrototype(INTRINSICS.get("Function")!)
  }
  const p = Object.getPrototypeOf(home as object)
  return p === NULL_PROTOTYPE ? null : p
}

const superGet = (rt: Run, home: unknown, key: unknown, self: unknown, pos: Pos): unknown => {
  const base = superBase(home)
  const k = toKey(key)
  if (base === null) throw typeError(`Cannot read properties of null (reading '${String(k)}')`, pos)
  if (base instanceof GuestObject && base !== OBJECT_PROTOTYPE && (typeof k !== "string" || !BLOCKED_KEYS.has(k))) {
    if (k in (base as object)) return Reflect.get(base as object, k, self)
  }
  return getProperty(rt, base, k, pos)
}

const superSet = (rt: Run, home: unknown, key: unknown, v: unknown, self: unknown, pos: Pos): void => {
  const base = superBase(home)
  const k = toKey(key)
  if (
    base instanceof GuestObject &&
    (self instanceof GuestObject || Array.isArray(self)) &&
    (typeof k !== "string" || !BLOCKED_KEYS.has(k))
  ) {
    if (Array.isArray(self) && typeof k !== "symbol")
      checkArrayWrite(self, k, k === "length" ? toNum(v) : v, "a super write")
    if (!native(() => Reflect.set(base as object, k, v, self)))
      throw typeError(`Cannot assign to read only property '${String(k)}' of object`, pos)
    return
  }
  setProperty(rt, self, k, v, pos)
}

/** A `super.x` / `super[x]` reference: what compileRef (assign.ts) and calls need. */
export const compileSuperRef = (
  n: MemberExpression,
  ctx: Ctx,
): {
  readonly parts: ReadonlyArray<CE>
  readonly self: Ev
  readonly get: (vals: Array<unknown>, env: Env, rt: Run) => unknown
  readonly set: (vals: Array<unknown>, env: Env, v: unknown, rt: Run) => void
} => {
  const pos = posOf(n, ctx)
  if (ctx.home === undefined) throw new Unsupported("`super` is only supported in methods", pos)
  const home = resolveHidden(ctx, ctx.home, pos)
  const self = thisOf(ctx, n.object)
  const parts = n.computed ? [compileExpr(n.property as Expression, ctx)] : []
  const key = n.computed ? undefined : (n.property as { name: string }).name
  return {
    parts,
    self,
    get: (vals, env, rt) => superGet(rt, home(env), key ?? vals[0], self(env, rt), pos),
    set: (vals, env, v, rt) => superSet(rt, home(env), key ?? vals[0], v, self(env, rt), pos),
  }
}

export const compileSuperMember = (n: MemberExpression, ctx: Ctx): CE => {
  const ref = compileSuperRef(n, ctx)
  if (ref.parts.length === 0) return { async: false, ev: (env, rt) => ref.get([], env, rt) }
  const part = ref.parts[0]!
  if (part.async) return strictAsync([part], (vals, env, rt) => ref.get(vals, env, rt))
  const kev = part.ev
  return { async: false, ev: (env, rt) => ref.get([kev(env, rt)], env, rt) }
}

/** `super.m(args)`: the method from the parent's prototype, called with this function's `this`. */
export const compileSuperMethodCall = (n: CallExpression, ctx: Ctx): CE => {
  const callee = n.callee as MemberExpression
  const pos = posOf(n, ctx)
  const what = describe(ctx, callee)
  const ref = compileSuperRef(callee, ctx)
  const { parts: argParts, collect } = compileArgs(n.arguments, ctx)
  const all = [...ref.parts, ...argParts]
  const nk = ref.parts.length
  const call = (vals: Array<unknown>, env: Env, rt: Run) => {
    const self = ref.self(env, rt)
    const f = ref.get(vals.slice(0, nk), env, rt)
    return callAt(rt, f, self, collect(vals.slice(nk), pos, rt), pos, what)
  }
  return combineParts(all, call)
}

/** `super(args)` (§13.3.7.1): constructs the parent with this new.target, binds `this`, then runs the fields. */
export const compileSuperCall = (n: CallExpression, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const ctor = resolveHidden(ctx, HOME_CTOR, pos)
  const nt = resolveHidden(ctx, NEW_TARGET, pos)
  const r = ctx.scope.resolve("this")
  if (!r) throw new Unsupported("`super(...)` outside a constructor", pos)
  const { depth, binding } = r
  const slot = binding.slot
  const { parts, collect } = compileArgs(n.arguments, ctx)
  const call = (vals: Array<unknown>, env: Env, rt: Run): unknown => {
    const F = ctor(env) as GuestFunction
    const self = superConstruct(F, collect(vals, pos, rt), nt(env), rt, pos)
    const f = frameAt(env, depth)
    if (f[slot] !== TDZ) throw referenceError("Super constructor may only be called once", pos)
    f[slot] = self
    initFields(F, self, rt)
    return undefined
  }
  return combineParts(parts, call)
}

/** `new.target`: the hidden binding of the nearest non-arrow function (undefined outside one). */
export const compileNewTarget = (ctx: Ctx): CE => {
  const r = ctx.scope.resolve(NEW_TARGET)
  if (!r) return { async: false, ev: () => undefined }
  const read = slotReader(r.depth, r.binding.slot)
  return { async: false, ev: (env) => read(env) }
}
