/** A mistake in how the command was called: one line on stderr, exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError"
}
