/**
 * Splits a command line the way a POSIX shell splits words, for `--server NAME=COMMAND`: blanks separate words;
 * `'…'` keeps everything literally; `"…"` keeps everything except that `\` escapes `"`, `\`, `$` and `` ` ``;
 * outside quotes `\` escapes any character; quotes join with adjacent text (`a"b c"` is one word `ab c`).
 * Nothing is expanded and there is no shell behind it: `$VAR`, `~`, globs, pipes, redirections and `;`/`&&` are
 * refused with a message rather than passed on as literal arguments, so a command that needs a shell says so.
 */
export const splitCommand = (line: string): Array<string> => {
  const words: Array<string> = []
  let word = ""
  let inWord = false
  let i = 0
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at column ${i + 1} of "${line}"`)
  }
  while (i < line.length) {
    const ch = line[i]!
    if (ch === " " || ch === "\t" || ch === "\n") {
      if (inWord) words.push(word)
      word = ""
      inWord = false
      i++
      continue
    }
    inWord = true
    if (ch === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) fail("unterminated single quote")
      word += line.slice(i + 1, end)
      i = end + 1
    } else if (ch === '"') {
      i++
      for (;;) {
        if (i >= line.length) {
          i = line.lastIndexOf('"')
          fail("unterminated double quote")
        }
        const c = line[i]!
        if (c === '"') break
        if (c === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          word += line[i + 1]
          i += 2
        } else if (c === "$" || c === "`") {
          fail(`"${c}" (no variable or command substitution: give the value itself, or use "env" in --config)`)
        } else {
          word += c
          i++
        }
      }
      i++
    } else if (ch === "\\") {
      if (i + 1 >= line.length) fail("a trailing backslash")
      word += line[i + 1]
      i += 2
    } else if ("|&;<>()".includes(ch)) {
      fail(`the shell operator "${ch}" (there is no shell: run a script that does it, or quote the character)`)
    } else if (ch === "$" || ch === "`") {
      fail(`"${ch}" (no variable or command substitution: give the value itself, or use "env" in --config)`)
    } else if (ch === "*" || ch === "?" || ch === "[") {
      fail(`the glob character "${ch}" (nothing is expanded: quote it to pass it literally)`)
    } else if (ch === "~" && word === "") {
      fail(`"~" (nothing is expanded: write the full path)`)
    } else if (ch === "#" && word === "") {
      fail(`"#" (a shell would read a comment here: quote it to pass it literally)`)
    } else {
      word += ch
      i++
    }
  }
  if (inWord) words.push(word)
  return words
}
