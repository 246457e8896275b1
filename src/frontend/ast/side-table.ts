/**
 * Data the frontend keeps about one parsed program (its declared names, comments, index, the detection walk's facts,
 * the shared scope cache), held by the program node itself under a private, non-enumerable symbol key.
 *
 * Not a module-level `WeakMap`: such a map lives in V8's old generation, and its scavenger treats a value stored in
 * an old object as reachable until the next full collection, whether or not the key still is. Every program's side
 * data (and through the facts and scopes, parts of its tree) then survived the young collections, V8 learnt from that
 * to allocate those objects in the old generation directly, and a loop of `normalize` spent about half its CPU in the
 * collector. On the node, the data is young with the tree and dies with it. A symbol key is invisible to
 * `Object.keys`, `JSON.stringify` and structured clone, and a non-enumerable one is not copied by `Object.assign`.
 */
export interface SideTable<T> {
  readonly get: (program: object) => T | undefined
  readonly set: (program: object, value: T) => void
}

export const sideTable = <T>(name: string): SideTable<T> => {
  const key = Symbol(name)
  return {
    get: (program) => (program as { [key]?: T })[key],
    set: (program, value) => {
      Object.defineProperty(program, key, { value, writable: true, configurable: true, enumerable: false })
    },
  }
}
