import { loadEngine } from "../../corpus/engine.js"
import type { DialectId } from "../../frontend/dialect.js"
import { ConfigError, parseConfig, parseServerFlag, type UpstreamSpec } from "../../mcp/gateway/config.js"
import { parse } from "../args.js"
import { readText, UsageError, type Io } from "../io.js"
import { resumeDir, resumeOptions } from "../resume-store.js"
import { loadTools, TOOL_OPTIONS } from "../tools.js"
import { timeoutFlag } from "./corpus.js"
import { HTTP_OPTIONS, httpFlags } from "./mcp-http.js"
import { isolationFlag, memoryFlag, quotaLimits, typecheckFlag } from "./run.js"

export { MCP_HELP } from "../help.js"

const OPTIONS = {
  ...TOOL_OPTIONS,
  config: { type: "string", multiple: true },
  server: { type: "string", multiple: true },
  dialect: { type: "string" },
  shape: { type: "string" },
  mode: { type: "string" },
  ...HTTP_OPTIONS,
  timeout: { type: "string" },
  memory: { type: "string" },
  isolation: { type: "string" },
  approve: { type: "string", multiple: true },
  defer: { type: "boolean" },
  "no-validate": { type: "boolean" },
  "per-tool": { type: "string", multiple: true },
  "max-repeats": { type: "string" },
  store: { type: "string" },
  typecheck: { type: "string" },
} as const

/** The upstreams of all `--config` files and `--server` flags; a name given twice is a usage error. */
const upstreamSpecs = (
  configs: ReadonlyArray<{ file: string; text: string }>,
  servers: ReadonlyArray<string>,
  local: { readonly [namespace: string]: unknown },
  warn: (line: string) => void,
): Array<UpstreamSpec> => {
  const specs: Array<UpstreamSpec> = []
  try {
    for (const { file, text } of configs) specs.push(...parseConfig(file, text, warn))
    for (const flag of servers) specs.push(parseServerFlag(flag))
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message)
    throw e
  }
  const seen = new Set<string>()
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new UsageError(`the server name "${spec.name}" is given twice`)
    if (Object.hasOwn(local, spec.name))
      throw new UsageError(`the server name "${spec.name}" is also a --tools/--openapi namespace`)
    seen.add(spec.name)
  }
  return specs
}

/** An `--approve` pattern must start with a namespace the gateway has (or be `*`): a typo must not leave a tool ungated. */
const checkApprove = (patterns: ReadonlyArray<string>, namespaces: ReadonlyArray<string>) => {
  for (const p of patterns)
    if (p !== "*" && !namespaces.includes(p.split(".")[0]!))
      throw new UsageError(`--approve ${p}: no such namespace (namespaces: ${namespaces.join(", ")})`)
}

/** `--mode code|passthrough|both` (docs/mcp.md "Passthrough"). */
const modeFlag = (text: string | undefined): "code" | "passthrough" | "both" | undefined => {
  if (text === undefined) return undefined
  if (text === "code" || text === "passthrough" || text === "both") return text
  throw new UsageError(`--mode must be code, passthrough or both, got "${text}"`)
}

/**
 * Each program's deadline: below the 60 s MCP clients wait by default for a request (the SDK's
 * DEFAULT_REQUEST_TIMEOUT_MSEC), so a runaway program ends in the gateway's TimeoutExceeded, which the client sees.
 */
export const DEFAULT_TIMEOUT_MS = 45_000

export const mcpCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  const { values, positionals } = parse(argv, OPTIONS, "mcp")
  if (positionals.length > 0) throw new UsageError(`mcp takes no positional argument (got "${positionals[0]}")`)
  if (!values.config?.length && !values.server?.length && !values.tools?.length && values.openapi === undefined)
    throw new UsageError("mcp needs upstreams: --config <mcp.json>, --server NAME=COMMAND|URL, --tools or --openapi")
  if (values.shape !== undefined && values.shape !== "cloudflare")
    throw new UsageError(`unknown --shape "${values.shape}" (known: cloudflare)`)
  if (values.shape !== undefined && values.openapi === undefined)
    throw new UsageError("--shape cloudflare needs --openapi <spec.json>: its tools search and call that document")
  const http = httpFlags(values, process.env)
  const timeoutMs = timeoutFlag(values.timeout) ?? DEFAULT_TIMEOUT_MS
  const maxMemoryBytes = memoryFlag(values.memory)
  const isolation = isolationFlag(values.isolation)
  const quotas = quotaLimits(values)
  const storeProblem =
    values.store === undefined
      ? undefined
      : (await import("../../mcp/gateway/store-flag.js")).checkStoreFlag(values.store)
  if (storeProblem !== undefined) throw new UsageError(storeProblem)
  const typecheck = typecheckFlag(values.typecheck)
  const mode = modeFlag(values.mode)
  if (values.shape !== undefined && mode !== undefined && mode !== "code")
    throw new UsageError(`--shape cloudflare serves its own search and execute; it does not take --mode ${mode}`)
  const configs: Array<{ file: string; text: string }> = []
  for (const file of values.config ?? []) configs.push({ file, text: await readText(io, file) })
  const local = await loadTools(io, values, "mcp")
  const approve = (values.approve ?? []).flatMap((f) => f.split(",")).map((p) => p.trim().replace(/^tools\./, ""))
  if (approve.some((p) => p === "")) throw new UsageError("--approve needs a tool name, a namespace or *")
  const upstreams = upstreamSpecs(configs, values.server ?? [], local, (line) => io.err(`codemode mcp: ${line}\n`))
  checkApprove(approve, [...upstreams.map((u) => u.name), ...Object.keys(local)])
  if (values.defer && approve.length === 0) throw new UsageError("--defer needs --approve NAME")
  // Deferred runs are decided by `codemode approvals`, which finds them through the resume directory's key and,
  // without --store, its journals (docs/resume.md "MCP gateway").
  const resume = values.defer ? await resumeOptions(resumeDir()) : undefined
  if (values.dialect !== undefined) {
    const known = ((io.engine ?? (await loadEngine())).frontend?.dialects ?? []).map((d) => d.id)
    if (!known.includes(values.dialect))
      throw new UsageError(`unknown dialect "${values.dialect}" (known: ${known.join(", ")})`)
  }
  // The MCP SDK is loaded only here, so every other command starts without it.
  const { runGateway } = await import("../../mcp/gateway/main.js")
  return runGateway(
    {
      upstreams,
      local,
      dialect: values.dialect as DialectId | undefined,
      ...(values.shape === "cloudflare" ? { shape: "cloudflare" as const } : {}),
      ...(mode === undefined ? {} : { mode }),
      timeoutMs,
      ...(maxMemoryBytes === undefined ? {} : { maxMemoryBytes }),
      isolation,
      quotas,
      approve,
      ...(resume === undefined ? {} : { defer: true, resumeKey: resume.resumeKey }),
      ...(resume !== undefined && values.store === undefined ? { storeObject: resume.store } : {}),
      validateInputs: values["no-validate"] !== true,
      ...(typecheck === undefined ? {} : { typecheck }),
      ...(http === undefined ? {} : { http }),
      ...(values.store === undefined ? {} : { store: values.store }),
    },
    io,
  )
}
