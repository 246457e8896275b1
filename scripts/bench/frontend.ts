import type { Row } from "./measure.js"

/**
 * Slot for the frontend's rows ("normalize time per dialect"): return one Row per dialect with `ours` set to the
 * median normalize time and the anchors left undefined. Registered in scripts/bench.ts; empty until it lands.
 */
export const frontendRows = async (): Promise<ReadonlyArray<Row>> => []
