/** Callbacks that await (JS semantics: an async callback yields promises) and for await…of over promise arrays. */
export default {
  "async-map-all": "const r = await Promise.all([1, 2, 3].map(async x => x * 2)); return r",
  "async-map-promises":
    "const ps = [1, 2].map(async x => x); return [ps.length, ps[0] instanceof Promise, await ps[1]]",
  "async-map-await-inside":
    "const f = async x => { await null; return x + 1 }; return await Promise.all([1, 2].map(async x => await f(x)))",
  "async-map-concurrent-order":
    "const log = []; const f = async (x) => { log.push('start' + x); await null; log.push('end' + x); return x }; await Promise.all([1, 2].map(f)); return log",
  "async-forEach":
    "const out = []; [1, 2].forEach(async x => { await null; out.push(x) }); await null; await null; return out",
  "async-filter-truthy": "const r = [1, 2, 3].filter(async x => x > 1); return r.length",
  "async-filter-pattern":
    "const xs = [1, 2, 3, 4]; const keep = await Promise.all(xs.map(async x => x % 2 === 0)); return xs.filter((_, i) => keep[i])",
  "async-reduce-chain": "const r = await [1, 2, 3].reduce(async (acc, x) => (await acc) + x, 0); return r",
  "async-reduce-sequential":
    "const log = []; await [1, 2, 3].reduce(async (p, x) => { await p; log.push(x) }, Promise.resolve()); return log",
  "async-find": "const r = [1, 2].find(async x => x === 2); return r",
  "async-some": "return [[0].some(async x => false), [1].every(async x => false)]",
  "async-flatMap": "const r = await Promise.all([1, 2].flatMap(async x => [x, x])); return r",
  "async-sort-comparator": "return [3, 1, 2].sort(async (a, b) => a - b)",
  "async-Array-from": "return await Promise.all(Array.from([1, 2], async x => x * 3))",
  "async-map-forEach": "const out = []; new Map([['a', 1]]).forEach(async (v, k) => { out.push(k) }); return out",
  "async-set-forEach":
    "const out = []; new Set([1, 2]).forEach(async v => { await null; out.push(v) }); await null; await null; return out",
  "async-Promise-allSettled":
    "const r = await Promise.allSettled([1, Promise.resolve(2), Promise.reject(new Error('x'))]); return r.map(x => x.status + ':' + (x.value ?? x.reason.message))",
  "async-Promise-race": "return await Promise.race([Promise.resolve('a'), 'b'])",
  "async-Promise-any": "return await Promise.any([Promise.reject(new Error('no')), Promise.resolve('yes')])",
  "async-Promise-resolve": "return [await Promise.resolve(5), await 6]",
  "async-Promise-reject": "try { await Promise.reject(new TypeError('t')) } catch (e) { return e.name }",
  "for-await-promises":
    "const out = []; for await (const x of [Promise.resolve(1), 2, Promise.resolve(3)]) out.push(x); return out",
  "for-await-async-map": "let s = 0; for await (const v of [1, 2, 3].map(async x => x * 10)) s += v; return s",
  "for-await-rejection":
    "try { for await (const x of [Promise.reject(new RangeError('r'))]) {} } catch (e) { return e.name }",
  "async-iife": "return await (async () => { await null; return 'done' })()",
  "async-function-decl": "async function f(x) { return x * 2 } return [await f(2), f(1) instanceof Promise]",
  "async-sequential-loop":
    "const out = []; for (const x of [3, 1, 2]) { out.push(await Promise.resolve(x)) } return out",
  "async-throw-in-map":
    "try { await Promise.all([1, 2].map(async x => { if (x === 2) throw new RangeError('bad'); return x })) } catch (e) { return [e.name, e.message] }",
  "async-await-nonpromise": "return [await 1, await 'x', await null]",
  "async-nested-all": "return await Promise.all([Promise.all([1, 2]), Promise.resolve([3])])",
  "async-timing-microtask":
    "const log = []; const p = (async () => { log.push(1); await null; log.push(3) })(); log.push(2); await p; return log",
  "async-json-reviver-promise": "const r = JSON.parse('[1]', (k, v) => v); return r",
  "async-replace-await": "return await 'a-b'.replace(/\\w/g, async (m) => { await null; return m.toUpperCase() })",
  "async-replace-sequential":
    "const log = []; const r = await 'xy'.replaceAll(/./g, async (m, off) => { log.push('start' + m); await null; log.push('end' + m); return off }); return [r, log]",
  "async-replace-throws":
    "try { await 'a'.replace('a', async () => { throw new RangeError('no') }) } catch (e) { return e.name }",
  "async-replace-fn-sync": "return 'ab'.replace(/./g, m => m.toUpperCase())",
  "promise-then-chain":
    "try { return await Promise.resolve(1).then(x => x + 1).catch(() => 0).finally(() => {}) } catch (e) { return e.name }",
  "new-Promise-timer": "return await new Promise((r) => setTimeout(() => r('later'), 2))",
  "new-Promise-thenable": "return await new Promise((r) => r({ then(ok) { ok(1) } }))",
  "setTimeout-order":
    "const out = []; setTimeout(() => out.push('t'), 0); queueMicrotask(() => out.push('m')); out.push('s'); await new Promise((r) => setTimeout(r, 5)); return out",
  "setTimeout-args": "return await new Promise((r) => setTimeout((a, b) => r(a + b), 1, 2, 3))",
  "clearTimeout-cancels":
    "let hit = false; const id = setTimeout(() => { hit = true }, 1); clearTimeout(id); await new Promise((r) => setTimeout(r, 10)); return hit",
  "setInterval-clearInterval":
    "let n = 0; await new Promise((r) => { const id = setInterval(() => { if (++n === 2) { clearInterval(id); r() } }, 1) }); return n",
  "queueMicrotask-before-then":
    "const out = []; queueMicrotask(() => out.push(1)); Promise.resolve().then(() => out.push(2)); await null; await null; return out",
  "performance-now":
    "const a = performance.now(); await new Promise((r) => setTimeout(r, 5)); const b = performance.now(); return [typeof a, b > a]",
}
