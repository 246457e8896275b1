import { createRequire } from "node:module"
import { defineConfig } from "vitest/config"

const require = createRequire(import.meta.url)

export default defineConfig({
  resolve: {
    alias: {
      // @effect/vitest 4.0.0-rc.112 (the last release for vitest 4) imports `effect/testing/FastCheck`, a re-export of
      // fast-check that effect 4.1 no longer ships; point it at fast-check itself.
      "effect/testing/FastCheck": require.resolve("fast-check"),
    },
  },
  test: {
    include: ["test/**/*.test.ts", "dialects/**/*.test.ts"],
    testTimeout: 30_000,
    // Inlined so the alias above applies to it (externalized dependencies bypass Vite's resolver).
    server: { deps: { inline: ["@effect/vitest"] } },
  },
})
