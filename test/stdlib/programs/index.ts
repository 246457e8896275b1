/**
 * All differential programs: hand-written per built-in (one module each, `{ name: code }`) plus the generated ones.
 * A program's id is `<module>/<name>` (generated: `gen/<family>/<n>`); deviations.json refers to these ids.
 */
import array from "./array.js"
import async from "./async.js"
import coercion from "./coercion.js"
import collections from "./collections.js"
import date from "./date.js"
import encoding from "./encoding.js"
import errors from "./errors.js"
import { generated } from "./generated.js"
import holes from "./holes.js"
import integrity from "./integrity.js"
import intl from "./intl.js"
import globals from "./globals.js"
import json from "./json.js"
import math from "./math.js"
import messages from "./messages.js"
import number from "./number.js"
import object from "./object.js"
import regexp from "./regexp.js"
import string from "./string.js"
import url from "./url.js"

export interface Program {
  readonly id: string
  readonly code: string
}

const modules: Record<string, Record<string, string>> = {
  array,
  string,
  number,
  math,
  json,
  object,
  date,
  regexp,
  collections,
  globals,
  errors,
  async,
  url,
  messages,
  coercion,
  holes,
  integrity,
  intl,
  encoding,
}

const handWritten: Array<Program> = Object.entries(modules).flatMap(([mod, progs]) =>
  Object.entries(progs).map(([name, code]) => ({ id: `${mod}/${name}`, code })),
)

export const allPrograms: ReadonlyArray<Program> = [...handWritten, ...generated]
