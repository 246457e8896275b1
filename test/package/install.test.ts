/**
 * The package as a user gets it: built, packed once, checked by publint and attw, installed into an empty project
 * with nothing but its declared dependencies (from the npm cache where it can), and every README example run from
 * that install — the TypeScript ones typechecked under `nodenext` and `bundler` resolution, run, and their printed
 * values compared with the README's comments; the shell ones run as written.
 *
 * The AI SDK example names a real provider (`@ai-sdk/openai`); the project gets a local package of that name whose
 * `openai()` is the AI SDK's own mock model playing a model that writes one program, so the example runs offline.
 */
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { builtinModules } from "node:module"
import { tmpdir } from "node:os"
import { join, posix, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { promisify } from "node:util"
import { runInNewContext } from "node:vm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readmeExamples } from "./readme.js"

const exec = promisify(execFile)
const root = resolve(import.meta.dirname, "../..")
const tsc = join(root, "node_modules/typescript/bin/tsc")
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  bin: Record<string, string>
  devDependencies: Record<string, string>
}
// The README's examples and those of docs/api.md, which holds the API the README only points to.
const examples = readmeExamples(
  ["README.md", "docs/api.md"].map((file) => readFileSync(join(root, file), "utf8")).join("\n"),
)

let work = ""
let tarball = ""
let shipped: string[] = []
let project = ""
/** Started as soon as the project is installed, so they run beside each other and beside the tests before them. */
let attwRun: Promise<string> = Promise.resolve("not started")
let typechecks: Promise<string> = Promise.resolve("not started")

const sh = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  exec(command, args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: "false" },
  })

/** Runs a command; on failure, the message carries its output (tsc and attw report on stdout). */
const check = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  sh(command, args, cwd).then(
    () => "ok",
    (e: { code?: number; stdout?: string; stderr?: string }) => `exit ${e.code}\n${e.stdout ?? ""}${e.stderr ?? ""}`,
  )

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "codemode-pack-"))
  // dist/ is current: `npm install` builds it, and vitest's global setup (test/setup/build.ts) rebuilds it if stale.
  const packed = await sh("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], root)
  const info = JSON.parse(packed.stdout)[0] as { filename: string; files: Array<{ path: string }> }
  tarball = join(work, info.filename)
  shipped = info.files.map((f) => f.path).sort()
  project = join(work, "project")
  mkdirSync(join(project, "provider"), { recursive: true })
  for (const [file, text] of Object.entries(PROVIDER)) writeFileSync(join(project, "provider", file), text)
  // The package, and what the README tells a user to add next to it: the optional `ai` peer and zod for the AI SDK
  // example (at the versions this repository tests, so the npm cache has them). `effect`, a required peer, is
  // npm's to install.
  const dependencies = {
    [manifest.name]: `file:${tarball}`,
    ai: manifest.devDependencies.ai,
    zod: manifest.devDependencies.zod,
    "@ai-sdk/openai": "file:./provider",
  }
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "readme-check", private: true, type: "module", dependencies }),
  )
  await sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], project)
  const attw = join(root, "node_modules/@arethetypeswrong/cli/dist/index.js")
  attwRun = check(
    process.execPath,
    [attw, tarball, "--profile", "esm-only", "--no-definitely-typed", "--no-emoji", "--no-color"],
    work,
  )
  const files = examples.ts.map((example) => {
    writeFileSync(join(project, `${example.name}.ts`), example.source)
    return `${example.name}.ts`
  })
  const configs = Object.entries(TSCONFIGS).map(([name, compilerOptions]) => {
    writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files }, null, 2))
    return `tsconfig.${name}.json`
  })
  // One tsc process builds both projects (`--build`): about 10 CPU-seconds, where a process each took 16. `--verbose`
  // names each project before its errors.
  typechecks = check(process.execPath, [tsc, "--build", "--verbose", ...configs], project)
}, 300_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe("the packed tarball", () => {
  it("ships the built library, its declarations and the documents, nothing else", () => {
    const allowed = [
      /^package\.json$/,
      /^README\.md$/,
      /^SECURITY\.md$/,
      /^LICENSE$/,
      /^docs\/[a-z0-9-]+\.md$/,
      /^dialects\/[a-z0-9]+\/README\.md$/,
      /^examples\/(toolsets|cases|programs)\/[a-z0-9-]+(\.case)?\.(json|js)$/,
      /^dist\/(src|dialects)\/.+\.(js|d\.ts)$/,
      // The executable and its sandbox, bundled (scripts/bundle.ts): two small entries, the CommonJS files they load
      // with the V8 code caches the build made for them, recast (loaded on demand), the bundled packages' licences.
      /^dist\/bin\/(codemode|sandbox)\.js$/,
      /^dist\/bin\/(cli|sandbox)\.cjs(\.cache)?$/,
      /^dist\/bin\/recast\.cjs$/,
      /^dist\/bin\/THIRD-PARTY-LICENSES\.txt$/,
    ]
    expect(shipped.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([])
    const needed = [
      ...["README.md", "SECURITY.md", "LICENSE", "docs/design.md", "dist/src/index.js"],
      ...["dist/bin/sandbox.js", "dist/bin/recast.cjs", "dist/bin/cli.cjs", "dist/bin/sandbox.cjs"],
      ...["dist/bin/cli.cjs.cache", "dist/bin/sandbox.cjs.cache"],
    ]
    for (const file of [...needed, "dist/bin/THIRD-PARTY-LICENSES.txt", manifest.bin.codemode.replace(/^\.\//, "")])
      expect(shipped).toContain(file)
    expect(shipped.filter((f) => /^dialects\/[a-z0-9]+\/README\.md$/.test(f)).length).toBeGreaterThanOrEqual(8)
  })

  it("is self-contained: relative imports resolve inside it, bare ones are declared dependencies", async () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)])
    const builtins = new Set(builtinModules)
    const files = new Set(shipped)
    const installed = join(project, "node_modules", manifest.name)
    const problems: string[] = []
    for (const file of shipped.filter((f) => f.endsWith(".js") || f.endsWith(".d.ts"))) {
      const text = readFileSync(join(installed, file), "utf8")
      if (/sourceMappingURL=/.test(text)) problems.push(`${file}: sourceMappingURL`)
      for (const match of text.matchAll(IMPORTS)) {
        // A JSDoc type in a bundled dependency's comment (`@param {import('./index.js').X}`) imports nothing.
        const line = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index)
        if (file.endsWith(".js") && /^\s*(\*|\/\/|\/\*)/.test(line)) continue
        const spec = (match[1] ?? match[2] ?? match[3])!
        if (spec.startsWith(".")) {
          const target = posix.normalize(posix.join(posix.dirname(file), spec))
          const candidates = file.endsWith(".d.ts") ? [target, target.replace(/\.js$/, ".d.ts")] : [target]
          if (!candidates.some((c) => files.has(c))) problems.push(`${file}: ${spec} is not shipped`)
        } else if (!spec.startsWith("node:") && !builtins.has(spec)) {
          const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!
          if (!declared.has(name)) problems.push(`${file}: ${name} is not a dependency`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it("is clean for publint (strict) and attw (ESM-only profile)", async () => {
    const { publint } = await import("publint")
    const { formatMessage } = await import("publint/utils")
    const pkgDir = join(project, "node_modules", manifest.name)
    const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"))
    const { messages } = await publint({ pkgDir, pack: false, strict: true })
    expect(messages.map((m) => formatMessage(m, pkg) ?? m.code)).toEqual([])
    expect(await attwRun).toBe("ok")
  }, 120_000)
})

describe("installed into an empty project", () => {
  it("brings its dependencies and the effect peer, none of its development tools", () => {
    const modules = join(project, "node_modules")
    for (const name of [manifest.name, "effect", ...Object.keys(manifest.dependencies)])
      expect(existsSync(join(modules, name, "package.json")), name).toBe(true)
    const installed = JSON.parse(readFileSync(join(modules, "effect", "package.json"), "utf8")) as { version: string }
    expect(installed.version.split(".")[0]).toBe(manifest.peerDependencies.effect!.replace(/^\^/, "").split(".")[0])
    const tools = ["vitest", "quickjs-emscripten", "fast-check", "prettier", "typescript", "publint"]
    expect(tools.filter((name) => existsSync(join(modules, name, "package.json")))).toEqual([])
  })

  it("the README has TypeScript examples with stated output and shell examples", () => {
    expect(examples.ts.length).toBeGreaterThanOrEqual(3)
    expect(examples.ts.flatMap((e) => e.expectations.filter((x) => x !== undefined)).length).toBeGreaterThan(3)
    expect(examples.shell.length).toBeGreaterThan(0)
  })

  it("typechecks every README TypeScript example under nodenext and bundler resolution", async () => {
    expect(Object.keys(TSCONFIGS)).toEqual(["nodenext", "bundler"])
    expect(await typechecks).toBe("ok")
  }, 120_000)

  it("runs every README TypeScript example and prints what its comments say", async () => {
    writeFileSync(join(project, "capture.mjs"), CAPTURE)
    await typechecks
    // One Node process imports the compiled examples one after another, each to its end (top-level await included),
    // and marks where each starts: a process each loaded the package and Effect again (about 1.4 CPU-seconds each).
    const outs = examples.ts.map((example) => {
      const out = join(project, "out", `${example.name}.js`)
      expect(existsSync(out), `${example.name} was compiled by the nodenext check`).toBe(true)
      return out
    })
    writeFileSync(join(project, "examples.mjs"), examplesRunner(outs))
    const { stdout } = await sh(process.execPath, ["--import", "./capture.mjs", "./examples.mjs"], project)
    const outputs = stdout.split(EXAMPLE).slice(1)
    expect(outputs.length, "every example ran").toBe(examples.ts.length)
    for (const [e, example] of examples.ts.entries()) {
      const printed = outputs[e]!.split("\n")
        .filter((line) => line.startsWith(MARK))
        .map((line) => JSON.parse(line.slice(MARK.length)) as unknown)
      expect(printed.length, `${example.name}: console.log calls`).toBe(example.expectations.length)
      example.expectations.forEach((comment, i) => {
        if (comment === undefined) return
        const expected = JSON.parse(JSON.stringify(runInNewContext(`[${comment}]`)))
        expect(printed[i], `${example.name}, console.log #${i + 1}`).toEqual(expected)
      })
    }
  }, 120_000)

  it("runs the README's shell examples as written", async () => {
    // npx finds the installed package's executable: shown once here; the scripts then call that executable the way
    // npx does (an npx start costs about a CPU-second, and the README has several lines).
    expect((await sh("npx", ["codemode", "--version"], project)).stdout).toContain(manifest.name)
    const viaBin = `npx() { if [ "$1" = codemode ]; then shift; node_modules/.bin/codemode "$@"; else command npx "$@"; fi; }\n`
    for (const script of examples.shell)
      expect(await check("bash", ["-euo", "pipefail", "-c", viaBin + script], project), script).toBe("ok")
    expect(readFileSync(join(project, "coverage.svg"), "utf8")).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    // No timing claim: seven CLI starts, and `codemode run` in its default low-priority sandbox, which waits for a
    // core on a loaded machine (it outgrew 120 s there).
  }, 300_000)
})

describe("in a project made by npm init -y (CommonJS), as the README's Install section says", () => {
  it("require() fails with Node's own code, and `npm pkg set type=module` makes the project work", async () => {
    const cjs = join(work, "cjs")
    mkdirSync(cjs)
    await sh("npm", ["init", "-y"], cjs)
    // The project installed above already holds the package and its peers: the same files, another package.json.
    symlinkSync(join(project, "node_modules"), join(cjs, "node_modules"), "dir")
    const required = await check(process.execPath, ["-e", `require(${JSON.stringify(manifest.name)})`], cjs)
    expect(required).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED/)
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain("npm pkg set type=module")
    await sh("npm", ["pkg", "set", "type=module"], cjs)
    writeFileSync(
      join(cjs, "index.js"),
      `import { CodeMode } from ${JSON.stringify(manifest.name)}\nimport { Effect } from "effect"\n` +
        `const result = await Effect.runPromise(CodeMode.make({}).execute("return 6 * 7"))\nconsole.log(JSON.stringify(result))\n`,
    )
    const { stdout } = await sh(process.execPath, ["index.js"], cjs)
    expect(JSON.parse(stdout)).toEqual({ ok: true, value: 42, toolCalls: [] })
  }, 120_000)
})

/** Static imports and re-exports, side-effect imports, and `import("…")` (dynamic, or a type in a declaration). */
const IMPORTS =
  /^(?:import|export)\s[^;]*?\sfrom\s*["']([^"'\n]+)["']|^import\s*["']([^"'\n]+)["']|\bimport\(\s*["']([^"'\n]+)["']\s*\)/gm

const MARK = "\u0000console.log "
const EXAMPLE = "\u0000example\n"
/** Imports each compiled example in turn, printing EXAMPLE before each. */
const examplesRunner = (outs: ReadonlyArray<string>) =>
  outs
    .map(
      (out) =>
        `process.stdout.write(${JSON.stringify(EXAMPLE)})\nawait import(${JSON.stringify(pathToFileURL(out).href)})\n`,
    )
    .join("")

/** Loaded with --import: console.log also writes its arguments as JSON on a marked line, for comparison. */
const CAPTURE = `const log = console.log
console.log = (...args) => { log(...args); process.stdout.write(${JSON.stringify(MARK)} + JSON.stringify(args) + "\\n") }
`

const common = {
  target: "ES2022",
  lib: ["ES2023"],
  strict: true,
  skipLibCheck: true,
  types: ["node"],
  typeRoots: [join(root, "node_modules/@types")],
}

const TSCONFIGS: Record<string, object> = {
  nodenext: { ...common, module: "nodenext", moduleResolution: "nodenext", outDir: "out" },
  bundler: { ...common, module: "esnext", moduleResolution: "bundler", noEmit: true },
}

/** The stand-in for `@ai-sdk/openai`: the AI SDK's mock model writes one program, then answers from its Result. */
const PROVIDER: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "@ai-sdk/openai",
    version: "0.0.0",
    type: "module",
    exports: { ".": { types: "./index.d.ts", import: "./index.js" } },
  }),
  "index.d.ts": `import type { LanguageModel } from "ai"\nexport declare const openai: (modelId: string) => LanguageModel\n`,
  "index.js": `import { MockLanguageModelV4 } from "ai/test"
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}
const program = 'const [p, o] = await Promise.all([tools.weather.get({ city: "Paris" }), tools.weather.get({ city: "Oslo" })])\\n' +
  'return p.degrees > o.degrees ? p.city : o.city'
export const openai = () => {
  let step = 0
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      step++
      if (step === 1)
        return {
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "codemode", input: JSON.stringify({ code: program }) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        }
      const result = prompt.flatMap((m) => (m.role === "tool" ? m.content : [])).find((p) => p.type === "tool-result")
      // The model reads the compact text: the value as JSON on its first line (docs/model-output.md).
      const text = result.output.value
      let value
      try {
        value = JSON.parse(text.split("\\n")[0])
      } catch {
        throw new Error("the README's AI SDK example: the program failed: " + text)
      }
      return {
        content: [{ type: "text", text: value + " is warmer." }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
}
`,
}
