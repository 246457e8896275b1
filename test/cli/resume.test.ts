import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * `codemode run --approve NAME --defer` then `codemode resume TOKEN` in two fresh processes of the built executable,
 * sharing only the resume directory (file store and key). The tools are an OpenAPI spec over a local HTTP server that
 * counts every request it serves: the side-effect counter that proves a journaled call is not made again.
 */
const run = promisify(execFile)
const BIN = join(process.cwd(), "dist/bin/codemode.js")
const dir = mkdtempSync(join(tmpdir(), "codemode-resume-"))
const spec = join(dir, "spec.json")
const hits: Record<string, number> = {}
let server: Server
let baseUrl = ""

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`
    hits[key] = (hits[key] ?? 0) + 1
    res.setHeader("content-type", "application/json")
    const id = req.url!.split("/").pop()
    res.end(JSON.stringify(req.method === "PUT" ? { stored: id } : { id, seen: hits[key] }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
  const op = (operationId: string) => ({
    operationId,
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
  })
  writeFileSync(
    spec,
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "items", version: "1" },
      paths: { "/items/{id}": { get: op("item.get"), put: op("item.put") } },
    }),
  )
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const codemode = async (args: string[], stdin?: string) => {
  const child = run(process.execPath, [BIN, ...args], {
    env: { ...process.env, CODEMODE_RESUME_DIR: join(dir, "state") },
    timeout: 60_000,
  })
  if (stdin !== undefined) child.child.stdin!.end(stdin)
  try {
    const { stdout, stderr } = await child
    return { status: 0, stdout, stderr }
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string }
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const tools = () => ["--openapi", spec, "--base-url", baseUrl, "--namespace", "api"]

describe("codemode run --defer / codemode resume", () => {
  it("a fresh process resumes the deferred run; the journaled request is not sent again; a token works once", async () => {
    const program = `const a = await tools.api.item.get({ id: "a" })
const w = await tools.api.item.put({ id: a.id })
const b = await tools.api.item.get({ id: "b" })
return { a, w, b }`
    const first = await codemode(
      ["run", ...tools(), "--approve", "api.item.put", "--defer", "--isolation", "none", "--json"],
      program,
    )
    expect(first.status, first.stderr).toBe(3)
    const pending = JSON.parse(first.stdout)
    expect(pending.error).toMatchObject({
      kind: "ApprovalPending",
      pending: { name: "api.item.put", index: 1, input: { id: "a" } },
    })
    expect(hits).toEqual({ "GET /items/a": 1 })

    const resumed = await codemode(["resume", pending.error.resumeToken, "--allow", ...tools(), "--json"])
    expect(resumed.status, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      ok: true,
      value: { a: { id: "a", seen: 1 }, w: { stored: "a" }, b: { id: "b", seen: 1 } },
    })
    expect(hits).toEqual({ "GET /items/a": 1, "PUT /items/a": 1, "GET /items/b": 1 })

    const again = await codemode(["resume", pending.error.resumeToken, "--deny", "--reason", "late", ...tools()])
    expect(again.status).toBe(1)
    expect(again.stdout).toContain("ResumeTokenUsed")
    expect(hits).toEqual({ "GET /items/a": 1, "PUT /items/a": 1, "GET /items/b": 1 })
  }, 120_000)

  it("the text output prints the token and the command that continues the run", async () => {
    const r = await codemode(
      ["run", ...tools(), "--approve", "api.item.put", "--defer", "--isolation", "none"],
      `return await tools.api.item.put({ id: "z" })`,
    )
    expect(r.status).toBe(3)
    expect(r.stdout).toMatch(/^resume token: cmr1\.\S+$/m)
    expect(r.stdout).toMatch(/^continue with: codemode resume cmr1\.\S+ --allow/m)
    const usage = await codemode(["resume", "cmr1.x.y"])
    expect(usage.status).toBe(2)
    expect(usage.stderr).toContain("exactly one of --allow and --deny")
  }, 120_000)
})
