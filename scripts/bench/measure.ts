/** Median wall time (ms) of `fn` over `runs` runs after `warmup` runs. Benchmarks print numbers; tests never time. */
export const median = async (fn: () => unknown, runs: number, warmup = 2): Promise<number> => {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]!
}

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
}

const cell = (ms: number | undefined, row: Row): string => {
  if (ms === undefined) return "—"
  if (row.unit) return `${((ms * 1000) / row.unit.per).toFixed(2)} µs/${row.unit.name}`
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`
}

const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || b === 0 ? "—" : `${(a / b).toFixed(2)}×`

/** Renders rows as a fixed-width table: medians, then ours/QuickJS and ours/V8 (below 1× means ours is faster). */
export const table = (rows: ReadonlyArray<Row>): string => {
  const header = ["workload", "ours", "QuickJS-wasm", "V8 (node:vm)", "ours/QuickJS", "ours/V8", "note"]
  const body = rows.map((r) => [
    `${r.id} ${r.label}`,
    cell(r.ours, r),
    cell(r.quickjs, r),
    cell(r.v8, r),
    ratio(r.ours, r.quickjs),
    ratio(r.ours, r.v8),
    r.note ?? "",
  ])
  return textTable(header, body)
}

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
