/**
 * Array holes (ECMA-262 §10.4.2 array exotic objects; V8's behaviour per method): literals with elisions,
 * `Array(n)`, `delete a[i]`, growing `length`, writing past the end. Results are made JSON-visible with `i in a`
 * and `Object.keys` since JSON itself turns holes into null.
 */
const SHAPE = "const shape = (a) => [a.length, Object.keys(a), Array.from({ length: a.length }, (_, i) => i in a)];"

export default {
  "literal-elision": `${SHAPE} return [shape([1, , 3]), shape([, ,]), shape([1, ,]), shape([, 1])]`,
  "Array-n": `${SHAPE} return [shape(Array(3)), shape(new Array(2)), shape(Array(0)), shape(Array.of(undefined))]`,
  "delete-element": `${SHAPE} const a = [1, 2, 3]; const r = delete a[1]; return [r, shape(a), a[1]]`,
  "length-grow": `${SHAPE} const a = [1]; a.length = 4; return [shape(a), a]`,
  "length-shrink": `${SHAPE} const a = [1, 2, 3, 4]; a.length = 2; a.length = 3; return shape(a)`,
  "write-past-end": `${SHAPE} const a = [1]; a[4] = 5; return [shape(a), a]`,
  "json-holes": "return [JSON.stringify([1, , 3]), JSON.stringify(Array(2)), [1, , 3]]",
  "join-holes": "return [[1, , 3].join('-'), Array(3).join('x'), String([, 'a', ,]), `${[, ,]}`]",
  forEach: "const seen = []; [1, , 3, , ].forEach((x, i) => seen.push([i, x])); return seen",
  "forEach-Array-n": "let n = 0; Array(5).forEach(() => n++); return n",
  map: `${SHAPE} const m = [1, , 3].map(x => x * 2); return [m, shape(m)]`,
  "map-count": "let n = 0; const m = Array(3).map(() => n++); return [n, Object.keys(m), m.length]",
  filter: "return [[1, , 3, undefined].filter(() => true), [, , 1].filter(x => x === undefined)]",
  reduce:
    "return [[1, , 3].reduce((a, b) => a + b), [, 2, , 4].reduce((a, b, i) => a + ':' + i + '=' + b, 's'), [, , 5].reduce((a, b) => a + b)]",
  "reduce-empty-holes": "try { return Array(3).reduce((a, b) => a + b) } catch (e) { return e.name }",
  reduceRight: "return [[1, , 3].reduceRight((a, b) => a + '|' + b), [, 'x', ,].reduceRight((a, b, i) => a + i, '')]",
  some: "let calls = 0; const r = [, , 1].some(x => (calls++, x === undefined)); return [r, calls]",
  every: "let calls = 0; const r = [1, , 1].every(x => (calls++, x === 1)); return [r, calls]",
  find: "const seen = []; const r = [1, , 3].find((x, i) => (seen.push([i, x === undefined]), false)); return [r, seen]",
  findIndex:
    "return [[1, , 3].findIndex(x => x === undefined), [1, , 3].findLastIndex(x => x === undefined), [, 1].findLast(x => true)]",
  indexOf:
    "return [[1, , 3].indexOf(undefined), [1, undefined, 3].indexOf(undefined), [1, , 3].lastIndexOf(undefined), Array(3).indexOf(undefined)]",
  includes: "return [[1, , 3].includes(undefined), Array(2).includes(undefined), [1, , 3].includes()]",
  "in-operator": "const a = [1, , 3]; return [0 in a, 1 in a, 2 in a, 3 in a, '1' in a]",
  "object-keys-values": "const a = [1, , 3]; a[6] = 7; return [Object.keys(a), Object.values(a), Object.entries(a)]",
  spread: "return [[...[1, , 3]], [...Array(2)].map(x => x === undefined), Math.max(...[1, , 3])]",
  "spread-call-holes": "const f = (...xs) => xs.map(x => typeof x); return f(...[1, , 3])",
  "for-of": "const out = []; for (const x of [1, , 3]) out.push(x === undefined ? 'u' : x); return out",
  "for-in":
    "const out = []; for (const k in [1, , 3]) out.push(k); const b = Array(3); b[1] = 0; for (const k in b) out.push('b' + k); return out",
  "sort-holes-last": `${SHAPE} const a = [3, , undefined, 1, , 2]; a.sort(); return [a.map(x => x === undefined ? 'u' : x), shape(a)]`,
  "sort-holes-comparator": `${SHAPE} const a = [, 'b', undefined, 'a', ,]; a.sort((x, y) => x < y ? -1 : 1); return shape(a).concat([a[0], a[1]])`,
  "toSorted-holes": `${SHAPE} const t = [3, , 1].toSorted(); return [t, shape(t)]`,
  flat: "return [[1, , [2, , 3]].flat(), [[, 1], , [2]].flat(), [1, , 3].flat(0).length]",
  flatMap: "return [1, , 3].flatMap(x => [x, x])",
  "slice-keeps-holes": `${SHAPE} return [shape([1, , 3].slice(0, 3)), shape([, 1].slice())]`,
  "concat-keeps-holes": `${SHAPE} return shape([1, ,].concat([, 2]))`,
  "splice-holes": `${SHAPE} const a = [1, , 3, , 5]; const r = a.splice(1, 2); return [shape(r), shape(a)]`,
  "reverse-holes": `${SHAPE} const a = [1, , 3, ,]; a.reverse(); return shape(a)`,
  "fill-holes": `${SHAPE} return shape(Array(3).fill(0))`,
  "copying-methods-fill-holes": `${SHAPE} const a = [1, , 3]; return [shape(a.toReversed()), shape(a.with(0, 9)), shape(a.toSpliced(0, 0)), shape(Array.from(a)), shape([...a])]`,
  "at-hole": "return [[1, , 3].at(1), [, ,].at(-1)]",
  "push-after-holes": `${SHAPE} const a = Array(2); a.push(1); return shape(a)`,
  "pop-shift-holes": `${SHAPE} const a = [1, , 3]; const s = a.shift(); return [s, shape(a), a.pop(), shape(a)]`,
  "unshift-holes": `${SHAPE} const a = [, 1]; a.unshift(0); return shape(a)`,
  "destructure-holes": "const [a = 'dflt', b, c = 'c'] = [, 2]; const [x, , y] = [1, 2, 3]; return [a, b, c, x, y]",
  "Array-from-holes": `${SHAPE} return [shape(Array.from([1, , 3])), shape(Array.from({ length: 2 }))]`,
  "hasOwn-holes": "const a = [1, , 3]; return [Object.hasOwn(a, 0), Object.hasOwn(a, 1), Object.hasOwn(a, 2)]",
  "structuredClone-holes": `${SHAPE} return shape(structuredClone([1, , 3]))`,
  "assign-holes": "return Object.assign({}, [1, , 3])",
  "object-spread-holes": "return { ...[1, , 3] }",
  "length-set-invalid": "const a = []; try { a.length = -1 } catch (e) { return [e.name, a.length] }",
  "sparse-write-then-map":
    "const a = []; a[3] = 'd'; a[1] = 'b'; const seen = []; a.map((x, i) => seen.push(i)); return [seen, a.filter(Boolean)]",
  "every-some-empty-holes": "return [Array(3).every(x => false), Array(3).some(x => true)]",
  "reduce-callback-index": "const idx = []; [, 'a', , 'b'].reduce((acc, x, i) => (idx.push(i), acc), 0); return idx",
  "holes-callback-deletes":
    "const a = [1, 2, 3]; const seen = []; a.forEach((x, i) => { seen.push(x); if (i === 0) delete a[1] }); return seen",
  "iteration-methods-holes":
    "const a = [, 'x']; return [[...a.keys()], [...a.values()].map(v => v === undefined), [...a.entries()].map(([i, v]) => i + ':' + v)]",
} as Record<string, string>
