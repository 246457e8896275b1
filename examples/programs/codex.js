// @exec: {"yield_time_ms": 2000}
const open = await tools.orders_list({ status: "open" })
const names = []
for (const id of new Set(open.map((o) => o.customerId))) names.push((await tools.customers_get({ id })).name)
text(names.sort())
