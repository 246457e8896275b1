import { createRequire } from "node:module"
import { defineConfig } from "vitest/config"

const require = createRequire(import.meta.url)

// Files that measure their own process (retained heap after full GCs, V8's allocation feedback, active handles) or
// push it to its memory limits: each runs in a fresh worker. Everything else shares workers (docs/testing.md).
const OWN_PROCESS = [
  "test/security/memory-calibration.test.ts",
  "test/security/memory-caps.test.ts",
  "test/security/memory-budget.test.ts",
  "test/security/bombs.test.ts",
  "test/fuzz/reliability.test.ts",
]

// The fuzz properties judge the whole process (its unhandled rejections, its globals, its timers). In a worker shared
// with the other suites, confinement and determinism failed, termination hung and one parser quarter ran 40× slower
// (cause not yet found); in workers of their own, shared only with each other, all pass at their usual CPU per
// program, and the module graph loads twice instead of once per file (87 → 59 CPU-seconds for test/fuzz).
const FUZZ = ["test/fuzz/*.test.ts"]

export default defineConfig({
  resolve: {
    alias: {
      // @effect/vitest 4.0.0-rc.112 (the last release for vitest 4) imports `effect/testing/FastCheck`, a re-export of
      // fast-check that effect 4.1 no longer ships; point it at fast-check itself.
      "effect/testing/FastCheck": require.resolve("fast-check"),
    },
  },
  test: {
    testTimeout: 30_000,
    // Hooks start sandboxes, servers and installs: on a loaded 2-core machine 10 s (the default) is not enough.
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: 2,
    // Inlined so the alias above applies to it (externalized dependencies bypass Vite's resolver).
    server: { deps: { inline: ["@effect/vitest"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts", "dialects/**/*.test.ts"],
          exclude: [...OWN_PROCESS, ...FUZZ],
          // Test files share a worker and its module cache: the runtime, Effect and acorn load once per worker
          // instead of once per file (import time was a third of the suite). A file must not leave global state
          // behind that another file could see (globals, process listeners, environment variables).
          isolate: false,
          // Builds dist/ once if a source is newer than the last build: suites here run the built package.
          globalSetup: ["test/setup/build.ts"],
          // Fails a file that leaves a stand-in interpreter installed for the files after it.
          setupFiles: ["test/setup/interpreter.ts"],
        },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS, isolate: true } },
      { extends: true, test: { name: "fuzz", include: FUZZ, exclude: OWN_PROCESS, isolate: false } },
    ],
  },
})
