/** URL and URLSearchParams (@opencode-ai/codemode 1.18 "URL helpers"); iteration methods return arrays (deviation ids listed). */
export default {
  "url-parts":
    "const u = new URL('https://user:pw@example.com:8080/a/b?x=1&y=2#frag'); return [u.href, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin]",
  "url-relative":
    "return [new URL('../c?q', 'https://x.com/a/b/').href, new URL('/root', 'https://x.com/a/b').href, new URL('//y.org/p', 'https://x.com').href]",
  "url-base-url": "const base = new URL('https://x.com/dir/'); return new URL('f.json', base).href",
  "url-mutate":
    "const u = new URL('https://x.com/a'); u.pathname = '/b c'; u.hash = 'h'; u.search = '?q=1'; u.port = '81'; return u.href",
  "url-mutate-host":
    "const u = new URL('http://a.com/p'); u.hostname = 'b.org'; u.protocol = 'https:'; return u.toString()",
  "url-invalid": "try { new URL('not a url') } catch (e) { return e.name }",
  "url-invalid-base": "try { new URL('/x', 'nope') } catch (e) { return e.name }",
  "url-canParse": "return [URL.canParse('https://x.com'), URL.canParse('x'), URL.canParse('/p', 'https://x.com')]",
  "url-parse": "return [URL.parse('https://x.com/p')?.pathname, URL.parse('nope')]",
  "url-json": "return { u: new URL('https://x.com/a?b=1') }",
  "url-stringify": "return JSON.stringify([new URL('https://x.com')])",
  "url-template": "const u = new URL('https://x.com/p'); return `${u}` + ' ' + String(u) + ' ' + (u + '')",
  "url-toJSON": "return new URL('https://x.com').toJSON()",
  "url-instanceof":
    "return [new URL('https://x.com') instanceof URL, {} instanceof URL, new URLSearchParams() instanceof URLSearchParams]",
  "url-no-new": "try { URL('https://x.com') } catch (e) { return e.name }",
  "url-searchParams-get":
    "const u = new URL('https://x.com/?a=1&b=two&a=3'); return [u.searchParams.get('a'), u.searchParams.getAll('a'), u.searchParams.get('zz'), u.searchParams.has('b')]",
  "url-searchParams-linked":
    "const u = new URL('https://x.com/p'); u.searchParams.set('q', 'a b'); u.searchParams.append('n', '1'); return [u.href, u.search]",
  "url-searchParams-linked-back":
    "const u = new URL('https://x.com/p?a=1'); const p = u.searchParams; u.search = '?b=2'; return [p.get('a'), p.get('b'), p === u.searchParams]",
  "url-encoding": "const u = new URL('https://x.com'); u.searchParams.set('q', 'ä&=?'); return u.search",
  "url-unicode-host": "return new URL('https://münchen.de/').hostname",
  "url-default-port": "return [new URL('https://x.com:443/').port, new URL('http://x.com:8080').host]",
  "url-file": "const u = new URL('file:///tmp/a.txt'); return [u.protocol, u.pathname, u.origin]",
  "url-href-set-invalid":
    "const u = new URL('https://x.com'); try { u.href = 'bad' } catch (e) { return [e.name, u.href] }",
  "usp-string":
    "const p = new URLSearchParams('?a=1&b=2&a=3'); return [p.get('a'), p.getAll('a'), p.toString(), p.size]",
  "usp-record": "return new URLSearchParams({ q: 'x y', n: 5, t: true }).toString()",
  "usp-pairs": "return new URLSearchParams([['a', '1'], ['a', '2'], ['b', 'x']]).toString()",
  "usp-map": "return new URLSearchParams(new Map([['k', 'v']])).toString()",
  "usp-copy":
    "const a = new URLSearchParams('x=1'); const b = new URLSearchParams(a); b.append('y', '2'); return [a.toString(), b.toString()]",
  "usp-bad-pair": "try { new URLSearchParams([['a']]) } catch (e) { return e.name }",
  "usp-mutation":
    "const p = new URLSearchParams('a=1&b=2&a=3'); p.delete('a'); p.set('c', 'x'); p.append('b', '4'); return p.toString()",
  "usp-delete-value":
    "const p = new URLSearchParams('a=1&a=2'); p.delete('a', '1'); return [p.toString(), p.has('a', '2'), p.has('a', '1')]",
  "usp-sort": "const p = new URLSearchParams('c=1&a=2&b=3&a=1'); p.sort(); return p.toString()",
  "usp-forEach":
    "const out = []; new URLSearchParams('a=1&b=2').forEach((v, k, p) => out.push(k + v + p.size)); return out",
  "usp-for-of":
    "const out = []; for (const [k, v] of new URLSearchParams('x=1&y=2')) out.push(k + '=' + v); return out",
  "usp-spread": "return [...new URLSearchParams('x=1&y=2')]",
  "usp-fromEntries": "return Object.fromEntries(new URLSearchParams('a=1&b=hello%20world'))",
  "usp-Array-from": "return Array.from(new URLSearchParams('a=1'))",
  "usp-keys": "return new URLSearchParams('a=1&b=2').keys()",
  "usp-values": "return new URLSearchParams('a=1&b=2').values()",
  "usp-entries": "return new URLSearchParams('a=1&b=2').entries()",
  "usp-keys-spread": "return [...new URLSearchParams('a=1&b=2').keys()]",
  "usp-json": "return { p: new URLSearchParams('a=1') }",
  "usp-template": "return `?${new URLSearchParams({ q: 'a+b', page: 2 })}`",
  "usp-plus-decoding": "return new URLSearchParams('q=a+b%2Bc').get('q')",
  "usp-empty": "const p = new URLSearchParams(); return [p.toString(), p.size, p.get('x')]",
  "usp-build-url":
    "const u = new URL('https://api.x.com/search'); for (const [k, v] of Object.entries({ q: 'cats', limit: 10 })) u.searchParams.set(k, String(v)); return u.toString()",
  "url-missing-arguments":
    "const t = (f) => { try { f(); return 'no' } catch (e) { return e.name } }; const p = new URLSearchParams(); return [t(() => new URL()), t(() => URL.canParse()), t(() => URL.parse()), t(() => p.append()), t(() => p.append('a')), t(() => p.delete()), t(() => p.get()), t(() => p.getAll()), t(() => p.has()), t(() => p.set('a')), t(() => p.forEach())]",
  "url-explicit-undefined-arguments":
    "const p = new URLSearchParams(); p.append(undefined, undefined); p.set('k', undefined); return [p.toString(), p.get(undefined), p.has(undefined), new URL(undefined, 'https://x.com/b/').href, URL.canParse(undefined, 'https://x.com/'), URL.parse(undefined, 'https://x.com/').href]",
}
