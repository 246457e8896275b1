/**
 * The install step of the method tables by receiver kind (proto-tables.ts, read by property.ts). Adding a method = adding a row in the file of its
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
import { installProtoTables } from "../proto-tables.js"
import { weakMapMethods, weakSetMethods } from "./weak.js"

installProtoTables({
  symbol: symbolMethods,
  object: objectMethods,
  array: arrayMethods,
  string: stringMethods,
  number: numberMethods,
  boolean: booleanMethods,
  bigint: bigintMethods,
  promise: promiseMethods,
  map: mapMethods,
  set: setMethods,
  function: functionMethods,
  date: dateMethods,
  regexp: regexpMethods,
  weakmap: weakMapMethods,
  weakset: weakSetMethods,
})

// `[Symbol.iterator]` of the iterable built-ins (symbol-keyed rows, read by property.ts like the others).
const iteratorKey = WELL_KNOWN.iterator as unknown as string
arrayMethods[iteratorKey] = iteratorRows.array
stringMethods[iteratorKey] = iteratorRows.string
mapMethods[iteratorKey] = iteratorRows.map
setMethods[iteratorKey] = iteratorRows.set
