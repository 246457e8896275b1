/**
 * Cloudflare's reserved-word list for tool names (docs/dialects.md#tool-names: "reserved word (≈60: class, delete, default,
 * eval, await, int, goto, …) → `_` suffix"): ES keywords, strict and future reserved words, the old Java-style
 * future reserved words, and the global names a binding must not shadow. The exact upstream list is unverified.
 */
export const CLOUDFLARE_RESERVED: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await abstract boolean byte char " +
    "double final float goto int long native short synchronized throws transient volatile arguments eval " +
    "undefined NaN Infinity"
  ).split(" "),
)
