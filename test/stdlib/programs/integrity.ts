/**
 * Integrity levels (ECMA-262 §7.3.15 SetIntegrityLevel / §7.3.16 TestIntegrityLevel): Object.freeze, seal,
 * preventExtensions and their predicates. The reference runs programs strict (the body of a strict async
 * function), so refused writes, additions and deletions throw TypeError.
 */
const TRY = "const t = (f) => { try { return f() } catch (e) { return e.name } };"

export default {
  "freeze-object": `${TRY} const o = Object.freeze({ a: 1, b: { c: 2 } }); return [t(() => { o.a = 2 }), t(() => { o.z = 1 }), t(() => delete o.a), (o.b.c = 3, o.b.c), o]`,
  "freeze-predicates":
    "const o = Object.freeze({ a: 1 }); return [Object.isFrozen(o), Object.isSealed(o), Object.isExtensible(o)]",
  "seal-object": `${TRY} const o = Object.seal({ a: 1 }); return [t(() => { o.a = 2 }), t(() => { o.b = 1 }), t(() => delete o.a), o, Object.isSealed(o), Object.isFrozen(o), Object.isExtensible(o)]`,
  "preventExtensions-object": `${TRY} const o = Object.preventExtensions({ a: 1 }); return [t(() => { o.a = 5 }), t(() => { o.b = 1 }), t(() => delete o.a), o, Object.isExtensible(o), Object.isSealed(o), Object.isFrozen(o)]`,
  "empty-nonextensible-is-frozen":
    "const o = Object.preventExtensions({}); return [Object.isFrozen(o), Object.isSealed(o)]",
  "sealed-empty-after-delete":
    "const o = Object.preventExtensions({ a: 1 }); delete o.a; return [Object.isFrozen(o), Object.isSealed(o)]",
  "fresh-predicates":
    "return [Object.isFrozen({}), Object.isSealed({ a: 1 }), Object.isExtensible({}), Object.isExtensible([]), Object.isFrozen([1])]",
  "primitive-predicates":
    "return [Object.isFrozen(1), Object.isSealed('s'), Object.isExtensible(true), Object.isFrozen(undefined), Object.isExtensible(null), Object.freeze(5), Object.seal('x'), Object.preventExtensions(null)]",
  "freeze-returns-same":
    "const o = {}; const a = []; return [Object.freeze(o) === o, Object.seal(a) === a, Object.preventExtensions(o) === o]",
  "freeze-array": `${TRY} const a = Object.freeze([3, 1, 2]); return [t(() => a.push(4)), t(() => a.pop()), t(() => a.shift()), t(() => a.unshift(0)), t(() => a.splice(0, 1)), t(() => a.sort()), t(() => a.reverse()), t(() => a.fill(0)), t(() => { a[0] = 9 }), t(() => { a.length = 0 }), t(() => { a[5] = 1 }), a]`,
  "freeze-array-copies-ok":
    "const a = Object.freeze([3, 1, 2]); return [a.toSorted(), a.toReversed(), a.with(0, 9), a.map(x => x * 2), [...a, 4], a.concat([5]), a.slice(1)]",
  "seal-array": `${TRY} const a = Object.seal([1, 2]); const r = [t(() => { a[0] = 5 }), t(() => a.push(3)), t(() => a.pop()), t(() => { a.length = 1 })]; return [r, a, Object.isSealed(a), Object.isFrozen(a)]`,
  "preventExtensions-array": `${TRY} const a = Object.preventExtensions([1, 2]); const r = [t(() => { a[0] = 5 }), t(() => a.push(3)), t(() => a.pop())]; return [r, a, a.length]`,
  "freeze-shallow":
    "const o = Object.freeze({ inner: { x: 1 }, list: [1] }); o.inner.x = 2; o.list.push(2); return [o, Object.isFrozen(o.inner)]",
  "deep-freeze-helper": `${TRY} const deepFreeze = (o) => { Object.values(o).forEach(v => typeof v === 'object' && v !== null && deepFreeze(v)); return Object.freeze(o) }; const c = deepFreeze({ a: { b: [1, { c: 2 }] } }); return [t(() => { c.a.b[1].c = 3 }), t(() => c.a.b.push(1)), Object.isFrozen(c.a.b[1]), c]`,
  "frozen-compound-assign": `${TRY} const o = Object.freeze({ n: 1 }); const a = Object.freeze([1]); return [t(() => { o.n += 1 }), t(() => { o.n++ }), t(() => { a[0]++ }), t(() => { [a[0]] = [5] }), t(() => { ({ n: o.n } = { n: 3 }) }), o.n, a[0]]`,
  "frozen-assign-target": `${TRY} const o = Object.freeze({ a: 1 }); return [t(() => Object.assign(o, { a: 2 })), t(() => Object.assign(o, {})), t(() => Object.assign(o, { b: 1 })), o]`,
  "frozen-spread-copy":
    "const o = Object.freeze({ a: 1 }); const c = { ...o, b: 2 }; c.a = 5; return [c, Object.isFrozen(c), Object.isFrozen(structuredClone(o))]",
  "frozen-read-and-iterate":
    "const o = Object.freeze({ a: 1, b: 2 }); const out = []; for (const k in o) out.push(k); return [out, Object.keys(o), Object.entries(o), JSON.stringify(o), 'a' in o, o.hasOwnProperty('b')]",
  "frozen-error-caught-message":
    "const o = Object.freeze({ a: 1 }); try { o.a = 2 } catch (e) { return [e.name, e instanceof TypeError, typeof e.message] }",
  "frozen-computed-key": `${TRY} const o = Object.freeze({ k1: 1 }); const k = 'k' + 1; return [t(() => { o[k] = 2 }), t(() => { o['new'] = 1 }), t(() => delete o[k]), o[k]]`,
  "frozen-same-value-write": `${TRY} const o = Object.freeze({ a: 1 }); return [t(() => { o.a = 1 }), o.a]`,
  "frozen-delete-missing": `${TRY} const o = Object.freeze({ a: 1 }); return [t(() => delete o.zzz), t(() => delete o.a)]`,
  "freeze-twice-and-order":
    "const o = { a: 1 }; Object.preventExtensions(o); Object.seal(o); Object.freeze(o); Object.freeze(o); return [Object.isFrozen(o), o]",
  "frozen-in-function": `${TRY} function setX(o, v) { o.x = v; return o } const f = Object.freeze({ x: 0 }); return [t(() => setX(f, 1)), setX({ x: 0 }, 2).x, f.x]`,
  "frozen-uncaught-name": "const o = Object.freeze({ a: 1 }); o.a = 2; return 'unreachable'",
  "frozen-sort-in-place-copy":
    "const base = Object.freeze([{ n: 2 }, { n: 1 }]); const sorted = [...base].sort((a, b) => a.n - b.n); return [sorted.map(x => x.n), base.map(x => x.n)]",
  "frozen-error-value": `${TRY} const e = Object.freeze(new Error('m')); return [t(() => { e.message = 'x' }), e.message, Object.isFrozen(e)]`,
  "freeze-non-data-objects":
    "const m = new Map([[1, 2]]); Object.freeze(m); m.set(3, 4); const d = new Date(0); Object.freeze(d); d.setUTCFullYear(2000); return [m.size, d.getUTCFullYear()]",
  "frozen-holes": `${TRY} const a = Object.freeze([1, , 3]); return [t(() => { a[1] = 2 }), 1 in a, a.length]`,
  "Object-freeze-function-value": "const f = Object.freeze(() => 1); return [typeof f, f()]",
} as Record<string, string>
