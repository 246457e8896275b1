/** How Python names meet JavaScript: names JavaScript reserves or the guest realm defines get a `$` suffix. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if implements import in instanceof interface let new null package private protected public return " +
    "static super switch this throw true try typeof var void while with yield await async arguments eval undefined " +
    "tools search console globalThis parseInt parseFloat isNaN isFinite encodeURIComponent decodeURIComponent " +
    "encodeURI decodeURI structuredClone setTimeout clearTimeout setInterval clearInterval queueMicrotask atob btoa " +
    "escape unescape NaN Infinity of get set constructor prototype"
  ).split(" "),
)

/** The JavaScript spelling of a Python identifier (an uppercase first letter may meet `Map`, `JSON`, `Error`, …). */
export const jsName = (name: string): string => (RESERVED.has(name) || /^[A-Z]/.test(name) ? `${name}$` : name)

/** A built-in callable: its library function and Python parameters (`*x` collects positionals into one array argument). */
export interface Builtin {
  readonly js: string
  readonly params: ReadonlyArray<string>
  /** Keyword names that take a `**` Map (dict(**kw)). */
  readonly kwrest?: true
}

const spec = (js: string, params: string, kwrest?: true): Builtin => ({
  js,
  params: params === "" ? [] : params.split(" "),
  ...(kwrest ? { kwrest } : {}),
})

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map([
  ["print", spec("$print", "*args sep end")],
  ["len", spec("$len", "obj")],
  ["range", spec("$range", "start stop step")],
  ["enumerate", spec("$enumerate", "iterable start")],
  ["zip", spec("$zip", "*iterables")],
  ["sorted", spec("$sorted", "iterable key reverse")],
  ["min", spec("$min", "*args key default")],
  ["max", spec("$max", "*args key default")],
  ["sum", spec("$sum", "iterable start")],
  ["abs", spec("$abs", "x")],
  ["round", spec("$round", "number ndigits")],
  ["int", spec("$int", "x base")],
  ["float", spec("$float", "x")],
  ["str", spec("$strf", "object")],
  ["bool", spec("$bool", "x")],
  ["list", spec("$list", "iterable")],
  ["tuple", spec("$tuplef", "iterable")],
  ["dict", spec("$dictf", "mapping", true)],
  ["set", spec("$set", "iterable")],
  ["frozenset", spec("$set", "iterable")],
  ["repr", spec("$reprf", "obj")],
  ["any", spec("$any", "iterable")],
  ["all", spec("$all", "iterable")],
  ["map", spec("$map", "function *iterables")],
  ["filter", spec("$filter", "function iterable")],
  ["reversed", spec("$reversed", "seq")],
  ["divmod", spec("$divmod", "a b")],
  ["pow", spec("$powf", "base exp mod")],
  ["chr", spec("$chr", "i")],
  ["ord", spec("$ord", "c")],
  ["hex", spec("$hex", "x")],
  ["bin", spec("$bin", "x")],
  ["oct", spec("$oct", "x")],
  ["format", spec("$formatf", "value format_spec")],
  ["callable", spec("$callable", "obj")],
  ["type", spec("$type", "obj")],
  ["isinstance", spec("$isinstance", "obj classinfo")],
  ["getattr", spec("$getattr", "obj name")],
  ["final_answer", spec("$final", "answer")],
])

/** Python's exception names → the guest class (Python's TypeError is the realm's own). */
export const EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  [
    "BaseException Exception ValueError LookupError KeyError IndexError ArithmeticError ZeroDivisionError " +
      "OverflowError AttributeError RuntimeError NotImplementedError AssertionError StopIteration TimeoutError " +
      "ConnectionError PermissionError FileNotFoundError UnicodeError NameError RecursionError",
  ]
    .join("")
    .split(" ")
    .map((n): [string, string] => [n, `$${n}`])
    .concat([["TypeError", "TypeError"]]),
)

/** The importable modules and their members: functions (with parameters) and constants. */
export const MODULES: ReadonlyMap<string, ReadonlyMap<string, Builtin | { readonly constant: string }>> = new Map([
  [
    "json",
    new Map<string, Builtin | { constant: string }>([
      ["dumps", spec("$json_dumps", "obj indent sort_keys ensure_ascii separators")],
      ["loads", spec("$json_loads", "s")],
      ["JSONDecodeError", { constant: "$JSONDecodeError" }],
    ]),
  ],
  [
    "asyncio",
    new Map<string, Builtin | { constant: string }>([
      ["gather", spec("$asyncio_gather", "*aws return_exceptions")],
      ["sleep", spec("$asyncio_sleep", "delay result")],
      ["run", spec("$asyncio_run", "main")],
      ["create_task", spec("$asyncio_create_task", "coro")],
      ["ensure_future", spec("$asyncio_create_task", "coro")],
      ["wait_for", spec("$asyncio_wait_for", "aw timeout")],
      ["TimeoutError", { constant: "$TimeoutError" }],
    ]),
  ],
  [
    "math",
    new Map<string, Builtin | { constant: string }>([
      ...[
        "floor",
        "ceil",
        "trunc",
        "sqrt",
        "log10",
        "log2",
        "exp",
        "fabs",
        "sin",
        "cos",
        "tan",
        "atan",
        "isnan",
        "isinf",
      ].map((n) => [n, spec(`$math_${n}`, "x")] as const),
      ["log", spec("$math_log", "x base")],
      ["atan2", spec("$math_atan2", "y x")],
      ["hypot", spec("$math_hypot", "x y")],
      ["pow", spec("$math_pow", "x y")],
      ["isclose", spec("$math_isclose", "a b rel_tol abs_tol")],
      ["gcd", spec("$math_gcd", "a b")],
      ["factorial", spec("$math_factorial", "n")],
      ["prod", spec("$math_prod", "iterable")],
      ["fsum", spec("$math_fsum", "iterable")],
      ["comb", spec("$math_comb", "n k")],
      ...["pi", "e", "tau", "inf", "nan"].map((n) => [n, { constant: `$math_${n}` }] as const),
    ]),
  ],
  [
    "re",
    new Map<string, Builtin | { constant: string }>([
      ["search", spec("$re_search", "pattern string flags")],
      ["match", spec("$re_match", "pattern string flags")],
      ["fullmatch", spec("$re_fullmatch", "pattern string flags")],
      ["findall", spec("$re_findall", "pattern string flags")],
      ["sub", spec("$re_sub", "pattern repl string count flags")],
      ["split", spec("$re_split", "pattern string maxsplit flags")],
      ...["IGNORECASE", "I", "MULTILINE", "M", "DOTALL", "S"].map((n) => [n, { constant: `$re_${n}` }] as const),
    ]),
  ],
])

/** Modules whose import binds nothing the program runs (annotations only). */
export const TYPE_ONLY_MODULES = new Set(["typing", "__future__", "typing_extensions"])
