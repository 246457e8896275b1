/** Pure workloads, the same source for every engine (each an async-function body returning a value). */
export const W1 = `let s = 0; for (let i = 0; i < 100000; i++) s += i; return s`

export const W2 = `function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
return fib(20)`

export const W3 = `const items = []
for (let i = 0; i < 10000; i++) items.push({ id: i, name: "item" + i, price: i % 97, tags: i % 3 === 0 ? ["a"] : [] })
const total = items
  .filter((x) => x.price > 10 && x.tags.length === 0)
  .map((x) => ({ id: x.id, cost: x.price * 2 }))
  .reduce((sum, x) => sum + x.cost, 0)
return total`

/** W4: 1,000 sequential awaited calls of a trivial tool. */
export const W4 = `let s = 0
for (let i = 0; i < 1000; i++) s += (await tools.bench.inc({ n: i })).n
return s`

/** W5: 1,000 calls through Promise.all. */
export const W5 = `const xs = await Promise.all(Array.from({ length: 1000 }, (_, i) => tools.bench.inc({ n: i })))
return xs.reduce((s, x) => s + x.n, 0)`

/** W6: a realistic orchestration program (~60 lines): fan-out, joins, grouping, formatting, error handling. */
export const W6 = `// Find open orders for active customers, price them, and summarise by region.
const customers = await tools.shop.listCustomers({ active: true })
const byId = new Map()
for (const c of customers) byId.set(c.id, c)

const pages = await Promise.all([0, 1, 2, 3].map((page) => tools.shop.listOrders({ page, status: "open" })))
const orders = pages.flat().filter((o) => byId.has(o.customerId))

const skus = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.sku)))]
const prices = await Promise.all(skus.map((sku) => tools.shop.price({ sku })))
const priceOf = Object.fromEntries(prices.map((p) => [p.sku, p.amount]))

const failures = []
const enriched = []
for (const order of orders) {
  let total = 0
  for (const line of order.lines) {
    const unit = priceOf[line.sku]
    if (unit === undefined) {
      failures.push({ order: order.id, sku: line.sku })
      continue
    }
    total += unit * line.qty
  }
  const customer = byId.get(order.customerId)
  enriched.push({
    id: order.id,
    region: customer.region,
    customer: customer.name,
    total: Math.round(total * 100) / 100,
    large: total > 500,
  })
}

const regions = {}
for (const o of enriched) {
  const r = regions[o.region] ?? (regions[o.region] = { region: o.region, orders: 0, revenue: 0, large: [] })
  r.orders += 1
  r.revenue += o.total
  if (o.large) r.large.push(o.id)
}

const summary = Object.values(regions)
  .map((r) => ({ ...r, revenue: Math.round(r.revenue), average: Math.round(r.revenue / r.orders) }))
  .sort((a, b) => b.revenue - a.revenue || a.region.localeCompare(b.region))

let flagged = 0
try {
  const check = await tools.shop.audit({ ids: summary.flatMap((r) => r.large).slice(0, 20) })
  flagged = check.flagged.length
} catch (e) {
  console.log("audit failed: " + e.message)
}

const top = summary.slice(0, 3).map((r) => \`\${r.region}: \${r.orders} orders, \${r.revenue} revenue\`)
console.log(top.join("; "))
return {
  regions: summary.length,
  orders: enriched.length,
  failures: failures.length,
  flagged,
  top,
  largest: enriched.reduce((a, b) => (b.total > a.total ? b : a), enriched[0]).id,
}`

/** W6's tools as pure JavaScript, shared by every engine (host tools for ours, in-guest functions for anchors). */
export const W6_TOOLS_JS = `({
  listCustomers: async ({ active }) =>
    Array.from({ length: 60 }, (_, i) => ({ id: "c" + i, name: "Customer " + i, region: ["eu", "us", "apac", "latam"][i % 4], active: i % 5 !== 0 })).filter((c) => c.active === active),
  listOrders: async ({ page }) =>
    Array.from({ length: 25 }, (_, i) => ({ id: "o" + (page * 25 + i), customerId: "c" + ((page * 25 + i) % 70), status: "open", lines: [{ sku: "s" + (i % 12), qty: 1 + (i % 4) }, { sku: "s" + ((i * 7) % 15), qty: 2 }] })),
  price: async ({ sku }) => ({ sku, amount: sku === "s13" ? undefined : 10 + Number(sku.slice(1)) * 7.5 }),
  audit: async ({ ids }) => ({ flagged: ids.filter((id, i) => i % 3 === 0) }),
})`
