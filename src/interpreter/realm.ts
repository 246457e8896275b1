/**
 * The guest's object model beyond plain data (issue 17, "a guest realm"): prototype chains of guest objects,
 * functions as objects (own properties, `prototype`, `new`), `constructor` links and the built-in prototypes.
 *
 * Guest plain objects are native objects whose chain ends at `OBJECT_PROTOTYPE` (the empty, frozen
 * `GuestObject.prototype`): it stands for the guest's `Object.prototype`, whose methods are served from the
 * built-in table. `NULL_PROTOTYPE` (frozen, empty, above `OBJECT_PROTOTYPE`) marks a chain the guest sees as
 * ending in `null` (`Object.create(null)`). A guest `prototype` object is an ordinary guest object, so `new F()`
 * makes a native object whose native chain is the guest chain: reads walk it natively and never reach a host
 * prototype. The built-in constructors and their prototypes are shared by every run and never change: a run that
 * writes to one writes to its own copy of it (intrinsics.ts).
 */
import { ERROR_NAMES, type Pos, rangeError, typeError } from "./errors.js"
import type { Table } from "./builtins/util.js"
import type { Run } from "./run-state.js"
import { Builtin, ERROR_BRAND, GuestFunction, GuestObject, SHARED_PARENT } from "./values.js"

export const OBJECT_PROTOTYPE = (GuestObject as unknown as { prototype: object }).prototype
export const NULL_PROTOTYPE: object = Object.freeze(Object.create(OBJECT_PROTOTYPE))

/** A built-in prototype (`Array.prototype`, `Function.prototype`, …): a view of a method table (shared, unchanged). */
export class ProtoView {
  constructor(
    readonly name: string,
    readonly table: () => Table,
    /** The `constructor` of this prototype, filled in when the global table is assembled. */
    public ctor: unknown = undefined,
  ) {}
}

/** Constructors by name (`Object`, `Array`, `TypeError`, …), registered by builtins/globals.ts. */
export const INTRINSICS = new Map<string, Builtin>()

const views = new Map<Builtin, ProtoView>()

/** Registers `ctor` with the view of its prototype (`table` serves the members). */
export const registerPrototype = (ctor: Builtin, table: () => Table): void => {
  views.set(ctor, new ProtoView(`${ctor.name}.prototype`, table, ctor))
  INTRINSICS.set(ctor.name, ctor)
}

/** The prototype view of the constructor registered as `name` (`Function.prototype`, …). */
export const protoViewOf = (name: string): ProtoView | undefined => {
  const ctor = INTRINSICS.get(name)
  return ctor === undefined ? undefined : views.get(ctor)
}

/**
 * `Builtin.prototype`: Object's is OBJECT_PROTOTYPE; a run's own guest object for the few made per run (`Iterator`);
 * others a view, or undefined (plain functions).
 */
export const builtinPrototype = (b: Builtin, rt?: Run): unknown =>
  b.name === "Object" && INTRINSICS.get("Object") === b
    ? OBJECT_PROTOTYPE
    : rt !== undefined && b.options.runPrototype !== undefined
      ? b.options.runPrototype(rt)
      : views.get(b)

/** The error types whose constructor and prototype inherit from Error's (§20.5.6, §20.5.7). */
const ERROR_SUBTYPES: ReadonlySet<string> = new Set([...ERROR_NAMES.slice(1), "AggregateError"])

/**
 * The parent of a shared error type: `Error.prototype` for `TypeError.prototype` & co., `Error` for their
 * constructors; undefined for anything else.
 */
export const errorParentOf = (o: object): object | undefined => {
  if (o instanceof ProtoView) return isErrorSubtype(o.ctor) ? protoViewOf("Error") : undefined
  return isErrorSubtype(o) ? INTRINSICS.get("Error") : undefined
}

/** The shared constructor of an error type other than Error itself (not a run's replacement of one). */
const isErrorSubtype = (c: unknown): boolean =>
  c instanceof Builtin && ERROR_SUBTYPES.has(c.name) && INTRINSICS.get(c.name) === c

/**
 * Where the chain of guest object `o` continues past its last guest object (whose native prototype is
 * OBJECT_PROTOTYPE): the prototype of its error type for an error (and for the prototype of a class extending
 * one), else the guest's Object.prototype. Errors are guest objects natively, so this is what makes
 * `Object.getPrototypeOf(new TypeError())` `TypeError.prototype` and `e.toString` Error.prototype's.
 */
export const sharedBaseOf = (o: object): object => {
  const parent = (o as { [SHARED_PARENT]?: object })[SHARED_PARENT]
  if (parent !== undefined) return parent
  const chain = (o as { [ERROR_BRAND]?: ReadonlyArray<string> })[ERROR_BRAND]
  if (chain === undefined) return OBJECT_PROTOTYPE
  for (const name of chain) {
    const view = protoViewOf(name)
    if (view !== undefined) return view
  }
  return OBJECT_PROTOTYPE
}

const hidden = (value: unknown) => ({ value, writable: true, enumerable: false, configurable: true })

/** A function's own `length`/`name`: non-writable, non-enumerable, configurable. */
export const fixedProp = (value: unknown) => ({ value, writable: false, enumerable: false, configurable: true })

/**
 * SetFunctionName at run time (§10.2.9): an anonymous function or class given the name of a computed key or a
 * symbol (`[desc]`). An own `name` the code already defined (a class's `static name`) is left alone.
 */
export const nameFunction = (fn: GuestFunction, key: string | symbol, prefix?: string): void => {
  let name = typeof key === "symbol" ? (key.description === undefined ? "" : `[${key.description}]`) : key
  if (prefix !== undefined) name = `${prefix} ${name}`
  const props = fn.props
  if (props !== undefined) {
    const d = Object.getOwnPropertyDescriptor(props, "name")
    if (d === undefined || d.writable !== false || d.value !== fn.name) return
    Object.defineProperty(props, "name", fixedProp(name))
  }
  fn.name = name
}

/** Own-property storage of a guest function (created on the first write or `prototype` read). */
export const functionProps = (fn: GuestFunction): Record<string, unknown> => {
  let props = fn.props
  if (props === undefined) {
    props = Object.create(null) as Record<string, unknown>
    // `length` and `name` become ordinary own properties here (non-writable, configurable: a program may delete
    // or redefine them); until then property.ts and descriptors.ts answer them from the code and the name.
    Object.defineProperty(props, "length", fixedProp(fn.code.length))
    Object.defineProperty(props, "name", fixedProp(fn.name))
    if (fn.code.isConstructor) {
      const proto = new GuestObject()
      Object.defineProperty(proto, "constructor", hidden(fn))
      Object.defineProperty(props, "prototype", {
        value: proto,
        writable: true,
        enumerable: false,
        configurable: false,
      })
    }
    fn.props = props
  }
  return props
}

/** The object a guest `new fn(...)` starts from: its chain begins at `fn.prototype` when that is an object. */
export const allocateFor = (fn: GuestFunction): Record<string, unknown> => {
  const proto = functionProps(fn).prototype
  if (!isGuestProto(proto)) return new GuestObject()
  checkChain(proto as object)
  return Object.create(proto as object)
}

/**
 * The longest chain of guest prototypes an object may have: every native lookup, `in`, `instanceof` and
 * `isPrototypeOf` walks it in one step of the program, so its length bounds the work a step can do.
 */
export const MAX_PROTO_CHAIN = 1000

/**
 * Refuses (a catchable RangeError) to make an object whose prototype is guest object `p` when the chain would be
 * longer than MAX_PROTO_CHAIN; walks at most that many links.
 */
export const checkChain = (p: object, pos?: Pos): void => {
  let links = 1
  for (let q: object | null = p; q !== OBJECT_PROTOTYPE && q !== NULL_PROTOTYPE && q !== null; links++) {
    if (links >= MAX_PROTO_CHAIN)
      throw rangeError(
        `A prototype chain may be at most ${MAX_PROTO_CHAIN} objects long (SECURITY.md "In-process limits")`,
        pos,
      )
    q = Object.getPrototypeOf(q) as object | null
  }
}

/** Values a guest chain may link to natively: guest objects (incl. the two roots). */
export const isGuestProto = (v: unknown): boolean =>
  v instanceof GuestObject || v === OBJECT_PROTOTYPE || v === NULL_PROTOTYPE

const isObjectValue = (v: unknown): boolean => v !== null && (typeof v === "object" || v instanceof GuestFunction)

/** The built-in constructors a class may extend: their instances are guest objects a prototype can be given. */
export const EXTENDABLE_BUILTINS: ReadonlySet<string> = new Set(["Object", ...ERROR_NAMES, "AggregateError"])

/**
 * §7.3.14 Construct: `new f(...args)` with new.target `nt` (f itself, or the class a `super(...)` call came from).
 * A derived class constructor makes its object through `super(...)`; a base one gets an object whose chain starts
 * at `nt.prototype`. A built-in constructor builds its own value; for a subclass (nt ≠ f) that value's chain is
 * moved to `nt.prototype` (only for EXTENDABLE_BUILTINS; classes.ts refuses the others when the class is defined).
 */
export const construct = (
  rt: Run,
  f: unknown,
  args: ReadonlyArray<unknown>,
  nt: unknown,
  what: string,
  pos?: Pos,
): unknown => {
  if (f instanceof GuestFunction) {
    if (!f.code.isConstructor) throw typeError(`${what} is not a constructor`, pos)
    // A construction takes about 1.5 plain calls' native stack (run.ts MAX_DEPTH): it counts 2.
    rt.depth++
    try {
      if (f.klass !== undefined && f.klass.parent !== undefined) return f.code.invoke(f, undefined, args, rt, pos, nt)
      const self = allocateFor(nt instanceof GuestFunction ? nt : f)
      const result = f.code.invoke(f, self, args, rt, pos, nt)
      return isObjectValue(result) ? result : self
    } finally {
      rt.depth--
    }
  }
  if (!(f instanceof Builtin) || !f.options.construct) throw typeError(`${what} is not a constructor`, pos)
  const value = f.options.construct(rt, args, nt)
  if (nt === f || !(nt instanceof GuestFunction) || !(value instanceof GuestObject)) return value
  const proto = functionProps(nt).prototype
  if (!isGuestProto(proto)) return value
  Object.setPrototypeOf(value, proto as object)
  // An error's own `name` would hide one the subclass's prototype defines (`MyError.prototype.name = "MyError"`).
  if ((value as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] !== undefined && "name" in (proto as object))
    delete (value as Record<string, unknown>).name
  return value
}

/** The guest prototype of a guest object (null for NULL_PROTOTYPE chains). */
export const guestPrototypeOf = (o: object): unknown => {
  const p = Object.getPrototypeOf(o)
  return p === NULL_PROTOTYPE || p === null ? null : p
}

/**
 * Whether a missing key of guest object `o` falls back to Object.prototype's table (not for null chains). With `rt`,
 * the walk is charged as work, three elements a link (the native lookups before it walked the same chain).
 */
export const reachesObjectPrototype = (o: object, rt?: Run): boolean => {
  let p = Object.getPrototypeOf(o)
  let links = 0
  while (p !== OBJECT_PROTOTYPE && p !== NULL_PROTOTYPE && p !== null) {
    p = Object.getPrototypeOf(p)
    links++
  }
  if (links > 8) rt?.work(3 * links)
  return p === OBJECT_PROTOTYPE
}

/** `v instanceof fn` for a guest function: fn.prototype on v's guest chain (§7.3.22 OrdinaryHasInstance). */
export const hasInstance = (fn: GuestFunction, v: unknown, rt?: Run): boolean => {
  if (v === null || typeof v !== "object") return false
  const proto = functionProps(fn).prototype
  if (!isGuestProto(proto)) throw typeError("Function has non-object prototype in instanceof check")
  let p = Object.getPrototypeOf(v)
  let links = 0
  while (p !== null && p !== NULL_PROTOTYPE && p !== proto && p !== OBJECT_PROTOTYPE) {
    p = Object.getPrototypeOf(p)
    links++
  }
  if (links > 8) rt?.work(links)
  return p === proto
}
