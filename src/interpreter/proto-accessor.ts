/**
 * `__proto__` as JavaScript has it (§B.2.2.1 Object.prototype.__proto__): an accessor of the guest's own
 * Object.prototype, answered by the guest's Object.getPrototypeOf / setPrototypeOf (builtins/descriptors.ts). It
 * never reaches the host's accessor: a guest object's native chain ends at `OBJECT_PROTOTYPE`, which has no host
 * prototype (values.ts), so there `__proto__` is an ordinary key; every other value goes through the guest view of
 * its prototype, and only a plain guest object's chain is ever changed.
 */
import { type Pos, typeError } from "./errors.js"
import { reachesObjectPrototype } from "./realm.js"
import { Builtin, GuestFunction, GuestObject } from "./values.js"
import { prototypeOf, setPrototype } from "./prototypes.js"

const KEY = "__proto__"

/**
 * A guest object holding `__proto__` as an ordinary key (own, or a data property of its guest chain) or lacking
 * Object.prototype (`Object.create(null)`): the key is read and written natively like any other.
 */
const ordinary = (o: Record<string, unknown>): boolean => KEY in o || !reachesObjectPrototype(o)

/** `o.__proto__` (§B.2.2.1.1): the guest's Object.getPrototypeOf(o) unless a guest object shadows the accessor. */
export const protoGet = (o: unknown, pos?: Pos): unknown => {
  if (o === null || o === undefined) throw typeError(`Cannot read properties of ${o} (reading '${KEY}')`, pos)
  if (o instanceof GuestObject && ordinary(o)) return o[KEY]
  return prototypeOf(o)
}

/**
 * `o.__proto__ = v` (§B.2.2.1.2): sets the prototype when v is an object or null and o an object; otherwise does
 * nothing. A value whose prototype the guest cannot change (an array, a function, a built-in) throws unless v is
 * already its prototype.
 */
export const protoSet = (o: unknown, v: unknown): void => {
  if (o === null || o === undefined) throw typeError(`Cannot set properties of ${o} (setting '${KEY}')`)
  if (o instanceof GuestObject && ordinary(o)) {
    o[KEY] = v
    return
  }
  if (v !== null && typeof v !== "object" && !(v instanceof GuestFunction)) return
  if (typeof o !== "object" && !(o instanceof GuestFunction)) return
  setPrototype(o, v, `Setting '${KEY}'`)
}

/** `"__proto__" in o` for an object o. */
export const protoIn = (o: object): boolean => !(o instanceof GuestObject) || KEY in o || reachesObjectPrototype(o)

/** The accessor pair Object.getOwnPropertyDescriptor(Object.prototype, "__proto__") returns (same functions each time). */
export const PROTO_GETTER = new Builtin(`get ${KEY}`, (_rt, self) => protoGet(self), { length: 0 })
export const PROTO_SETTER = new Builtin(
  `set ${KEY}`,
  (_rt, self, [v]) => {
    protoSet(self, v)
    return undefined
  },
  { length: 1 },
)
