/** Technique × key style × context → the escape corpus (deterministic, deduplicated). */
import { CONTEXTS } from "./contexts.js"
import { STYLES, type Style } from "./keys.js"
import { TECHNIQUES } from "./techniques.js"

export interface EscapeProgram {
  readonly name: string
  readonly technique: string
  readonly code: string
}

/**
 * `full`: every key style and every context for every technique (≈1,570 programs, `SECURITY_FULL=1` / `npm run
 * fuzz`). Otherwise 5 key styles, and the coercion family (40 builders) 2 styles × 3 contexts, so `npm test` stays fast.
 */
export const buildCorpus = (full = process.env.SECURITY_FULL === "1"): ReadonlyArray<EscapeProgram> => {
  const out = new Map<string, EscapeProgram>()
  for (const t of TECHNIQUES) {
    const sampled = !full && t.id.startsWith("coercion-")
    const styles: ReadonlyArray<Style> = !t.keyed
      ? ["dot"]
      : sampled
        ? ["dot", "unicode"]
        : full
          ? STYLES
          : ["dot", "concat", "unicode", "charCodes", "destructure"]
    const contexts = CONTEXTS.filter((c) => c.allowsAwait || !t.async).filter(
      (c) => !sampled || ["top", "callback", "catch"].includes(c.name),
    )
    // Every key style in the top-level context, every context with dot (or bracket) keys.
    for (const s of styles)
      out.set(`${t.id}/${s}/top`, { name: `${t.id}/${s}/top`, technique: t.id, code: contexts[0]!.wrap(t.payload(s)) })
    for (const c of contexts.slice(1)) {
      const s: Style = c.name.length % 2 ? "bracket" : "dot"
      out.set(`${t.id}/${s}/${c.name}`, { name: `${t.id}/${s}/${c.name}`, technique: t.id, code: c.wrap(t.payload(s)) })
    }
  }
  return [...out.values()]
}
