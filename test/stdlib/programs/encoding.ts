/**
 * TextEncoder/TextDecoder, atob/btoa, crypto and Uint8Array basics (builtins/encoding.ts, bytes.ts). The oracle
 * lends Node's encoders, base64 and crypto to its context (they are host globals, not V8 built-ins); random output
 * is compared by shape only.
 */
export default {
  "text-encode-decode":
    'const e = new TextEncoder(); const u = e.encode("héllo € 😀"); return [u.length, Array.from(u), new TextDecoder().decode(u), e.encoding, new TextDecoder().encoding, e.encode().length, e.encode(undefined).length, new TextDecoder().decode()]',
  "text-encodeInto":
    'const dest = new Uint8Array(5); const r = new TextEncoder().encodeInto("a€b", dest); const small = new TextEncoder().encodeInto("€€", new Uint8Array(4)); return [r, Array.from(dest), small]',
  "text-decoder-options":
    'const out = [new TextDecoder("utf-16le").decode(new Uint8Array([104, 0, 105, 0])), new TextDecoder("latin1").decode(new Uint8Array([233])), new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 65])), new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 65])).length, new TextDecoder().decode(new Uint8Array([255, 65])), new TextDecoder("UTF8").encoding, new TextDecoder("utf-8", { fatal: true }).fatal]; for (const f of [() => new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([255])), () => new TextDecoder("nope"), () => TextDecoder()]) { try { f(); out.push("ok") } catch (e) { out.push(e.name) } } return out',
  "text-decode-stream":
    'const d = new TextDecoder(); const bytes = new TextEncoder().encode("€"); return [d.decode(bytes.subarray(0, 1), { stream: true }), d.decode(bytes.subarray(1), { stream: true }), d.decode()]',
  "base64-roundtrip":
    'const s = "Hello, world! ~~~ ÿ"; const b = btoa(s); return [b, atob(b) === s, atob(" aGk = "), btoa(""), atob(""), btoa(123), btoa(null), atob(btoa(String.fromCharCode(0, 255)))]',
  "base64-utf8-via-bytes":
    'const text = "naïve 😀"; const bin = Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join(""); const b64 = btoa(bin); const back = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))); return [b64, back === text]',
  "base64-errors":
    'const out = []; for (const f of [() => atob("!"), () => atob("abcde"), () => btoa("€"), () => btoa("😀")]) { try { f(); out.push("ok") } catch (e) { out.push([e.name, e.code]) } } return out',
  "crypto-shapes":
    "const id = crypto.randomUUID(); const a = new Uint8Array(16); const r = crypto.getRandomValues(a); return [typeof id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id), id === crypto.randomUUID(), r === a, a.length, a.some((x) => x !== 0) || a.every((x) => x === 0), crypto.getRandomValues(new Uint8Array(65536)).length]",
  "crypto-errors":
    'const out = []; for (const f of [() => crypto.getRandomValues(new Uint8Array(65537)), () => crypto.getRandomValues([1, 2])]) { try { f(); out.push("ok") } catch (e) { out.push([e.name, e.code]) } } return out',
  "u8-construct":
    'const it = new Set([1, 2, 3]); return [Array.from(new Uint8Array(3)), Array.from(new Uint8Array([1, 256, -1, 1.7, "7", null, NaN])), Array.from(new Uint8Array(it)), Array.from(new Uint8Array({ length: 2, 0: 5 })), Array.from(new Uint8Array(new Uint8Array([9, 8]))), new Uint8Array().length, Array.from(Uint8Array.from([1, 2], (x) => x * 10)), Array.from(Uint8Array.of(4, 5)), Array.from(Uint8Array.from("123"))]',
  "u8-construct-errors":
    'const out = []; for (const f of [() => new Uint8Array(-1), () => Uint8Array(2), () => Uint8Array.from({ length: 1 }, 5)]) { try { f(); out.push("ok") } catch (e) { out.push(e.name) } } return out',
  "u8-index-wrap":
    'const u = new Uint8Array(4); u[0] = 257; u[1] = -1; u[2] = 3.9; u[3] = "12"; u[7] = 1; u.tag = "t"; return [Array.from(u), u.tag, u[7], u[-1], u.length, 3 in u, 4 in u, u.at(-1), u.byteLength, u.BYTES_PER_ELEMENT, Uint8Array.BYTES_PER_ELEMENT]',
  "u8-methods":
    'const u = new Uint8Array([5, 1, 4, 2, 3]); return [u.join("-"), String(u), u.indexOf(4), u.indexOf(9), u.lastIndexOf(5), u.includes(2), u.includes("2"), Array.from(u.map((x) => x * 100)), Array.from(u.filter((x) => x > 2)), u.reduce((a, b) => a + b), u.reduce((a, b) => a + b, 10), u.some((x) => x > 4), u.every((x) => x > 0), u.find((x) => x < 3), u.findIndex((x) => x === 4), Array.from(u.slice(1, 3)), Array.from(u.slice(-2)), Array.from(u.toSorted()), Array.from(u.toReversed()), Array.from(u)]',
  "u8-mutating":
    'const u = new Uint8Array(6); u.fill(7, 2, 4); const s = u.subarray(1, 4); s[0] = 9; u.set([1, 2], 4); const sorted = new Uint8Array([3, 1, 2]).sort(); const desc = new Uint8Array([1, 3, 2]).sort((a, b) => b - a); const out = []; u.forEach((x, i) => out.push(i + ":" + x)); return [Array.from(u), Array.from(s), s.length, s.byteOffset, s.byteLength, Array.from(sorted), Array.from(desc), Array.from(new Uint8Array([1, 2, 3]).reverse()), out]',
  "u8-set-bounds": "try { new Uint8Array(2).set([1, 2, 3]) } catch (e) { return e.name }",
  "u8-iterate-json":
    "const u = new Uint8Array([10, 20]); const seen = []; for (const x of u) seen.push(x); return [seen, [...u], JSON.stringify(u), JSON.stringify({ u }), Object.keys(u), Object.values(u), Object.entries(u), [...u.keys()], [...u.values()], [...u.entries()], Array.isArray(u), typeof u]",
  "u8-clone":
    "const u = new Uint8Array([1, 2, 3]); const c = structuredClone(u); c[0] = 99; return [Array.from(u), Array.from(c), c.length]",
}
