/**
 * The method tables by receiver kind, used by property.ts. Adding a method = adding a row in the file of its
 * global (see README.md).
 */
import { arrayMethods } from "./array.js"
import { mapMethods, setMethods } from "./collections.js"
import { dateMethods } from "./date.js"
import { functionMethods } from "./function.js"
import { booleanMethods, numberMethods } from "./number.js"
import { bigintMethods } from "./bigint.js"
import { objectMethods } from "./object.js"
import { promiseMethods } from "./promise.js"
import { regexpMethods } from "./regexp.js"
import { iteratorRows, symbolMethods } from "./symbol.js"
import { WELL_KNOWN } from "../values.js"
import { stringMethods } from "./string.js"
import type { Table } from "./util.js"
import { weakMapMethods, weakSetMethods } from "./weak.js"

export const protoTable: {
  readonly object: Table
  readonly array: Table
  readonly string: Table
  readonly number: Table
  readonly boolean: Table
  readonly bigint: Table
  readonly promise: Table
  readonly map: Table
  readonly set: Table
  readonly function: Table
  readonly date: Table
  readonly regexp: Table
  readonly symbol: Table
  readonly weakmap: Table
  readonly weakset: Table
} = {
  get symbol() {
    return symbolMethods
  },
  get object() {
    return objectMethods
  },
  get array() {
    return arrayMethods
  },
  get string() {
    return stringMethods
  },
  get number() {
    return numberMethods
  },
  get boolean() {
    return booleanMethods
  },
  get bigint() {
    return bigintMethods
  },
  get promise() {
    return promiseMethods
  },
  get map() {
    return mapMethods
  },
  get set() {
    return setMethods
  },
  get function() {
    return functionMethods
  },
  get date() {
    return dateMethods
  },
  get regexp() {
    return regexpMethods
  },
  get weakmap() {
    return weakMapMethods
  },
  get weakset() {
    return weakSetMethods
  },
}

// `[Symbol.iterator]` of the iterable built-ins (symbol-keyed rows, read by property.ts like the others).
const iteratorKey = WELL_KNOWN.iterator as unknown as string
arrayMethods[iteratorKey] = iteratorRows.array
stringMethods[iteratorKey] = iteratorRows.string
mapMethods[iteratorKey] = iteratorRows.map
setMethods[iteratorKey] = iteratorRows.set
