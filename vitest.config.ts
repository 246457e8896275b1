import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "dialects/**/*.test.ts"],
    testTimeout: 30_000,
  },
})
