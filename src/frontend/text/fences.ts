import type { Stage, State } from "../types.js"
import { sliceMap } from "../posmap.js"
import { parseJavaScript, stripTypeScript } from "../../syntax/parse.js"
import { joinBlocks, smolagentsBlocks } from "./smolagents.js"

// docs/dialects.md#fences: ≥ 3 backticks or tildes, optional tag `[A-Za-z0-9_+.-]*`. Every pattern here is linear in
// its line (test/frontend/linear-text.test.ts): a marker run is followed by no further marker character (a shorter
// run could only be followed by one, so nothing is lost, and backtracking into the run fails at once), and the
// blanks around an optional tag are `[ \t]*(?:tag[ \t]*)?`, not `[ \t]*tag*[ \t]*`, whose two blank runs split a line
// of spaces every possible way (a fence opener followed by 64 K spaces took 9 s).
const MARKER = "(`{3,}(?!`)|~{3,}(?!~))"
const OPEN = new RegExp(`^[ \\t]*${MARKER}[ \\t]*(?:[A-Za-z0-9_+.-]+[ \\t]*)?(\\r?\\n|$)`)
const ANY_FENCE = new RegExp(`^[ \\t]*${MARKER}`, "m")

/** docs/dialects.md#fences "Not prose": code-looking text is never dropped. */
export const looksLikeProse = (text: string): boolean => {
  const t = text.trim()
  if (t === "") return true
  if (t.length > 400) return false
  if (/\bawait\b|\bconst |\blet |\bvar |\bfunction |tools\.|\breturn |=>|\/\/|[()[\]{};=]/.test(t)) return false
  if (/(`{3,}|~{3,})/.test(t)) return false
  if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(t)) return false
  return true
}

/**
 * Nested fences of one length (```` ```\n```js\n…\n```\n``` ````, a model fencing a fenced reply): a line opening a
 * tagged block inside the body cannot close it, so the first closing line belongs to the inner block; the outer block
 * closes at the last closing line instead.
 */
const nestedClose = (text: string, marker: string, bodyStart: number, close: [number, number]): [number, number] => {
  const c = marker[0] === "`" ? "`" : "~"
  const tagged = new RegExp(`^[ \\t]*${c}{3,}(?!${c})[ \\t]*[A-Za-z0-9_+.-]+[ \\t]*\\r?$`, "m")
  if (!tagged.test(text.slice(bodyStart, close[0]))) return close
  let last = close
  for (let next = findClose(text, marker, close[1]); next; next = findClose(text, marker, next[1])) last = next
  return last
}

/** Finds the closing fence line for `marker` at or after `from`; returns [lineStart, lineEnd]. */
const findClose = (text: string, marker: string, from: number): [number, number] | undefined => {
  const c = marker[0] === "`" ? "`" : "~"
  const re = new RegExp(`^[ \\t]*${c}{${marker.length},}(?!${c})[ \\t]*\\r?$`, "gm")
  re.lastIndex = from
  const m = re.exec(text)
  return m ? [m.index, m.index + m[0].length] : undefined
}

type Peel = { start: number; end: number; rule: string; warning?: string } | undefined

/** One layer: a leading fence (prose after it dropped only if prose), or prose + one block + prose. */
const peel = (text: string): Peel => {
  const lead = text.length - text.trimStart().length
  const open = OPEN.exec(text.slice(lead))
  if (open) {
    const bodyStart = lead + open[0].length
    const first = findClose(text, open[1]!, bodyStart)
    if (!first) return { start: bodyStart, end: text.length, rule: "unterminated-fence", warning: "unterminated fence" }
    const close = nestedClose(text, open[1]!, bodyStart, first)
    const after = text.slice(close[1])
    if (!looksLikeProse(after)) return undefined
    const end = close[0] > bodyStart ? close[0] - 1 : bodyStart
    return { start: bodyStart, end: Math.max(bodyStart, end), rule: after.trim() ? "fence+prose" : "fence" }
  }
  const first = ANY_FENCE.exec(text)
  if (!first) return undefined
  const fenceLine = first.index
  const before = text.slice(0, fenceLine)
  const opened = OPEN.exec(text.slice(fenceLine))
  if (!opened || !looksLikeProse(before)) return undefined
  const bodyStart = fenceLine + opened[0].length
  const close = findClose(text, opened[1]!, bodyStart)
  if (!close || !looksLikeProse(text.slice(close[1]))) return undefined
  const end = close[0] > bodyStart ? close[0] - 1 : bodyStart
  return { start: bodyStart, end: Math.max(bodyStart, end), rule: "prose+fence" }
}

const parses = (code: string): boolean => {
  try {
    parseJavaScript(code)
    return true
  } catch {
    try {
      parseJavaScript(stripTypeScript(code))
      return true
    } catch {
      return false
    }
  }
}

/** Every complete fenced block of `text`, in order: [bodyStart, bodyEnd]. */
const blocks = (text: string): Array<[number, number]> => {
  const found: Array<[number, number]> = []
  const opener = new RegExp(`^[ \\t]*${MARKER}[ \\t]*(?:[A-Za-z0-9_+.-]+[ \\t]*)?\\r?$`, "gm")
  let m: RegExpExecArray | null
  while ((m = opener.exec(text))) {
    const bodyStart = Math.min(text.length, m.index + m[0].length + 1)
    const close = findClose(text, m[1]!, bodyStart)
    if (!close) break
    found.push([bodyStart, Math.max(bodyStart, close[0] - 1)])
    opener.lastIndex = close[1]
  }
  return found
}

/**
 * When the docs/dialects.md#fences prose test is ambiguous but the text as a whole is not a program (it does not parse), keeping it
 * unchanged can only fail: take the fenced block that is one — the first that parses and calls tools or returns,
 * else the first that parses — and report which of how many was picked (chat replies put JSON in the prose).
 */
const pickBlock = (text: string): Peel => {
  // Without any fence line there is no block to pick: skip the whole-text parse (the `typescript` stage parses it).
  if (!ANY_FENCE.test(text)) return undefined
  if (parses(text)) return undefined
  const all = blocks(text)
  const candidates = all.filter(([a, b]) => parses(text.slice(a, b)))
  const chosen = candidates.find(([a, b]) => /\btools\b|\breturn\b|\bawait\b/.test(text.slice(a, b))) ?? candidates[0]
  if (!chosen) return undefined
  return {
    start: chosen[0],
    end: chosen[1],
    rule: "block-in-text",
    warning: `took the fenced program out of the surrounding text (block ${all.indexOf(chosen) + 1} of ${all.length})`,
  }
}

/**
 * A smolagents reply (`<code>…</code>`, or a fence closed by `<end_code>`) becomes exactly the program smolagents
 * runs, when the hint is smolagents or the reply is not itself JavaScript (a JS program may hold `<code>` in a string).
 */
const smolagentsEnvelope = (state: State): boolean => {
  const found = smolagentsBlocks(state.text)
  if (!found || (state.hint !== "smolagents" && parses(state.text))) return false
  const { code, map } = joinBlocks(state.text, found)
  const n = found.blocks.length
  const tags = found.rule === "smolagents-code-tags" ? "<code> … </code>" : "``` … ``` before <end_code>"
  state.changes.push({
    stage: "fences",
    rule: found.rule,
    loc: state.locate(found.blocks[0]![0]),
    note:
      `${n === 1 ? "the block" : `${n} blocks joined with a blank line`} between ${tags}, as smolagents runs ${n === 1 ? "it" : "them"}` +
      (found.closingAppended ? "; no closing </code>: the block runs to the end, as smolagents appends it" : ""),
  })
  state.maps.push(map)
  state.text = code
  if (code.trim() === "") state.warnings.push({ message: "the code block is empty" })
  return true
}

/** The `fences` stage: markdown code fences, peeled layer by layer (docs/dialects.md#fences). Ambiguous text is left unchanged. */
export const fences: Stage = {
  id: "fences",
  kind: "text",
  run: (state: State) => {
    if (smolagentsEnvelope(state)) return
    for (let layer = 0; layer < 4; layer++) {
      const p = peel(state.text) ?? (layer === 0 ? pickBlock(state.text) : undefined)
      if (!p) return
      state.changes.push({ stage: "fences", rule: p.rule, loc: state.locate(p.start) })
      if (p.warning) state.warnings.push({ message: p.warning, loc: state.locate(p.start) })
      state.maps.push(sliceMap(p.start))
      state.text = state.text.slice(p.start, p.end)
      if (state.text.trim() === "") {
        state.warnings.push({ message: "the code block is empty" })
        return
      }
    }
  },
}
