import { spawn, type ChildProcess } from "node:child_process"
import { existsSync } from "node:fs"
import { createServer } from "node:net"

export const REDIS_SERVER = "/usr/bin/redis-server"
export const haveRedis = existsSync(REDIS_SERVER)

/** A loopback port nothing listens on now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export interface RunningRedis {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** A redis-server of the test's own on a free loopback port, with nothing persisted; `stop` kills it. */
export const startRedis = async (): Promise<RunningRedis> => {
  const port = await freePort()
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ""
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000)
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGKILL")
      }),
  }
}

/** Says in the test output why the Redis tests are skipped (only when the binary is absent). */
export const skipNotice = (): void => {
  if (!haveRedis) console.warn(`SKIPPED: Redis tests need ${REDIS_SERVER} (apt-get install redis-server).`)
}
