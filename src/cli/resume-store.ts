import { randomBytes } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import { join } from "node:path"
import type { Store } from "../store/store.js"

/**
 * Where `codemode run --defer` keeps deferred runs and `codemode resume` finds them (docs/resume.md "Command line"):
 * `$CODEMODE_RESUME_DIR`, else `$XDG_STATE_HOME/codemode/resume`, else `~/.local/state/codemode/resume`.
 */
export const resumeDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env["CODEMODE_RESUME_DIR"] || join(env["XDG_STATE_HOME"] || join(homedir(), ".local", "state"), "codemode", "resume")

/**
 * The file store and the signing key of that directory: the key is made on first use (32 random bytes, a file only
 * its owner can read), so tokens printed by one `codemode run` resume in any later process of the same user.
 */
export const resumeOptions = async (dir: string): Promise<{ store: Store; resumeKey: Uint8Array }> => {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const keyFile = join(dir, "resume.key")
  let key: Buffer
  try {
    key = Buffer.from((await readFile(keyFile, "utf8")).trim(), "hex")
  } catch {
    key = randomBytes(32)
    try {
      await writeFile(keyFile, key.toString("hex"), { mode: 0o600, flag: "wx" })
    } catch {
      // Another process made it first: use that one.
      key = Buffer.from((await readFile(keyFile, "utf8")).trim(), "hex")
    }
  }
  const { file } = await import("../store/file.js")
  return { store: file(join(dir, "journals")), resumeKey: key }
}
