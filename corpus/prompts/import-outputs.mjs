// Turns collected raw model outputs into corpus cases (docs/corpus-format.md). Usage:
//   node corpus/prompts/import-outputs.mjs <collect-dir> <system> [--model "<model text>"]
// <collect-dir>/<system>/out/<task-id>.txt holds exactly what the model emitted for that task's brief. The text is
// stored as the case input byte for byte in value: a JSON object/array when the system's tool takes JSON arguments
// and the text parses as JSON, otherwise the raw string (freeform tools, chat replies, malformed JSON).
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from "node:fs"
import { join, dirname } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const corpus = join(here, "..")
const [collectDir, system, ...rest] = process.argv.slice(2)
if (!collectDir || !system) {
  console.error("usage: import-outputs.mjs <collect-dir> <system> [--model text]")
  process.exit(2)
}
const modelIndex = rest.indexOf("--model")
const model = modelIndex >= 0 ? rest[modelIndex + 1] : "unknown"
const tasks = new Map(JSON.parse(readFileSync(join(corpus, "tasks.json"), "utf8")).map((t) => [t.id, t]))
const freeform = new Set(["codex", "chat"])
const dialect = system === "chat" || system === "json-calls" ? "opencode" : system
const outDir = join(collectDir, system, "out")
const caseDir = join(corpus, system)
mkdirSync(caseDir, { recursive: true })

const parseInput = (text) => {
  if (freeform.has(system)) return text
  try {
    const value = JSON.parse(text)
    return typeof value === "object" && value !== null ? value : text
  } catch {
    return text
  }
}

let written = 0
for (const file of readdirSync(outDir).sort()) {
  if (!file.endsWith(".txt")) continue
  const taskId = file.slice(0, -4)
  const task = tasks.get(taskId)
  if (!task) throw new Error(`${file}: no task ${taskId} in tasks.json`)
  // A second turn exists when the model first called an outer discovery tool (TanStack `discover_tools`): the first
  // call was answered from the system's full catalog and the case records the model's next call (prompts/README.md).
  const second = join(collectDir, system, "out2", file)
  const twoTurns = existsSync(second)
  const raw = readFileSync(twoTurns ? second : join(outDir, file), "utf8")
  const firstTurn = twoTurns ? readFileSync(join(outDir, file), "utf8").trim() : undefined
  const expect = { ...task.expect }
  // A JSON call list returns every result (docs/dialects.md#json-programs): only the calls are comparable.
  if (system === "json-calls") delete expect.value
  const id = `${system}-${taskId}`
  const target = join(caseDir, `${taskId}.case.json`)
  if (existsSync(target)) continue // never overwrite a stored output
  const kase = {
    id,
    dialect,
    toolset: task.toolset,
    task: task.task,
    source: {
      kind: "model-output",
      model,
      notes:
        `Collected 2026-11-29: a helper agent played the model behind "${system}", shown only the model-visible ` +
        `part of corpus/prompts/${system}.md with catalog corpus/prompts/catalogs/${dialect === system ? system : "opencode"}/${task.catalog}.md ` +
        `and the task as the user message; its tool-call arguments are stored as emitted.` +
        (firstTurn
          ? ` Two turns: the model first called the outer discovery tool with ${firstTurn}, answered from the ` +
            `system's full catalog; this is its next call.`
          : ""),
    },
    input: parseInput(raw),
    expect,
  }
  writeFileSync(target, JSON.stringify(kase, null, 2) + "\n")
  written++
}
console.log(`${system}: ${written} cases written to ${caseDir}`)
