/**
 * Intl (a guest view of the host's ICU, builtins/intl.ts) and the toLocaleString family with locales and options.
 * The oracle runs with TZ=UTC and the en-US default locale, which are this runtime's defaults whatever the host's.
 */
const date = 'const d = new Date("2025-01-02T03:04:05Z");'
export default {
  "dtf-fr-options":
    date +
    'const f = new Intl.DateTimeFormat("fr-FR", { weekday: "long", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "UTC" }); return [f.format(d), f.formatToParts(d), f.resolvedOptions()]',
  "dtf-default-and-zones":
    date +
    'return [new Intl.DateTimeFormat().format(d), Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "long", timeZone: "Asia/Tokyo" }).format(d), new Intl.DateTimeFormat("de", { timeZone: "America/New_York", hour: "numeric" }).format(d), new Intl.DateTimeFormat().resolvedOptions().timeZone]',
  "dtf-format-bound-and-range":
    'const f = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" }); const fmt = f.format; return [[new Date(0), new Date(86400000 * 40)].map(fmt), f.formatRange(new Date(0), new Date(86400000 * 3)), f.formatRangeToParts(new Date(0), new Date(86400000)).map((p) => p.source), f.format(86400000)]',
  "dtf-errors":
    'const out = []; for (const f of [() => new Intl.DateTimeFormat("en", { timeZone: "Nowhere/City" }), () => new Intl.DateTimeFormat("not a locale!"), () => new Intl.DateTimeFormat("en").format(NaN), () => Intl.DateTimeFormat.prototype]) { try { out.push(typeof f()) } catch (e) { out.push(e.name) } } return out',
  "nf-styles":
    'return [new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5), new Intl.NumberFormat("en-IN").format(12345678.9), new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(0.1234), new Intl.NumberFormat("en", { notation: "compact" }).format(1234567), new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).format(5000), Intl.NumberFormat("en", { style: "unit", unit: "kilometer-per-hour", unitDisplay: "long" }).format(50)]',
  "nf-parts-resolved-map":
    'const f = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }); return [f.formatToParts(-1234.5), f.resolvedOptions(), [1, 2.5, 1e6].map(f.format), f.format("12.30"), f.formatRange(1, 5)]',
  "nf-errors":
    'const out = []; for (const f of [() => new Intl.NumberFormat("en", { style: "currency" }), () => new Intl.NumberFormat("en", { maximumFractionDigits: 200 }), () => new Intl.NumberFormat("en", { style: "bogus" })]) { try { f(); out.push("ok") } catch (e) { out.push(e.name + ": " + e.message) } } return out',
  "collator-sort":
    'const c = new Intl.Collator("de"); const words = ["z", "ä", "a", "Z", "b"]; return [[...words].sort(c.compare), [...words].sort(new Intl.Collator("sv").compare), ["item10", "item2", "item1"].sort(new Intl.Collator(undefined, { numeric: true }).compare), new Intl.Collator("en", { sensitivity: "base" }).compare("a", "A"), c.resolvedOptions().locale]',
  "plural-relative-list":
    'const p = new Intl.PluralRules("en-US", { type: "ordinal" }); const suffix = { one: "st", two: "nd", few: "rd", other: "th" }; const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" }); return [[1, 2, 3, 4, 11, 22].map((n) => n + suffix[p.select(n)]), new Intl.PluralRules("ar").select(0), rtf.format(-1, "day"), rtf.format(3, "week"), rtf.formatToParts(2, "hours"), new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(["red", "green", "blue"]), new Intl.ListFormat("fr", { type: "disjunction" }).formatToParts(["a", "b"]), p.resolvedOptions().type]',
  "intl-statics":
    'return [Intl.NumberFormat.supportedLocalesOf(["fr-FR", "en"]), Intl.DateTimeFormat.supportedLocalesOf("de"), Intl.getCanonicalLocales(["EN-us", "zh-hant-tw"]), typeof Intl, String(new Intl.NumberFormat()), JSON.stringify({ f: new Intl.Collator() }), new Intl.NumberFormat() instanceof Intl.NumberFormat, new Intl.Collator() instanceof Intl.NumberFormat]',
  "intl-requires-new": 'try { Intl.PluralRules("en") } catch (e) { return e.name }',
  "number-toLocaleString-options":
    'return [(1234.5).toLocaleString("de-DE"), (0.256).toLocaleString("en-US", { style: "percent" }), (1234.5678).toLocaleString(undefined, { maximumFractionDigits: 2 }), (42).toLocaleString("en-US", { style: "currency", currency: "USD" }), (1e21).toLocaleString("fr-FR"), (5).toLocaleString("en", { minimumIntegerDigits: 3 })]',
  "date-toLocale-options":
    date +
    'return [d.toLocaleString("fr-FR", { weekday: "long", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "UTC" }), d.toLocaleDateString("en-GB"), d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }), d.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit" }), d.toLocaleString("de-DE"), d.toLocaleString("en-US", { timeZone: "America/Los_Angeles" }), d.toLocaleDateString(undefined, { weekday: "short" }), new Date(NaN).toLocaleString("fr")]',
  "array-toLocaleString-options":
    'return [[1234.5, new Date(Date.UTC(2024, 0, 2)), null, "x"].toLocaleString("de-DE"), [0.5, 1].toLocaleString("en", { style: "percent" })]',
  "string-localeCompare-options":
    'return ["a".localeCompare("B", "en"), "ä".localeCompare("z", "de"), "ä".localeCompare("z", "sv"), "a".localeCompare("A", undefined, { sensitivity: "base" }), ["10", "9", "1"].sort((x, y) => x.localeCompare(y, undefined, { numeric: true })), "I".toLocaleLowerCase("tr"), "i".toLocaleUpperCase("tr-TR"), "i".toLocaleUpperCase()]',
  "intl-display-names-values":
    'const dn = new Intl.DisplayNames(["en"], { type: "region" }); return [dn.of("FR"), new Intl.DisplayNames("de", { type: "language" }).of("en-US"), dn.resolvedOptions().type, Intl.supportedValuesOf("currency").includes("EUR"), Intl.supportedValuesOf("unit").length > 10]',
}
