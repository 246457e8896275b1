// Which tool calls need approval, and how a call is shown to whoever approves it: shared by `codemode run --approve`
// (src/cli) and the gateway's `--approve` (src/mcp), so neither imports the other.

/** Whether `name` (a canonical dotted tool path) is covered by one of the `--approve` patterns. */
export const covered = (patterns: ReadonlyArray<string>, name: string): boolean =>
  patterns.some((p) => p === "*" || p === name || name.startsWith(`${p}.`))

const MAX_SHOWN = 500

/** `tools.repo.write({"path":"a"})`, the input cut at 500 characters with the cut said. */
export const describeCall = (name: string, input: unknown): string => {
  let text: string
  try {
    text = JSON.stringify(input) ?? "undefined"
  } catch {
    text = "<input not printable as JSON>"
  }
  if (text.length > MAX_SHOWN) text = `${text.slice(0, MAX_SHOWN)}… (${text.length - MAX_SHOWN} more characters)`
  return `tools.${name}(${text})`
}
