/**
 * Guest coercion hooks (ECMA-262 §7.1.1 ToPrimitive / §7.1.1.1 OrdinaryToPrimitive): own `valueOf`/`toString`
 * on plain objects, factory objects and arrays are called by every conversion, in V8's order and with V8's hint.
 * Programs log each hook call so the order and the number of calls are compared too.
 */
const LOGGED =
  "const log = []; const mk = (name, v, s) => ({ name, valueOf() { log.push(this.name + '.valueOf'); return v }, toString() { log.push(this.name + '.toString'); return s } });"

export default {
  "string-call": "const o = { toString() { return 'hi' } }; return [String(o), `${o}`, o + '', '' + o]",
  "template-hint": `${LOGGED} const o = mk('o', 1, 's'); return [\`\${o}\`, log]`,
  "plus-default-hint": `${LOGGED} const o = mk('o', 1, 's'); return [o + '', o + 1, 1 + o, log]`,
  "string-hint": `${LOGGED} const o = mk('o', 1, 's'); return [String(o), log]`,
  "number-hint": `${LOGGED} const o = mk('o', 7, 's'); return [Number(o), +o, -o, o * 2, o - 1, o / 7, o % 4, o ** 2, log]`,
  "bitwise-hint": `${LOGGED} const o = mk('o', 6, 's'); return [o & 3, o | 1, o ^ 2, ~o, o << 1, o >> 1, o >>> 1, log]`,
  "relational-hint": `${LOGGED} const a = mk('a', 1, 'z'); const b = mk('b', 2, 'a'); return [a < b, a > b, a <= b, a >= b, log]`,
  "relational-strings":
    "const a = { toString() { return 'b' } }; const b = { toString() { return 'a' } }; return [a < b, a > b, a < 'c']",
  "loose-eq": `${LOGGED} const o = mk('o', 1, '1'); return [o == 1, o == '1', 1 == o, o != 2, o == null, o == undefined, o == o, log]`,
  "loose-eq-bool":
    "const o = { valueOf() { return 1 } }; return [o == true, o == false, { toString() { return '0' } } == false]",
  "strict-eq-no-hook": `${LOGGED} const o = mk('o', 1, '1'); return [o === 1, o !== '1', log]`,
  "valueOf-object-falls-to-toString":
    "const o = { valueOf() { return {} }, toString() { return 'str' } }; return [o + 1, Number(o), String(o)]",
  "toString-object-falls-to-valueOf":
    "const o = { valueOf() { return 42 }, toString() { return [] } }; return [String(o), `${o}`, o + 1]",
  "both-objects-typeerror":
    "const o = { valueOf() { return {} }, toString() { return {} } }; const r = []; for (const f of [() => o + 1, () => String(o), () => +o, () => `${o}`, () => o < 1, () => o == 1]) { try { r.push(f()) } catch (e) { r.push(e.name) } } return r",
  "non-callable-hooks":
    "const r = []; for (const o of [{ toString: 5, valueOf() { return 2 } }, { toString: undefined, valueOf: null }, { valueOf: 'x' }]) { try { r.push(String(o), o + 1) } catch (e) { r.push(e.name) } } return r",
  "hook-throws":
    "const o = { valueOf() { throw new RangeError('nope') } }; try { return o + 1 } catch (e) { return [e.name, e.message] }",
  "hook-throws-string": "const o = { toString() { throw 'raw' } }; try { return String(o) } catch (e) { return e }",
  "hook-this": "const o = { n: 3, valueOf() { return this.n * 2 } }; return [o + 1, o * o]",
  "hook-arrow-factory":
    "const make = (n) => ({ valueOf: () => n, toString: () => 'n' + n }); const a = make(2); const b = make(5); return [a + b, `${a}${b}`, [a, b].join('|'), b - a, a < b]",
  "hook-closure-factory":
    "function money(c) { return { cents: c, toString() { return '$' + (this.cents / 100).toFixed(2) }, valueOf() { return this.cents } } } const x = money(150); const y = money(275); return [x + y, `${x}`, String(y), x < y, [x, y].sort((a, b) => b - a).map(String)]",
  "hook-assigned-later":
    "const o = {}; const before = String(o); o.toString = function () { return 'late' }; const after = String(o); delete o.toString; return [before, after, String(o)]",
  "hook-bound":
    "function f() { return this.v } const o = { toString: f.bind({ v: 'bound' }) }; return [String(o), o + '!']",
  "hook-returns-null-undefined":
    "const a = { valueOf() { return null } }; const b = { toString() { return undefined } }; return [a + 1, String(b), b + 'x', a == null, a == 0]",
  "hook-returns-bool": "const o = { valueOf() { return true } }; return [o + 1, o + '', Number(o)]",
  "hook-call-count": `${LOGGED} const o = mk('o', 3, 's'); const r = [o + o, o * o, \`\${o}\${o}\`]; return [r, log.length, log]`,
  "compound-assign": `${LOGGED} let x = mk('x', 10, 's'); x += 1; let y = mk('y', 10, 's'); y -= 1; let z = mk('z', 10, 's'); z *= 2; return [x, y, z, log]`,
  increment: `${LOGGED} let x = mk('x', 10, 's'); x++; let y = mk('y', 4, 's'); --y; return [x, y, log]`,
  "property-key": `${LOGGED} const k = mk('k', 1, 'a'); const o = { a: 'A', 1: 'one' }; return [o[k], log]`,
  "property-key-write":
    "const k = { toString() { return 'key' } }; const o = {}; o[k] = 1; const arr = []; arr[{ toString() { return '2' } }] = 'x'; return [o, arr.length, arr[2]]",
  "property-key-object-literal": "const k = { toString() { return 'dyn' } }; return { [k]: 1 }",
  "property-key-in-delete":
    "const k = { toString() { return 'a' } }; const o = { a: 1, b: 2 }; const had = k in o; delete o[k]; return [had, o]",
  "array-join-elements":
    "const o = { toString() { return 'O' } }; return [[1, o, null, undefined, o].join('-'), String([o, [o]]), [o] + '']",
  "array-join-separator": `${LOGGED} const sep = mk('sep', 0, '+'); const e = mk('e', 1, 'E'); return [[1, e, 2].join(sep), log]`,
  "array-own-toString":
    "const a = [1, 2]; a.toString = function () { return 'custom' }; return [String(a), `${a}`, a + '']",
  "array-own-valueOf": "const a = [1, 2]; a.valueOf = function () { return 5 }; return [a + 1, a * 2, String(a)]",
  "array-cycle-join": "const a = [1, 2]; a.push(a); const b = [a, 3]; return [String(a), b.join('|'), a.join()]",
  "array-in-template": "const a = [{ toString() { return 'x' } }, 2]; return `${a}`",
  "array-number": "return [+[], +[5], +['7'], [2] * [3], [1, 2] * 1, +[{ valueOf() { return 4 } }]]",
  "sort-default": `const mk = (s) => ({ s, toString() { return this.s } }); return [mk('b'), mk('c'), mk('a'), undefined, mk('aa')].sort().map(x => x === undefined ? 'u' : x.s)`,
  "sort-default-numbers-vs-objects":
    "const o = { toString() { return '10' } }; return [5, o, 1, 20].sort().map(String)",
  "toSorted-default":
    "const mk = (s) => ({ toString: () => s }); return [mk('z'), mk('m'), mk('a')].toSorted().map(String)",
  "string-method-args":
    "const s = { toString() { return 'lo' } }; const t = 'hello world'; return [t.indexOf(s), t.includes(s), t.startsWith({ toString: () => 'he' }), t.split({ toString: () => ' ' }), t.lastIndexOf(s), 'a'.concat(s, [1, 2]), t.replace(s, 'LO'), t.replaceAll(s, '_'), 'x'.padStart(3, s)]",
  "string-method-index-args":
    "const i = { valueOf() { return 2 } }; const t = 'abcdef'; return [t.charAt(i), t.slice(i), t.slice(0, i), t.substring(i), t.at(i), t.repeat(i), 'a'.padEnd({ valueOf: () => 3 }, '-'), t.charCodeAt(i), t.codePointAt(i)]",
  "array-method-index-args":
    "const i = { valueOf() { return 1 } }; const a = [10, 20, 30, 40]; return [a.slice(i), a.at(i), a.includes(20, i), a.indexOf(10, i), a.with(i, 'x'), [1, 2, 3].fill(0, i), a.flat(i)]",
  "math-args": `${LOGGED} const a = mk('a', 3, 's'); const b = mk('b', -4, 's'); return [Math.max(a, b), Math.min(a, b), Math.abs(b), Math.pow(a, 2), Math.hypot(a, b), Math.floor({ valueOf: () => 2.7 }), log]`,
  "math-max-order": `${LOGGED} const a = mk('a', 1, 's'); const b = mk('b', 2, 's'); const c = mk('c', 3, 's'); return [Math.max(a, b, c), log]`,
  "parse-and-isNaN":
    "const s = { toString() { return '42px' } }; const n = { valueOf() { return 'abc' } }; return [parseInt(s), parseFloat(s), isNaN(n), isFinite({ valueOf: () => 5 }), parseInt({ toString: () => 'ff' }, { valueOf: () => 16 })]",
  "number-ctor-strings": "return [Number({ toString: () => '  12  ' }), Number({ valueOf: () => '0x10' }), Number({})]",
  "date-ctor-hook":
    "const t = { valueOf() { return 86400000 } }; return [new Date(t).toISOString(), new Date({ toString: () => '2024-01-02T03:04:05Z' }).getTime()]",
  "date-ctor-default-hint":
    "const log = []; const o = { valueOf() { log.push('v'); return 0 }, toString() { log.push('s'); return '2020-01-01' } }; return [new Date(o).getTime(), log]",
  "date-ctor-parts":
    "const m = { valueOf: () => 1 }; return new Date(Date.UTC(2024, m, { valueOf: () => 15 })).toISOString()",
  "date-setters":
    "const d = new Date(0); d.setUTCFullYear({ valueOf: () => 2001 }); d.setTime({ valueOf: () => 1000 }); return d.getTime()",
  "date-plus-string": "const d = new Date(0); return [typeof (d + 1), d - 0, +d]",
  "error-toString": "const e = new TypeError('bad'); return [String(e), `${e}`, e + '', e.toString()]",
  "error-toString-fields":
    "const e = new Error('m'); e.name = 'Custom'; const f = new Error(); const g = new Error('x'); g.name = ''; return [String(e), String(f), String(g)]",
  "error-own-toString":
    "const e = new Error('m'); e.toString = function () { return 'mine: ' + this.message }; return [String(e), `${e}`]",
  "object-toString-explicit":
    "const o = { valueOf() { return 1 } }; const p = { toString() { return 'own' } }; return [o.toString(), p.toString(), String(o), o + '']",
  "no-hooks-default": "return [String({}), `${{ a: 1 }}`, {} + '', ({}) + 1, +{}]",
  "object-keys-from-hooks":
    "const o = { toString() { return 'k' } }; const m = {}; m[o] = 1; m[o] += 1; return [m, Object.keys(m)]",
  "switch-no-coercion":
    "const o = { valueOf() { return 1 } }; switch (o) { case 1: return 'coerced'; default: return 'strict' }",
  "includes-no-coercion": `${LOGGED} const o = mk('o', 1, '1'); return [[1].includes(o), [1].indexOf(o), log]`,
  "map-key-no-coercion": `${LOGGED} const o = mk('o', 1, '1'); const m = new Map([[o, 'x']]); return [m.get(o), m.get(1), m.has('1'), log]`,
  "json-no-hooks": `${LOGGED} const o = mk('o', 1, 's'); return [JSON.stringify({ o }), log]`,
  "async-hook-is-object":
    "const o = { async toString() { return 'x' }, valueOf() { return 'fallback' } }; return [String(o), o + '']",
  "async-hook-only":
    "const o = { async valueOf() { return 1 }, toString() { return {} } }; try { return o + 1 } catch (e) { return e.name }",
  "hook-recursion-guard":
    "const o = { depth: 0, toString() { return this.depth++ < 3 ? 'x' + String(this) : 'end' } }; return String(o)",
  "getter-like-valueOf":
    "let n = 0; const counter = { valueOf() { return ++n } }; return [counter + 0, counter + 0, counter * 10, n]",
  "String-of-array-with-hooks": "return String([{ valueOf: () => 1, toString: () => 'T' }, [{ toString: () => 'U' }]])",
  "concat-order": `${LOGGED} const a = mk('a', 1, 'A'); const b = mk('b', 2, 'B'); return [\`\${a}-\${b}\`, a + b + '', '' + a + b, log]`,
  "uri-and-encode": "const o = { toString() { return 'a b' } }; return [encodeURIComponent(o), encodeURI(o)]",
  "number-methods-args":
    "const d = { valueOf() { return 2 } }; return [(3.14159).toFixed(d), (255).toString({ valueOf: () => 16 }), (1234.5).toPrecision(d)]",
  "fromCharCode-hook": "return String.fromCharCode({ valueOf: () => 65 }, { valueOf: () => 66 })",
  "array-length-hook": "const a = [1, 2, 3, 4]; a.length = { valueOf: () => 2 }; return a",
  "Array-from-length-hook": "return Array.from({ length: { valueOf: () => 3 } }, (_, i) => i)",
  "nested-hook-objects":
    "const inner = { toString() { return 'in' } }; const outer = { toString() { return 'out(' + inner + ')' } }; return [String(outer), `${[outer, inner]}`]",
  "hook-with-args-check":
    "const o = { toString(...a) { return 'args:' + a.length } }; return [String(o), `${o}`, o + '']",
  "key-order-assign":
    "const log = []; const k = { toString() { log.push('k'); return 'a' } }; const o = {}; o[k] = (log.push('v'), 1); o[k] += (log.push('v2'), 1); return [o, log]",
  "key-order-literal":
    "const log = []; const k = { toString() { log.push('k'); return 'a' } }; const o = { [k]: (log.push('v'), 1), [k + 'b']: (log.push('w'), 2) }; return [o, log]",
  "key-order-read":
    "const log = []; const k = { toString() { log.push('k'); return 'a' } }; const o = { a: 5 }; const r = o[k] + o[k]; return [r, log]",
  "toJSON-basic":
    "const o = { secret: 1, toJSON() { return { shown: this.secret + 1 } } }; return [JSON.stringify(o), JSON.stringify({ nested: o, list: [o] })]",
  "toJSON-key-arg":
    "const o = { toJSON(k) { return 'key:' + k } }; return JSON.stringify({ a: o, b: [o] }) + JSON.stringify(o)",
  "toJSON-returns-undefined":
    "const o = { toJSON() { return undefined } }; return [JSON.stringify({ a: o, b: 1 }), JSON.stringify([o]), JSON.stringify(o) === undefined]",
  "toJSON-before-replacer":
    "const log = []; const o = { toJSON() { log.push('toJSON'); return 5 } }; const s = JSON.stringify({ o }, (k, v) => { log.push('r:' + k + ':' + typeof v); return v }); return [s, log]",
  "toJSON-non-callable": "return [JSON.stringify({ toJSON: 5, a: 1 }), JSON.stringify({ toJSON: null })]",
  "toJSON-throws":
    "const o = { toJSON() { throw new RangeError('no') } }; try { return JSON.stringify(o) } catch (e) { return e.name }",
  "toJSON-arrow-factory":
    "const money = (c) => ({ toJSON: () => (c / 100).toFixed(2) }); return JSON.stringify({ price: money(1999), list: [money(5)] }, null, 1)",
  "toJSON-result-not-rechecked":
    "const inner = { toJSON() { return 'inner' } }; const o = { toJSON() { return { inner } } }; return JSON.stringify(o)",
} as Record<string, string>
