/** JSON: stringify (indent, function and array replacers, toJSON of dates) and parse (revivers, SyntaxError). */
export default {
  "stringify-basic":
    "return [JSON.stringify({ a: 1, b: [1, 'x', null, true] }), JSON.stringify('s'), JSON.stringify(1), JSON.stringify(null), JSON.stringify([])]",
  "stringify-undefined":
    "return [JSON.stringify(undefined) === undefined, JSON.stringify({ a: undefined, b: 1 }), JSON.stringify([undefined, () => 1])]",
  "stringify-nonfinite": "return JSON.stringify([NaN, Infinity, -Infinity, -0])",
  "stringify-indent":
    "return [JSON.stringify({ a: [1, { b: 2 }] }, null, 2), JSON.stringify([1], null, '--'), JSON.stringify({ a: 1 }, null, 20)]",
  "stringify-indent-empty": "return JSON.stringify({ a: [], b: {} }, null, 2)",
  "stringify-replacer-fn":
    "return JSON.stringify({ a: 1, b: 'x', c: { d: 2 } }, (k, v) => typeof v === 'number' ? v * 10 : v)",
  "stringify-replacer-drop":
    "return JSON.stringify({ a: 1, secret: 2, n: { secret: 3, ok: 4 } }, (k, v) => k === 'secret' ? undefined : v)",
  "stringify-replacer-root":
    "const keys = []; JSON.stringify({ a: [1] }, (k, v) => { keys.push(k); return v }); return keys",
  "stringify-replacer-this": "return JSON.stringify({ a: 1, b: 2 }, function (k, v) { return k === 'b' ? this.a : v })",
  "stringify-replacer-array": "return JSON.stringify({ a: 1, b: 2, c: { a: 3, z: 4 } }, ['a', 'c'])",
  "stringify-replacer-array-indent": "return JSON.stringify({ b: 1, a: 2 }, ['a', 'b'], 1)",
  "stringify-replacer-array-num": "return JSON.stringify({ 1: 'one', 2: 'two' }, [1])",
  "stringify-date": "return JSON.stringify({ d: new Date(0) })",
  "stringify-map-set": "return JSON.stringify([new Map([[1, 2]]), new Set([1]), /x/])",
  "stringify-nested": "return JSON.stringify({ a: { b: { c: { d: [1, [2, [3]]] } } } })",
  "stringify-unicode": "return JSON.stringify({ s: 'é😀\\u0007\\u2028' })",
  "stringify-key-order": "return JSON.stringify({ b: 1, a: 2, 10: 'x', 2: 'y' })",
  "stringify-circular": "const a = {}; a.self = a; try { JSON.stringify(a) } catch (e) { return e.name }",
  "stringify-error-obj": "return JSON.stringify(new Error('boom'))",
  "parse-basic": 'return JSON.parse(\'{"a":[1,2,{"b":null}],"c":"d","e":true,"f":1.5e2}\')',
  "parse-primitives": "return [JSON.parse('1'), JSON.parse('\"x\"'), JSON.parse('null'), JSON.parse(' true ')]",
  "parse-error": "try { JSON.parse('{bad') } catch (e) { return [e.name, e instanceof SyntaxError] }",
  "parse-error-trailing": "try { JSON.parse('[1,]') } catch (e) { return e.name }",
  "parse-error-empty": "try { JSON.parse('') } catch (e) { return e.name }",
  "parse-error-undefined": "try { JSON.parse(undefined) } catch (e) { return e.name }",
  "parse-reviver": 'return JSON.parse(\'{"a":1,"b":{"c":2}}\', (k, v) => typeof v === \'number\' ? v + 100 : v)',
  "parse-reviver-drop": "return JSON.parse('{\"a\":1,\"b\":2}', (k, v) => k === 'a' ? undefined : v)",
  "parse-reviver-order":
    'const keys = []; JSON.parse(\'{"a":[1,2],"b":{"c":3}}\', (k, v) => { keys.push(k); return v }); return keys',
  "parse-reviver-date":
    "const o = JSON.parse('{\"at\":\"2024-01-02T03:04:05.000Z\"}', (k, v) => k === 'at' ? new Date(v) : v); return o.at.getTime()",
  "parse-reviver-array": "return JSON.parse('[1,2,3]', (k, v) => Array.isArray(v) ? v : v * 2)",
  "parse-proto-key": 'const o = JSON.parse(\'{"__proto__":1,"a":2}\'); return o.a',
  roundtrip: "const v = { x: [1, 2, { y: 'z' }], n: null, t: true }; return JSON.parse(JSON.stringify(v))",
  clone: "const a = { n: { m: 1 } }; const b = JSON.parse(JSON.stringify(a)); b.n.m = 2; return [a.n.m, b.n.m]",
  "parse-deep-numbers": "return JSON.parse('[1e400, -0, 0.1, 123456789012345678901]')",
  "parse-unicode-escape": "return JSON.parse('\"\\\\u0041\\\\n\"')",
  "stringify-toJSON-date-invalid": "return JSON.stringify({ d: new Date(NaN) })",
  "stringify-space-neg": "return JSON.stringify({ a: 1 }, null, -1)",
  "stringify-bool-obj": "return JSON.stringify({ t: true, f: false, z: 0, e: '' })",
}
