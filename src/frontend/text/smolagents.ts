import type { OffsetMap } from "../posmap.js"

/**
 * smolagents' CodeAgent envelopes (docs/dialects.md#fences), read as its `parse_code_blobs` reads them: every block
 * between `<code>` and `</code>` (a missing last `</code>` is the stop sequence, which smolagents appends back), or in
 * older releases every block matching ```` ```(?:py|python)?\s*\n(.*?)\n``` ```` in a reply that ends with
 * `<end_code>`; each block stripped, all of them joined with a blank line.
 */
export interface SmolagentsBlocks {
  readonly rule: "smolagents-code-tags" | "smolagents-end-code"
  /** [start, end) of each stripped block in the text. */
  readonly blocks: ReadonlyArray<readonly [number, number]>
  readonly closingAppended: boolean
}

const strip = (text: string, start: number, end: number): [number, number] => {
  while (start < end && /\s/.test(text[start]!)) start++
  while (end > start && /\s/.test(text[end - 1]!)) end--
  return [start, end]
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c)

/**
 * The matches of smolagents' ```` ```(?:py|python)?\s*\n(.*?)\n``` ```` (DOTALL, every match, stripped), found by a
 * scan linear in the text: a backtracking regex retries the lazy body from every opener that has no close.
 */
const endCodeBlocks = (text: string): Array<[number, number]> => {
  const blocks: Array<[number, number]> = []
  let noCloseFrom = Infinity
  for (let p = text.indexOf("```"); p >= 0; p = text.indexOf("```", p + 1)) {
    const tagEnd = p + 3
    // The optional tag: `py`, else `python`, else none, whichever is followed by blanks holding a newline.
    const afterTag = (t: number): [number, number, number] | undefined => {
      let e = t
      let lastNl = -1
      let newlines = 0
      for (; isSpace(text[e]); e++) if (text[e] === "\n") ((lastNl = e), newlines++)
      return lastNl >= 0 ? [lastNl, e, newlines] : undefined
    }
    const ws =
      (text.startsWith("py", tagEnd) ? afterTag(tagEnd + 2) : undefined) ??
      (text.startsWith("python", tagEnd) ? afterTag(tagEnd + 6) : undefined) ??
      afterTag(tagEnd)
    if (!ws) continue
    const [lastNl, wsEnd, newlines] = ws
    const bodyStart = lastNl + 1
    const close = bodyStart >= noCloseFrom ? -1 : text.indexOf("\n```", bodyStart)
    if (close >= 0) {
      blocks.push(strip(text, bodyStart, close))
      p = close + 3
      continue
    }
    noCloseFrom = Math.min(noCloseFrom, bodyStart)
    // The close inside the blanks: `\n` + blanks + `\n```` is an empty block.
    if (newlines >= 2 && lastNl === wsEnd - 1 && text.startsWith("```", wsEnd)) {
      blocks.push([wsEnd, wsEnd])
      p = wsEnd + 2
    }
  }
  return blocks
}

export const smolagentsBlocks = (text: string): SmolagentsBlocks | undefined => {
  if (text.includes("<code>")) {
    const closingAppended = !text.trimEnd().endsWith("</code>")
    const blocks: Array<[number, number]> = []
    let at = 0
    for (;;) {
      const open = text.indexOf("<code>", at)
      if (open < 0) break
      const bodyStart = open + "<code>".length
      const close = text.indexOf("</code>", bodyStart)
      if (close < 0) {
        if (closingAppended) blocks.push(strip(text, bodyStart, text.length))
        break
      }
      blocks.push(strip(text, bodyStart, close))
      at = close + "</code>".length
    }
    return blocks.length ? { rule: "smolagents-code-tags", blocks, closingAppended } : undefined
  }
  if (text.includes("<end_code>")) {
    const blocks = endCodeBlocks(text)
    return blocks.length ? { rule: "smolagents-end-code", blocks, closingAppended: false } : undefined
  }
  return undefined
}

/** The joined program, and a map from its offsets to the reply's: each block keeps its own origin. */
export const joinBlocks = (text: string, found: SmolagentsBlocks): { code: string; map: OffsetMap } => {
  const parts: Array<{ out: number; from: number }> = []
  let code = ""
  for (const [start, end] of found.blocks) {
    if (code !== "") code += "\n\n"
    parts.push({ out: code.length, from: start })
    code += text.slice(start, end)
  }
  return {
    code,
    map: {
      toInput: (offset) => {
        let part = parts[0]!
        for (const p of parts) if (p.out <= offset) part = p
        return part.from + (offset - part.out)
      },
    },
  }
}
