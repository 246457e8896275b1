/** The median and the 99th percentile (nearest rank: the slowest sample below 100 runs) of one measurement, ms. */
export interface Timing {
  readonly p50: number
  readonly p99: number
}

/** Wall times (ms) of `fn` over `runs` runs after `warmup` runs. Benchmarks print numbers; tests never time. */
export const timing = async (fn: () => unknown, runs: number, warmup = 2): Promise<Timing> => {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return { p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.ceil(samples.length * 0.99) - 1]! }
}

/** Median wall time (ms) of `fn` over `runs` runs after `warmup` runs. */
export const median = async (fn: () => unknown, runs: number, warmup = 2): Promise<number> =>
  (await timing(fn, runs, warmup)).p50

/** One printed row: a workload and its median per engine (undefined: not measured on that engine). */
export interface Row {
  readonly id: string
  readonly label: string
  readonly ours: number | undefined
  readonly quickjs: number | undefined
  readonly v8: number | undefined
  /** Divide every time by this to print a per-unit figure (e.g. µs per call); default: ms per run. */
  readonly unit?: { readonly per: number; readonly name: string } | undefined
  readonly note?: string | undefined
  /** The 99th percentile per engine, printed after the median when measured. */
  readonly p99?: {
    readonly ours?: number | undefined
    readonly quickjs?: number | undefined
    readonly v8?: number | undefined
  }
}

/** A row's engine columns from timings: medians in the main columns, 99th percentiles beside them. */
export const timed = (
  ours: Timing | undefined,
  quickjs: Timing | undefined,
  v8: Timing | undefined,
): Pick<Row, "ours" | "quickjs" | "v8" | "p99"> => ({
  ours: ours?.p50,
  quickjs: quickjs?.p50,
  v8: v8?.p50,
  p99: { ours: ours?.p99, quickjs: quickjs?.p99, v8: v8?.p99 },
})

const cell = (ms: number | undefined, row: Row): string => {
  if (ms === undefined) return "—"
  if (row.unit) return `${((ms * 1000) / row.unit.per).toFixed(2)} µs/${row.unit.name}`
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`
}

const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || b === 0 ? "—" : `${(a / b).toFixed(2)}×`

/** The columns of a row table: per engine the median and the 99th percentile, then the ratios of the medians. */
export const ROW_HEADER: ReadonlyArray<string> = [
  "workload",
  "ours p50",
  "p99",
  "QuickJS-wasm p50",
  "p99",
  "V8 (node:vm) p50",
  "p99",
  "ours/QuickJS",
  "ours/V8",
  "note",
]

const p99 = (ms: number | undefined, median: number | undefined, row: Row) =>
  ms === undefined ? (median === undefined ? "" : "—") : cell(ms, row)

/** One row's cells under ROW_HEADER (ratios below 1× mean ours is faster). */
export const rowCells = (r: Row): string[] => [
  `${r.id} ${r.label}`,
  cell(r.ours, r),
  p99(r.p99?.ours, r.ours, r),
  cell(r.quickjs, r),
  p99(r.p99?.quickjs, r.quickjs, r),
  cell(r.v8, r),
  p99(r.p99?.v8, r.v8, r),
  ratio(r.ours, r.quickjs),
  ratio(r.ours, r.v8),
  r.note ?? "",
]

/** Renders rows as a fixed-width table (ROW_HEADER's columns). */
export const table = (rows: ReadonlyArray<Row>): string => textTable(ROW_HEADER, rows.map(rowCells))

/** Left-aligned columns two spaces apart, a dashed rule under the header (the bench's and the warm-up curve's). */
export const textTable = (header: ReadonlyArray<string>, body: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd()
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n")
}
