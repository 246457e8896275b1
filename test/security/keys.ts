/**
 * The ways a property name can be written (issue item 1: "dot, bracket, computed and concatenated keys, unicode
 * escapes, destructuring"). Each style yields an expression for the key and an expression reading `obj[key]`.
 */
export const STYLES = [
  "dot",
  "bracket",
  "concat",
  "unicode",
  "template",
  "arrayKey",
  "charCodes",
  "destructure",
] as const
export type Style = (typeof STYLES)[number]

const unicode = (n: string) => [...n].map((c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")).join("")

/** An expression evaluating to the string `name`, written in `style`. */
export const key = (name: string, style: Style): string => {
  switch (style) {
    case "concat":
      return `("${name.slice(0, 2)}" + "${name.slice(2)}")`
    case "unicode":
      return `"${unicode(name)}"`
    case "template":
      return `\`${name.slice(0, 1)}\${"${name.slice(1)}"}\``
    case "arrayKey":
      return `["${name}"]`
    case "charCodes":
      return `String.fromCharCode(${[...name].map((c) => c.charCodeAt(0)).join(", ")})`
    default:
      return `"${name}"`
  }
}

/** An expression reading `name` from `obj` in `style`. */
export const get = (obj: string, name: string, style: Style): string => {
  switch (style) {
    case "dot":
      return /^[A-Za-z_$][\w$]*$/.test(name) ? `(${obj}).${name}` : `(${obj})["${name}"]`
    case "destructure":
      return `((({ ["${name}"]: picked }) => picked)(${obj}))`
    default:
      return `(${obj})[${key(name, style)}]`
  }
}

/** The string a payload hands to a recovered Function constructor: it calls the host canary. */
export const CALL = `"return globalThis.__securityCanary('fn')"`

/** Given a value, tries to climb to the host Function constructor and run the canary. */
export const climb = (value: string, style: Style): string =>
  `${get(get(value, "constructor", style), "constructor", style)}(${CALL})()`

/** Statements that try every escape from each of `values`, swallowing failures (the canary is the verdict). */
export const probe = (values: ReadonlyArray<string>, style: Style): string =>
  values.map((v) => `try { ${climb(v, style)} } catch {}`).join(" ")
