/** Date: construction, getters, arithmetic, ISO output (deviations: toString is ISO, getters are UTC). */
export default {
  "date-iso": "return new Date(0).toISOString()",
  "date-utc-ctor": "return new Date(Date.UTC(2024, 0, 31, 12, 30)).toISOString()",
  "date-parse-iso": "return [Date.parse('2024-03-01T00:00:00Z'), Date.parse('2024-03-01'), Date.parse('nope')]",
  "date-from-string": "return new Date('2024-02-29T10:00:00.000Z').getTime()",
  "date-from-number": "return new Date(1700000000000).toISOString()",
  "date-copy": "const a = new Date(5000); const b = new Date(a); return [b.getTime(), a !== b]",
  "date-utc-getters":
    "const d = new Date(Date.UTC(2023, 11, 25, 8, 9, 10, 11)); return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]",
  "date-getTime": "return new Date(123456).getTime()",
  "date-valueOf": "return new Date(42).valueOf()",
  "date-arith":
    "const a = new Date('2024-01-01T00:00:00Z'); const b = new Date('2024-01-08T00:00:00Z'); return (b - a) / 86400000",
  "date-compare":
    "const a = new Date(1), b = new Date(2); return [a < b, a > b, a.getTime() === new Date(1).getTime()]",
  "date-add-days":
    "const d = new Date(Date.UTC(2024, 0, 30)); return new Date(d.getTime() + 3 * 86400000).toISOString().slice(0, 10)",
  "date-json": "return { at: new Date(Date.UTC(2020, 5, 15)) }",
  "date-toJSON": "return new Date(0).toJSON()",
  "date-invalid": "const d = new Date('garbage'); return [isNaN(d.getTime()), d.toJSON(), String(d.getTime())]",
  "date-invalid-iso": "try { new Date(NaN).toISOString() } catch (e) { return e.name }",
  "date-now-type": "const n = Date.now(); return [typeof n, n > 1600000000000, Number.isInteger(n)]",
  "date-UTC": "return [Date.UTC(2000, 0), Date.UTC(2000, 0, 1, 0, 0, 0, 1), Date.UTC(1970)]",
  "date-instanceof": "return [new Date() instanceof Date, {} instanceof Date]",
  "date-overflow": "return new Date(Date.UTC(2024, 1, 30)).toISOString()",
  "date-month-names":
    "const names = ['Jan', 'Feb', 'Mar']; const d = new Date(Date.UTC(2024, 1, 10)); return names[d.getUTCMonth()] + ' ' + d.getUTCDate()",
  "date-toString": "return String(new Date(0))",
  "date-local-getters":
    "const d = new Date(Date.UTC(2024, 6, 4, 12)); return [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]",
  "date-toUTCString": "return new Date(0).toUTCString()",
  "date-sort":
    "const ds = [new Date(3), new Date(1), new Date(2)]; return ds.sort((a, b) => a - b).map(d => d.getTime())",
  "date-diff-hours":
    "const start = new Date('2024-05-01T08:00:00Z'), end = new Date('2024-05-01T17:30:00Z'); return (end.getTime() - start.getTime()) / 36e5",
  "date-ms": "return new Date(Date.UTC(2024, 0, 1, 0, 0, 0, 250)).getUTCMilliseconds()",
  "date-call-without-new": "return typeof Date()",
  "date-plus-string": "return typeof (new Date(0) + '')",
  "date-from-parts-string": "return new Date('2024-01-15T10:20:30+02:00').toISOString()",
  "date-iso-slice": "return new Date(Date.UTC(1999, 11, 31, 23, 59, 59)).toISOString().replace('T', ' ').slice(0, 19)",
  "date-year-start":
    "const y = 2024; return [new Date(Date.UTC(y, 0, 1)).getUTCDay(), new Date(Date.UTC(y, 11, 31)).getUTCDay()]",
  "date-days-in-month": "return [1, 2, 3].map(m => new Date(Date.UTC(2024, m, 0)).getUTCDate())",
  "date-all-getters":
    "const d = new Date(Date.UTC(2021, 4, 6, 7, 8, 9, 10)); return [d.getDay(), d.getMilliseconds(), d.getMinutes(), d.getSeconds(), d.getTimezoneOffset()]",
  "date-setters":
    "const d = new Date(Date.UTC(2020, 0, 31)); const r = [d.setUTCMonth(1), d.toISOString(), d.setUTCDate(0), d.setUTCFullYear(2019, 11, 25), d.setUTCHours(23, 59), d.setUTCMinutes(1, 2, 3), d.setUTCSeconds(70), d.setUTCMilliseconds(1500)]; return [r, d.toISOString()]",
  "date-local-setters":
    "const d = new Date(Date.UTC(2020, 5, 15, 12)); d.setDate(d.getDate() + 20); d.setHours(0, 0, 0, 0); d.setMonth(0); d.setFullYear(2021); d.setMinutes(30); d.setSeconds(15); d.setMilliseconds(5); return d.toISOString()",
  "date-setTime": "const d = new Date(0); return [d.setTime(86400000), d.toISOString(), isNaN(d.setTime(NaN))]",
  "date-add-week":
    "const d = new Date('2024-12-28T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 7); return d.toISOString().slice(0, 10)",
  "date-string-forms":
    "const d = new Date(Date.UTC(2024, 0, 2, 15, 4, 5)); return [d.toDateString(), d.toTimeString(), d.toLocaleDateString(), d.toLocaleTimeString(), d.toLocaleString()]",
  "date-string-forms-midnight":
    "const d = new Date(Date.UTC(1999, 11, 31, 0, 0, 0)); return [d.toLocaleString(), d.toLocaleTimeString(), new Date(Date.UTC(2000, 5, 1, 12)).toLocaleTimeString()]",
  "date-invalid-strings": "const d = new Date(NaN); return [d.toDateString(), d.toLocaleString(), d.toTimeString()]",
}
