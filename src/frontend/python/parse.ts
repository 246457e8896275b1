import { parser } from "@lezer/python"
import type { Tree } from "@lezer/common"

export interface PythonParse {
  readonly tree: Tree
  /** Offset of the first syntax error lezer recovered from, if any. */
  readonly error: number | undefined
}

/** lezer's Python grammar (`@lezer/python`, chosen by measurement: README). Error-tolerant: the first error node is the error. */
export const parsePython = (text: string): PythonParse => {
  const tree = parser.parse(text)
  let error: number | undefined
  tree.iterate({
    enter: (n) => {
      if (error !== undefined) return false
      if (n.type.isError) error = n.from
      return undefined
    },
  })
  return { tree, error }
}
