/** URI encoding/decoding, globals and their failures. */
export default {
  encodeURIComponent:
    "return [encodeURIComponent('a b&c=d/é?'), encodeURIComponent('😀'), encodeURIComponent(123), encodeURIComponent(\"!'()*\")]",
  encodeURI: "return encodeURI('https://x.com/a b?q=1&r=é#h')",
  decodeURIComponent:
    "return [decodeURIComponent('a%20b%26'), decodeURIComponent('%F0%9F%98%80'), decodeURIComponent('plain')]",
  decodeURI: "return [decodeURI('https://x.com/a%20b?q=%26'), decodeURI('%41')]",
  "decode-malformed": "try { decodeURIComponent('%E0%A4%A') } catch (e) { return [e.name, e instanceof URIError] }",
  "decode-malformed-uri": "try { decodeURI('%') } catch (e) { return e.name }",
  "encode-lone-surrogate": "try { encodeURIComponent('\\uD800') } catch (e) { return e.name }",
  "query-build":
    "const p = { q: 'a b', n: 2 }; return Object.entries(p).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')",
  "query-parse": "return Object.fromEntries('a=1&b=x%20y'.split('&').map(kv => kv.split('=').map(decodeURIComponent)))",
  "Symbol-keys":
    "const s = Symbol('k'); const o = { [s]: 1, a: 2 }; return [typeof s, s.description, Object.getOwnPropertySymbols(o).length, Object.keys(o), o[s], Symbol.for('x') === Symbol.for('x')]",
  "Iterator-helpers": "return Iterator.from([1, 2, 3, 4, 5]).filter((x) => x % 2).map((x, i) => x * 10 + i).toArray()",
  "Iterator-subclass":
    "class Up extends Iterator { constructor() { super(); this.n = 0 } next() { return { value: this.n++, done: false } } } return [new Up().drop(2).take(3).toArray(), new Up().take(4).reduce((a, b) => a + b), new Up() instanceof Iterator]",
  "Iterator-from-string":
    "return [Iterator.from('héllo').drop(1).take(3).toArray(), Iterator.from('ab').some((c) => c === 'b')]",
  "Iterator-builtin-iterators":
    "return [new Map([[1, 'a'], [2, 'b']])[Symbol.iterator]().map(([k, v]) => v + k).toArray(), new Set([1, 2, 3])[Symbol.iterator]().find((x) => x > 1), [1, 2][Symbol.iterator]().flatMap((x) => [x, -x]).toArray()]",
  "Iterator-abstract": "try { new Iterator() } catch (e) { return [e.name, typeof Iterator.prototype.map] }",
  "global-undefined": "return [undefined, typeof undefined, NaN !== NaN, Infinity > 1e308]",
  "global-unknown": "try { return nope } catch (e) { return [e.name, e instanceof ReferenceError] }",
  "global-typeof-unknown": "return typeof nope",
  "global-call-unknown": "try { nope() } catch (e) { return e.name }",
  "globalThis-absent": "return typeof globalThis",
  "eval-absent": "return typeof eval",
  "tools-keys": "return Object.keys(tools)",
  "instanceof-bad-rhs": "try { return 1 instanceof 5 } catch (e) { return e.name }",
  "instanceof-array-object":
    "return [[] instanceof Array, [] instanceof Object, {} instanceof Object, {} instanceof Array]",
  "instanceof-primitive": "return ['a' instanceof String, 1 instanceof Number, 'a' instanceof Object]",
  "typeof-builtins": "return [typeof Math, typeof JSON, typeof Array, typeof Math.max, typeof [].map, typeof Promise]",
  "builtin-name-length": "return [Math.max.name, [].map.name, parseInt.length, Array.name, JSON.stringify.length]",
  "console-log-returns": "return console.log('hi')",
  "function-call-apply":
    "function f(a, b) { return [this?.x, a, b] } return [f.call({ x: 1 }, 2, 3), f.apply({ x: 4 }, [5, 6])]",
  "function-bind": "function f(a, b) { return this.k + a + b } const g = f.bind({ k: 1 }, 2); return g(3)",
  "arrow-this": "const o = { v: 1, f() { return [1].map(() => this.v) } }; return o.f()",
  "closure-counter-map":
    "const make = () => { let n = 0; return () => ++n }; const c = make(); [1, 2, 3].forEach(() => c()); return c()",
  "recursion-limit":
    "const f = n => f(n + 1); try { f(0) } catch (e) { return [e.name, e instanceof RangeError, e.message] }",
  "label-break":
    "let out = []; outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { if (j === 2) continue outer; if (i === 2) break outer; out.push(i + '' + j) } } return out",
  "switch-fallthrough":
    "const f = x => { const r = []; switch (x) { case 1: r.push(1); case 2: r.push(2); break; default: r.push('d') } return r }; return [f(1), f(2), f(3)]",
  "do-while": "let i = 0, s = ''; do { s += i; i++ } while (i < 3); return s",
  "for-in-string-error": "try { for (const k in 'ab') {} return 'no error' } catch (e) { return e.name }",
  "for-in-map-error": "try { for (const k in new Map([[1, 1]])) {} return 'no error' } catch (e) { return e.name }",
  "for-of-object-error": "try { for (const x of { a: 1 }) {} } catch (e) { return e.name }",
  "spread-object-in-array-error": "try { return [...{ a: 1 }] } catch (e) { return e.name }",
  "optional-call": "const o = {}; return [o.f?.(), o.g?.h?.()]",
  "nullish-chain": "const cfg = { a: { b: 0 } }; return [cfg.a.b ?? 5, cfg.a.c ?? 5, cfg.z?.y ?? 'dflt']",
  "comma-ternary": "const x = 5; return x > 3 ? (x > 4 ? 'big' : 'mid') : 'small'",
  "template-nested": "const items = [1, 2]; return `list: ${items.map(i => `<${i}>`).join('')}`",
  "getter-absent-proto":
    "try { return [({}).__proto__ === Object.prototype, [].__proto__ === Array.prototype] } catch (e) { return e.name }",
  "constructor-blocked": "try { return [].constructor } catch (e) { return e.name }",
  "console-methods":
    "return [console.log('a'), console.info('b'), console.warn('c'), console.error('d'), console.debug('e')]",
  "console-dir-table": "return [console.dir({ a: 1 }), console.table([{ a: 1 }, 2], ['a']), console.table()]",
  "Function-refuses":
    "try { Function.prototype.constructor('return 1') } catch (e) { return [typeof Function, e.name] }",
}
