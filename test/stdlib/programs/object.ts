/** Object statics and the Object.prototype analogues plain objects answer. */
export default {
  keys: "return [Object.keys({ a: 1, b: 2 }), Object.keys([4, 5]), Object.keys('ab'), Object.keys({ 2: 'x', 1: 'y', b: 0, a: 0 })]",
  "keys-null": "try { Object.keys(null) } catch (e) { return e.name }",
  "keys-number": "return [Object.keys(5), Object.keys(true)]",
  values: "return [Object.values({ a: 1, b: [2] }), Object.values(['x', 'y']), Object.values('hi')]",
  entries: "return [Object.entries({ a: 1, b: 2 }), Object.entries(['x']), Object.entries('ab')]",
  "entries-map": "return Object.entries({ a: 1, b: 2 }).map(([k, v]) => k + '=' + v).join('&')",
  assign: "const t = { a: 1 }; const r = Object.assign(t, { b: 2 }, null, undefined, { a: 3 }); return [r === t, t]",
  "assign-array": "const t = [1, 2]; Object.assign(t, [9]); return t",
  "assign-string-source": "return Object.assign({}, 'ab')",
  "assign-null-target": "try { Object.assign(null, {}) } catch (e) { return e.name }",
  "assign-clone": "const a = { x: { y: 1 } }; const b = Object.assign({}, a); b.x.y = 2; return a.x.y",
  is: "return [Object.is(1, 1), Object.is(NaN, NaN), Object.is(0, -0), Object.is('a', 'a'), Object.is({}, {}), Object.is(null, undefined)]",
  fromEntries: "return Object.fromEntries([['a', 1], ['b', 2]])",
  "fromEntries-map": "return Object.fromEntries(new Map([['x', 1], ['y', [2]]]))",
  "fromEntries-entries":
    "return Object.fromEntries(Object.entries({ a: 1, b: 2 }).map(([k, v]) => [k.toUpperCase(), v * 2]))",
  "fromEntries-numkeys": "return Object.fromEntries([[1, 'a'], [true, 'b'], [null, 'c']])",
  "fromEntries-bad": "try { Object.fromEntries(5) } catch (e) { return e.name }",
  "fromEntries-set-of-pairs": "return Object.fromEntries(new Set([['k', 'v']]))",
  groupBy: "return Object.groupBy([1, 2, 3, 4, 5], x => x % 2 ? 'odd' : 'even')",
  "groupBy-objects":
    "const people = [{ n: 'a', age: 30 }, { n: 'b', age: 20 }, { n: 'c', age: 30 }]; const g = Object.groupBy(people, p => p.age); return Object.keys(g).map(k => [k, g[k].map(p => p.n)])",
  "groupBy-index": "return Object.groupBy(['a', 'b', 'c'], (x, i) => i < 2 ? 'first' : 'rest')",
  "groupBy-string": "return Object.groupBy('hello', c => c === 'l' ? 'l' : 'other')",
  "Map-groupBy": "const m = Map.groupBy([1, 2, 3, 4], x => x > 2); return [m.get(true), m.get(false), m.size]",
  "Map-groupBy-objkey": "const k = { id: 1 }; const m = Map.groupBy([1, 2], () => k); return m.get(k)",
  hasOwnProperty:
    "const o = { a: 1 }; return [o.hasOwnProperty('a'), o.hasOwnProperty('b'), o.hasOwnProperty('hasOwnProperty')]",
  hasOwn:
    "return [Object.hasOwn({ a: 1 }, 'a'), Object.hasOwn({}, 'a'), Object.hasOwn([1], 0), Object.hasOwn([1], 'length')]",
  "freeze-returns": "const o = { a: 1 }; return Object.freeze(o) === o",
  "create-null": "const o = Object.create(null); o.a = 1; return [o, Object.keys(o)]",
  "object-spread": "const a = { x: 1, y: 2 }; return { ...a, y: 3, z: 4 }",
  "object-spread-array": "return { ...[1, 2] }",
  "object-spread-string": "return { ...'hi' }",
  "object-spread-null": "return { ...null, ...undefined, a: 1 }",
  "object-key-order": "const o = { b: 1, 2: 'x', a: 2, 1: 'y' }; o.c = 3; return Object.keys(o)",
  "object-delete": "const o = { a: 1, b: 2 }; delete o.a; return Object.keys(o)",
  "object-computed": "const k = 'dyn'; return { [k]: 1, [k + '2']: 2, [1 + 1]: 3 }",
  "object-shorthand-method": "const o = { x: 2, double() { return this.x * 2 } }; return o.double()",
  "object-in-operator": "const o = { a: undefined }; return ['a' in o, 'b' in o, 'toString' in o]",
  "object-toString": "return [String({}), `${{ a: 1 }}`, ({}).toString()]",
  "object-valueOf": "const o = { a: 1 }; return o.valueOf() === o",
  "object-nested-update":
    "const state = { user: { name: 'a', tags: ['x'] } }; const next = { ...state, user: { ...state.user, tags: [...state.user.tags, 'y'] } }; return [state.user.tags, next.user.tags]",
  "object-entries-sort":
    "const o = { b: 2, a: 3, c: 1 }; return Object.entries(o).sort((x, y) => x[1] - y[1]).map(([k]) => k)",
  "object-invert": "const o = { a: 'x', b: 'y' }; return Object.fromEntries(Object.entries(o).map(([k, v]) => [v, k]))",
  "object-pick":
    "const pick = (o, ks) => Object.fromEntries(ks.filter(k => k in o).map(k => [k, o[k]])); return pick({ a: 1, b: 2, c: 3 }, ['a', 'c', 'z'])",
  "object-deep-merge":
    "const merge = (a, b) => { const out = { ...a }; for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge(a[k] ?? {}, v) : v; return out }; return merge({ a: { b: 1, c: 2 } }, { a: { c: 3 }, d: 4 })",
  "object-Object-call": "return [Object(null), typeof Object({ a: 1 })]",
  "object-missing-method": "try { ({}).foo() } catch (e) { return e.name }",
  "object-read-undefined": "try { const o = undefined; return o.x } catch (e) { return [e.name, e.message] }",
  "object-read-null": "try { const o = null; return o.x } catch (e) { return [e.name, e.message] }",
  "object-optional": "const o = { a: { b: null } }; return [o?.a?.b?.c, o.x?.y, o.a?.['b']]",
  "object-set-on-undefined": "try { let o; o.x = 1 } catch (e) { return [e.name, e.message] }",
  "object-call-non-function": "try { const o = { a: 1 }; o.a() } catch (e) { return e.name }",
  "object-values-nested": "return Object.values({ a: { b: 1 }, c: [2] })",
  "object-keys-length": "return Object.keys({ a: 1, b: 2, c: 3 }).length",
  "object-numeric-keys": "const o = {}; o[1] = 'a'; o['01'] = 'b'; o[1.5] = 'c'; return o",
  "object-entries-for-of": "let s = ''; for (const [k, v] of Object.entries({ x: 1, y: 2 })) s += k + v; return s",
  "object-propertyIsEnumerable": "return [{ a: 1 }.propertyIsEnumerable('a'), {}.propertyIsEnumerable('a')]",
  "object-equality": "const a = { x: 1 }; const b = a; return [a === b, a === { x: 1 }, a == b]",
  "object-for-in":
    "const out = []; for (const k in { a: 1, b: 2 }) out.push(k); for (const i in ['x', 'y']) out.push(i); return out",
  "object-assign-returns-target": "const t = {}; return Object.assign(t) === t",
  "object-groupBy-empty": "return Object.groupBy([], x => x)",
  "object-seal-isFrozen":
    "const o = { a: 1 }; return [Object.seal(o) === o, Object.isFrozen(o), Object.isSealed(o), Object.isExtensible(o)]",
  "object-getOwnPropertyNames":
    "return [Object.getOwnPropertyNames({ a: 1, b: 2 }), Object.getOwnPropertyNames([7, 8])]",
  "object-preventExtensions": "const o = { a: 1 }; return Object.preventExtensions(o) === o",
  structuredClone: "const a = { d: [1, { e: 2 }], s: 'x' }; const b = structuredClone(a); b.d[1].e = 3; return [a, b]",
  "structuredClone-date-map":
    "const c = structuredClone({ at: new Date(0), m: new Map([[1, 2]]) }); return [c.at.getTime(), c.m.get(1)]",
  "structuredClone-cycle":
    "const a = { n: 1 }; a.self = a; const b = structuredClone(a); return [b.self === b, b !== a, b.n]",
  "structuredClone-shared": "const x = [1]; const c = structuredClone({ p: x, q: x }); c.p.push(2); return [c.q, x]",
  "structuredClone-fn": "try { structuredClone({ f: () => 1 }) } catch (e) { return e.name }",
  "structuredClone-set-regexp":
    "const c = structuredClone([new Set([1, 2]), /a/gi]); return [[...c[0]], c[1].flags, c[1].test('A')]",
  defineProperty:
    "const o = {}; Object.defineProperty(o, 'a', { value: 1 }); let e; try { o.a = 2 } catch (x) { e = x.name } return [o.a, Object.keys(o), e, JSON.stringify(Object.getOwnPropertyDescriptor(o, 'a'))]",
  "defineProperty-accessor":
    "const o = { n: 1 }; Object.defineProperty(o, 'twice', { get() { return this.n * 2 }, set(v) { this.n = v / 2 }, enumerable: true }); o.twice = 10; return [o.n, o.twice, Object.keys(o)]",
  defineProperties:
    "const o = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { value: 2 } }); return [Object.keys(o), Object.getOwnPropertyNames(o), o.b]",
  getOwnPropertyDescriptor:
    "const d = Object.getOwnPropertyDescriptor({ get x() { return 1 } }, 'x'); return [typeof d.get, d.set, d.enumerable, d.configurable, Object.getOwnPropertyDescriptor([1], 'length')]",
  getOwnPropertyDescriptors: "return Object.getOwnPropertyDescriptors({ a: 1 })",
  getPrototypeOf:
    "const p = { a: 1 }; return [Object.getPrototypeOf(Object.create(p)) === p, Object.getPrototypeOf({}) === Object.prototype, Object.getPrototypeOf([]) === Array.prototype, Object.getPrototypeOf(Object.create(null))]",
  setPrototypeOf:
    "const p = { hi() { return 'hi ' + this.n } }; const o = Object.setPrototypeOf({ n: 1 }, p); return [o.hi(), p.isPrototypeOf(o), Object.prototype.isPrototypeOf(o)]",
  "create-proto":
    "const base = { greet() { return 'I am ' + this.name } }; const o = Object.create(base, { name: { value: 'x', enumerable: true } }); return [o.greet(), Object.keys(o), 'greet' in o]",
  "constructor-functions":
    "function Point(x, y) { this.x = x; this.y = y } Point.prototype.len = function () { return Math.hypot(this.x, this.y) }; const p = new Point(3, 4); return [p.len(), p instanceof Point, p.constructor === Point, Object.keys(p), Point.prototype.constructor === Point]",
  "function-properties":
    "function f() {} f.count = 2; f.count++; return [f.count, Object.keys(f), 'count' in f, f.hasOwnProperty('count')]",
  arguments:
    "function f(a) { return [arguments.length, arguments[1], [...arguments], Array.from(arguments).slice(1)] } return f(1, 2, 3)",
  "getter-setter-literal":
    "const o = { _v: 1, get v() { return this._v }, set v(x) { this._v = x * 10 } }; o.v = 2; return [o.v, Object.keys(o)]",
  "constructor-links":
    "return [({}).constructor === Object, [].constructor === Array, 'x'.constructor === String, (1).constructor === Number, (() => 1).constructor === Function, new Map().constructor === Map]",
}
