/**
 * Guest value representations (docs/architecture.md "Guest values"). Primitives are native. Plain objects are
 * `GuestObject` instances whose prototype chain holds no host member, so a missing key reads `undefined` and nothing
 * reaches `Object.prototype`. Functions, built-ins and tool references are interpreter objects: a host function is
 * never reachable by a program.
 */
import type { Run } from "./run-state.js"
import type { Pos } from "./errors.js"

/** Plain guest object. Its prototype is an empty null-prototype object (fast property storage, no host members). */
export const GuestObject = function GuestObject(this: object) {} as unknown as { new (): Record<string, unknown> }
;(GuestObject as unknown as { prototype: object }).prototype = Object.create(null)

export const newObject = (): Record<string, unknown> => new GuestObject()

export const isGuestObject = (v: unknown): v is Record<string, unknown> => v instanceof GuestObject

/** Marks guest error values: the list of constructor names it is an instance of (e.g. ["TypeError", "Error"]). */
export const ERROR_BRAND: unique symbol = Symbol("codemode.error")

/** Brands a guest arguments object (a non-enumerable own key): iterable like an array. */
export const ARGUMENTS: unique symbol = Symbol("codemode.arguments")

/**
 * The guest's well-known symbols (§6.1.5.1). They are symbols of the guest's own, not the host's `Symbol.iterator`
 * & co., so no host protocol (native iteration, ToPrimitive, instanceof) ever calls a guest value: the interpreter
 * implements each protocol itself (iteration.ts, coerce.ts).
 */
export const WELL_KNOWN = {
  asyncIterator: Symbol("Symbol.asyncIterator"),
  hasInstance: Symbol("Symbol.hasInstance"),
  isConcatSpreadable: Symbol("Symbol.isConcatSpreadable"),
  iterator: Symbol("Symbol.iterator"),
  match: Symbol("Symbol.match"),
  matchAll: Symbol("Symbol.matchAll"),
  replace: Symbol("Symbol.replace"),
  search: Symbol("Symbol.search"),
  species: Symbol("Symbol.species"),
  split: Symbol("Symbol.split"),
  toPrimitive: Symbol("Symbol.toPrimitive"),
  toStringTag: Symbol("Symbol.toStringTag"),
  unscopables: Symbol("Symbol.unscopables"),
} as const

/** Host-side marker symbols that are own keys of some guest objects: never listed to a program. */
export const isInternalSymbol = (s: symbol): boolean => s === ERROR_BRAND || s === ARGUMENTS || s === SHARED_PARENT

/**
 * On the prototype of a class that extends an Error type: the built-in prototype (`TypeError.prototype`, a view)
 * its chain continues at past the guest objects (realm.ts `sharedBaseOf`).
 */
export const SHARED_PARENT: unique symbol = Symbol("codemode.sharedParent")

/** The uninitialized marker of a `let`/`const` slot (temporal dead zone). */
export const TDZ: unique symbol = Symbol("codemode.tdz")

/** What a compiled function body needs to run; built by compile/functions.ts. */
export interface FunctionCode {
  readonly name: string
  readonly length: number
  readonly isAsync: boolean
  readonly isArrow: boolean
  /** Whether `new` applies (plain `function`s; not arrows, async functions or methods). */
  readonly isConstructor: boolean
  /** `nt`: new.target, set only by [[Construct]] (a class constructor refuses a call without it). */
  readonly invoke: (
    fn: GuestFunction,
    thisArg: unknown,
    args: ReadonlyArray<unknown>,
    rt: Run,
    pos?: Pos,
    nt?: unknown,
  ) => unknown
  /**
   * `invoke` for a call of at most four arguments passed one by one, without an argument list (the hot path of
   * calls and array callbacks). Set only where a missing argument and an `undefined` one cannot be told apart:
   * plain identifier parameters, no `arguments`, not a class constructor.
   */
  readonly direct?: DirectInvoke
}

/** See {@link FunctionCode.direct}; absent arguments are passed as `undefined`. */
export type DirectInvoke = (
  fn: GuestFunction,
  thisArg: unknown,
  a0: unknown,
  a1: unknown,
  a2: unknown,
  a3: unknown,
  rt: Run,
  pos: Pos | undefined,
) => unknown

/**
 * A guest closure: compiled code plus the environment it closes over, and the run that created it. Coercions
 * (coerce.ts) call a guest `toString`/`valueOf` through that run, so a hook is confined by its own run's step
 * counter and deadline wherever the coercion happens (SECURITY.md: hooks run as guest functions). A closure never
 * outlives its run: the data boundary drops functions.
 */
export class GuestFunction {
  /** Own properties beyond `name` and `length` (realm.ts `functionProps`), created on first use. */
  props: Record<string, unknown> | undefined = undefined
  /** Set on class constructors (compile/classes.ts): the parent and the instance fields. */
  klass: ClassData | undefined = undefined
  constructor(
    readonly code: FunctionCode,
    readonly env: Env,
    /** The function's name as created (realm.ts `nameFunction` may set it once more at run time). */
    public name: string,
    readonly rt: Run,
  ) {}
}

/** What a class constructor carries beyond its code (compile/classes.ts). */
export interface ClassData {
  /** The constructor parent (`extends` value), null for `extends null`, undefined for a base class. */
  readonly parent: unknown
  /** Instance fields in order: the key and the initializer (a method run with the instance as `this`). */
  readonly fields: ReadonlyArray<{
    readonly key: string | symbol
    readonly init: GuestFunction | undefined
    /** The initializer is an anonymous function or class definition: its value takes the field's name. */
    readonly named: boolean
  }>
}

/** A built-in function: a table row. `construct` is set for constructors (`new X()`); `is` answers `instanceof`. */
export class Builtin {
  constructor(
    readonly name: string,
    readonly call: (rt: Run, thisArg: unknown, args: ReadonlyArray<unknown>) => unknown,
    readonly options: {
      /** `nt` is new.target: the constructor itself, or the subclass a `super(...)` call came from. */
      readonly construct?: (rt: Run, args: ReadonlyArray<unknown>, nt?: unknown) => unknown
      readonly is?: (value: unknown) => boolean
      readonly statics?: Readonly<Record<string, unknown>>
      readonly length?: number
      /** A `prototype` that is an ordinary guest object made for each run (builtins/iterator.ts). */
      readonly runPrototype?: (rt: Run) => object
      /** Set by `bind`: the callable, `this` and leading arguments, so a bound hook can be called without a run. */
      readonly bound?: { readonly target: unknown; readonly thisArg: unknown; readonly args: ReadonlyArray<unknown> }
    } = {},
  ) {}
}

/** An immutable namespace of built-ins (Math, JSON, console): shared by every run, so never writable. */
export class Namespace {
  constructor(
    readonly name: string,
    readonly members: Readonly<Record<string, unknown>>,
  ) {}
}

/** A reference into the host tool tree (`tools`, `tools.ns`, `tools.ns.tool`); validated when called or listed. */
export class ToolRef {
  constructor(
    readonly path: ReadonlyArray<string>,
    /** The name a call through this reference is recorded under when it is not the path (the global `search`). */
    readonly as?: string,
  ) {}
}

/**
 * A primitive wrapper object (`new String("ab")`, `new Number(1)`, `Object(true)`, §20.3–§22.1): its primitive, and
 * own properties beyond a string's indices and `length` in a null-prototype record made on the first write.
 */
export class Wrapper {
  props: Record<string, unknown> | undefined = undefined
  constructor(readonly value: string | number | boolean | bigint) {}
}

/** Date wrapper (@opencode-ai/codemode 1.18 "Date"): the time value only; dates stringify as ISO. */
export class GuestDate {
  constructor(public time: number) {}
}

/** A Date's ISO form; an invalid date is "Invalid Date", or null when `orNull` (the data boundary: invalid → null). */
export const isoString = (d: GuestDate, orNull = false): string | null => {
  if (!Number.isFinite(d.time)) return orNull ? null : "Invalid Date"
  return new Date(d.time).toISOString()
}

/**
 * RegExp instance: the native engine stays behind builtins/regexp.ts so a linear engine can replace it. Its own
 * properties live in `props`, a null-prototype record holding `lastIndex` (a writable, non-enumerable,
 * non-configurable data property of any value, §22.2.3.1 RegExpAlloc) and whatever the program adds (`re.exec = …`).
 */
export class GuestRegExp {
  readonly props: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  constructor(
    readonly native: RegExp,
    lastIndex: unknown = 0,
  ) {
    Object.defineProperty(this.props, "lastIndex", {
      value: lastIndex,
      writable: true,
      enumerable: false,
      configurable: false,
    })
  }
  get lastIndex(): unknown {
    return this.props.lastIndex
  }
  /** A read-only `lastIndex` (Object.defineProperty) refuses the write with a TypeError (this module is strict). */
  set lastIndex(v: unknown) {
    this.props.lastIndex = v
  }
}

/** An accessor row of a built-in table (`RegExp.prototype.flags`, `RegExp[Symbol.species]`): its built-in halves. */
export class Accessor {
  constructor(
    readonly get: Builtin | undefined,
    readonly set: Builtin | undefined = undefined,
  ) {}
}

/**
 * A host-backed built-in instance whose members are implemented in builtins/ (URL, URLSearchParams). The core
 * only dispatches to these hooks: property reads/writes, ToPrimitive, the data boundary and iteration.
 */
export abstract class HostBacked {
  /** Property read: a method row, an accessor value, or undefined. */
  abstract get(key: string): unknown
  /** Property write; false when the key is not writable (the caller throws). */
  abstract set(key: string, value: unknown): boolean
  /** ToPrimitive (§7.1.1): URL → href, URLSearchParams → query string. */
  abstract primitive(): string
  /** What the data boundary and JSON.stringify see (URL → href string, URLSearchParams → {}). */
  abstract data(): unknown
  /** What for…of / spread iterate, or undefined when not iterable. */
  abstract list(): Array<unknown> | undefined
  /** Own enumerable keys beyond the instance properties (a Uint8Array's indices), or undefined for none. */
  keys(): Array<string> | undefined {
    return undefined
  }
}

/** A runtime environment: slot 0 is the parent environment, slots 1.. hold bindings. */
export type Env = Array<unknown>

export const isCallable = (v: unknown): boolean =>
  v instanceof GuestFunction || v instanceof Builtin || v instanceof ToolRef

export const isGuestError = (v: unknown): boolean =>
  typeof v === "object" && v !== null && (v as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] !== undefined
