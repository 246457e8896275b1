/**
 * The README's examples, as the install test runs them. Each ```ts block is a module. A `console.log(…)` statement
 * on one line is followed by `//` comment lines stating what it prints, as a JavaScript list of the logged values;
 * one that ends in its own `// comment` instead prints something that is not fixed (a model's answer) and is run
 * but not compared. Each ```sh block that calls `npx codemode` is a script run in a project that installed the
 * package.
 */
export interface TsExample {
  readonly name: string
  readonly source: string
  /** Per `console.log` statement, in source order: a JavaScript list of the values it prints, or undefined. */
  readonly expectations: ReadonlyArray<string | undefined>
}

export interface ReadmeExamples {
  readonly ts: ReadonlyArray<TsExample>
  readonly shell: ReadonlyArray<string>
}

const FENCE = /^(`{3,}|~{3,})([a-z]*)\n([\s\S]*?)\n\1$/gm

export const readmeExamples = (markdown: string): ReadmeExamples => {
  const ts: TsExample[] = []
  const shell: string[] = []
  for (const [, , lang, body] of markdown.matchAll(FENCE)) {
    if (lang === "ts") ts.push({ name: `example-${ts.length + 1}`, source: body!, expectations: expectations(body!) })
    if (lang === "sh" && /^npx codemode /m.test(body!)) shell.push(body!)
  }
  return { ts, shell }
}

const expectations = (source: string): Array<string | undefined> => {
  const lines = source.split("\n")
  const found: Array<string | undefined> = []
  lines.forEach((line, i) => {
    const statement = /^\s*console\.log\(.*\)\s*(\/\/.*)?$/.exec(line)
    if (statement === null) return
    if (statement[1] !== undefined) return void found.push(undefined)
    const comment: string[] = []
    for (let j = i + 1; j < lines.length && /^\s*\/\//.test(lines[j]!); j++)
      comment.push(lines[j]!.replace(/^\s*\/\/ ?/, ""))
    if (comment.length === 0) throw new Error(`README example: "${line.trim()}" has no comment saying what it prints`)
    found.push(comment.join("\n"))
  })
  return found
}
