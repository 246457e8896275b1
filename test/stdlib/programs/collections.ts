/** Map and Set (@opencode-ai/codemode 1.18: keys/values/entries return arrays) and the Set composition methods. */
export default {
  "weakmap-basic":
    "const k = {}; const f = () => 0; const w = new WeakMap([[k, 1]]); w.set(f, 'fn'); return [w.get(k), w.has(k), w.has({}), w.get(f), w.delete(k), w.has(k), w.get(1), w.set(k, 2) === w]",
  "weakmap-primitive-key": "try { new WeakMap().set('a', 1) } catch (e) { return e.name }",
  "weakmap-private-data":
    "const secret = new WeakMap(); function make(n) { const o = {}; secret.set(o, n * 2); return o } const a = make(2); return [secret.get(a), Object.keys(a), JSON.stringify(secret)]",
  "weakset-basic":
    "const k = []; const s = new WeakSet([k]); return [s.has(k), s.has([]), s.add(k) === s, s.delete(k), s.has(k), s instanceof WeakSet]",
  "weakset-primitive": "try { new WeakSet().add(1) } catch (e) { return e.name }",
  "map-basic":
    "const m = new Map(); m.set('a', 1).set('b', 2); return [m.get('a'), m.get('z'), m.has('b'), m.size, m.delete('a'), m.delete('a'), m.size]",
  "map-from-entries": "const m = new Map([['x', 1], ['y', 2]]); return [m.size, m.get('y')]",
  "map-from-object-entries": "const m = new Map(Object.entries({ a: 1, b: 2 })); return [...m]",
  "map-object-keys":
    "const k = {}; const m = new Map([[k, 'obj'], [1, 'num'], ['1', 'str']]); return [m.get(k), m.get(1), m.get('1'), m.get({})]",
  "map-nan-key": "const m = new Map([[NaN, 'n'], [0, 'z']]); return [m.get(NaN), m.get(-0)]",
  "map-iterate":
    "const m = new Map([['a', 1], ['b', 2]]); const out = []; for (const [k, v] of m) out.push(k + v); return out",
  "map-spread": "return [...new Map([[1, 'a'], [2, 'b']])]",
  "map-forEach": "const out = []; new Map([['a', 1]]).forEach((v, k, m) => out.push([k, v, m.size])); return out",
  "map-clear": "const m = new Map([[1, 1]]); m.clear(); return m.size",
  "map-order": "const m = new Map(); m.set('b', 1); m.set('a', 2); m.set('b', 3); return [...m]",
  "map-count-words":
    "const m = new Map(); for (const w of 'a b a c b a'.split(' ')) m.set(w, (m.get(w) ?? 0) + 1); return [...m].sort((x, y) => y[1] - x[1])",
  "map-json": "return JSON.stringify(new Map([[1, 2]]))",
  "map-to-object": "return Object.fromEntries(new Map([['k', 'v']]))",
  "map-instanceof": "return [new Map() instanceof Map, new Set() instanceof Map]",
  "map-without-new": "try { Map() } catch (e) { return e.name }",
  "map-bad-init": "try { new Map(5) } catch (e) { return e.name }",
  "map-keys-array": "return new Map([[1, 'a']]).keys()",
  "map-values-spread": "return [...new Map([[1, 'a'], [2, 'b']]).values()]",
  "map-entries-for-of":
    "const out = []; for (const [k, v] of new Map([['q', 9]]).entries()) out.push(k + v); return out",
  "map-set-returns-map": "const m = new Map(); return m.set(1, 2) === m",
  "set-basic":
    "const s = new Set([1, 2, 2, 3]); s.add(4).add(1); return [s.size, s.has(2), s.has(9), s.delete(2), s.size]",
  "set-from-string": "return [...new Set('hello')]",
  "set-iterate": "const out = []; for (const x of new Set(['a', 'b'])) out.push(x); return out",
  "set-forEach": "const out = []; new Set(['a', 'b']).forEach((v, k) => out.push(v + k)); return out",
  "set-clear": "const s = new Set([1]); s.clear(); return [s.size, [...s]]",
  "set-objects": "const o = {}; const s = new Set([o, o, {}]); return s.size",
  "set-values-spread": "return [...new Set([3, 1]).values()]",
  "set-entries": "return [...new Set(['x']).entries()]",
  union: "return [...new Set([1, 2]).union(new Set([2, 3]))]",
  intersection: "return [...new Set([1, 2, 3]).intersection(new Set([2, 3, 4]))]",
  difference: "return [...new Set([1, 2, 3]).difference(new Set([2]))]",
  symmetricDifference: "return [...new Set([1, 2, 3]).symmetricDifference(new Set([3, 4]))]",
  isSubsetOf:
    "return [new Set([1]).isSubsetOf(new Set([1, 2])), new Set([1, 5]).isSubsetOf(new Set([1, 2])), new Set().isSubsetOf(new Set())]",
  isSupersetOf: "return [new Set([1, 2]).isSupersetOf(new Set([1])), new Set([1]).isSupersetOf(new Set([1, 2]))]",
  isDisjointFrom: "return [new Set([1]).isDisjointFrom(new Set([2])), new Set([1]).isDisjointFrom(new Set([1]))]",
  "set-compose-map": "return [...new Set(['a', 'b']).intersection(new Map([['a', 1]]))]",
  "set-compose-array": "try { new Set([1]).union([2]) } catch (e) { return e.name }",
  "set-json": "return { s: new Set([1]) }",
  "set-size-readonly": "const s = new Set([1, 2]); return s.size",
  "set-instanceof": "return [new Set() instanceof Set, [] instanceof Set]",
  "set-nan": "return new Set([NaN, NaN, 0, -0]).size",
  "set-dedupe-objects":
    "const xs = [{ id: 1 }, { id: 2 }, { id: 1 }]; const seen = new Set(); return xs.filter(x => !seen.has(x.id) && seen.add(x.id))",
  "set-union-order": "return [...new Set([3, 1]).union(new Set([2, 1]))]",
  "set-add-returns-set": "const s = new Set(); return s.add(1) === s",
  "map-nested": "const m = new Map([['a', new Map([['b', 1]])]]); return m.get('a').get('b')",
  "map-get-missing-method": "try { new Map().nope() } catch (e) { return e.name }",
  "map-destructure": "const [[k, v]] = new Map([['z', 26]]); return k + v",
  "map-spread-object": "const m = new Map([[1, 2]]); const o = { m }; return o.m.get(1)",
  "map-from-non-entries":
    "const t = (f) => { try { f(); return 'no' } catch (e) { return e.name } }; return [t(() => new Map('nope')), t(() => new Map(['flat'])), t(() => new Map([1])), t(() => new Map([null])), t(() => new Map(5)), new Map([{ 0: 'a', 1: 'b' }]).get('a'), new Map([[1]]).get(1)]",
}
