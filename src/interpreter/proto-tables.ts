/**
 * The built-ins' method tables by receiver kind, as property reads find them. builtins/tables.ts installs them when
 * it loads, which is before any program compiles (the compiler imports the globals, which import it); a read before
 * that is a host bug and throws instead of answering undefined.
 */
import type { Table } from "./builtins/util.js"

export type ProtoKind =
  | "object"
  | "array"
  | "string"
  | "number"
  | "boolean"
  | "bigint"
  | "promise"
  | "map"
  | "set"
  | "function"
  | "date"
  | "regexp"
  | "symbol"
  | "weakmap"
  | "weakset"

const installed: Partial<Record<ProtoKind, Table>> = {}

/** The install step of the built-ins (builtins/tables.ts). */
export const installProtoTables = (tables: Readonly<Record<ProtoKind, Table>>): void => {
  Object.assign(installed, tables)
}

const read = (kind: ProtoKind): Table => {
  const table = installed[kind]
  if (table === undefined)
    throw new Error(`interpreter: the ${kind} method table is read before the built-ins are installed`)
  return table
}

export const protoTable: Readonly<Record<ProtoKind, Table>> = {
  get object() {
    return read("object")
  },
  get array() {
    return read("array")
  },
  get string() {
    return read("string")
  },
  get number() {
    return read("number")
  },
  get boolean() {
    return read("boolean")
  },
  get bigint() {
    return read("bigint")
  },
  get promise() {
    return read("promise")
  },
  get map() {
    return read("map")
  },
  get set() {
    return read("set")
  },
  get function() {
    return read("function")
  },
  get date() {
    return read("date")
  },
  get regexp() {
    return read("regexp")
  },
  get symbol() {
    return read("symbol")
  },
  get weakmap() {
    return read("weakmap")
  },
  get weakset() {
    return read("weakset")
  },
}
