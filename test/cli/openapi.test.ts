import { createServer, type Server } from "node:http"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { writeCorpus } from "../corpus/helpers.js"
import { runCli } from "./capture.js"

/** `codemode run --openapi`: the real runtime against a local HTTP server, so no network is needed. */
let server: Server
let baseUrl = ""
const dir = writeCorpus({})
const spec = join(dir, "spec.json")

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json")
    res.end(JSON.stringify({ path: req.url, greeting: "hi" }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
  writeFileSync(
    spec,
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "http://unreachable.invalid" }],
      paths: {
        "/hello/{name}": {
          get: {
            operationId: "hello.get",
            parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
            responses: {
              "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } },
            },
          },
        },
      },
    }),
  )
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const cli = (argv: string[], stdin: string) => runCli(argv, { stdin })

describe("codemode run --openapi", () => {
  it("exposes the operations under --namespace and calls --base-url", async () => {
    const program = "return await tools.petstore.hello.get({ name: 'ada' })"
    const r = await cli(["run", "--openapi", spec, "--base-url", baseUrl, "--namespace", "petstore", "--json"], program)
    expect(r.stderr).toBe("")
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, value: { path: "/hello/ada", greeting: "hi" } })
    expect(r.status).toBe(0)
  })

  it("reports a spec that is not JSON as a usage error", async () => {
    const bad = join(dir, "bad.json")
    writeFileSync(bad, "openapi: 3.0.0")
    const r = await cli(["run", "--openapi", bad], "return 1")
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/^codemode run: OpenAPI document .*bad\.json is not valid JSON/)
  })
})
