/**
 * Fuzzing configuration for `npm test` (issue 9 item 4): a pinned seed, so CI is deterministic and a failure
 * replays exactly (FUZZ_SEED overrides it; `npm run fuzz` draws a random one). FUZZ_SCALE multiplies the counts for
 * local experiments.
 */
export const SEED = Number(process.env.FUZZ_SEED ?? "20261129")
const SCALE = Number(process.env.FUZZ_SCALE ?? "1")
export const count = (n: number): number => Math.max(1, Math.round(n * SCALE))
/** Per-file vitest timeout: generous, the counts are sized for about a minute per file on an idle 2-core box. */
export const FILE_TIMEOUT_MS = 600_000
