/**
 * Every host regular expression of the frontend is linear in its subject (issue 14, SECURITY.md "In-process limits"):
 * not only the input shapes that once backtracked (linear-text.test.ts), but each pattern, found in the built code of
 * the frontend, the dialects and the parser (`dist/`), so a pattern added later is checked without anyone listing it.
 *
 * For each unbounded quantifier of a pattern, the attack inputs are the classic ones: a prefix that reaches the
 * quantifier (the smallest text each element before it matches), then one iteration of what it repeats, or one of
 * the characters it accepts, pumped to the size, then an ending that makes the match fail ("", "!", a newline).
 *
 * 1. Every input is run on the interpreter's backtracking matcher (ECMA-262's pattern semantics, no optimization: a
 *    bound on what V8's backtracking engine does), counting its steps at 1 K and 8 K characters (smaller where a
 *    repeated group outgrows the matcher's stack): the growth per character must stay under √8 (linear is 1,
 *    quadratic 8). Deterministic: steps, not time.
 * 2. The input that cost each pattern the most steps then runs on V8 itself at 1 K, 8 K and 64 K characters, CPU time
 *    (the least of several batches of at least 2 ms): per-character growth under √8 per 8x step (linear is 1,
 *    quadratic 8), a step over it measured again, both sizes in turn, before it counts. `SECURITY_FULL=1` (`npm run
 *    test:security:full`) runs on to 1 M characters, the source limit (√16 for that 16x step); the 64 K sizes cost
 *    milliseconds, 1 M a few hundred per pattern.
 *
 * A pattern without an unbounded quantifier does bounded work at each start position, so it is linear as it stands
 * and has no input to pump. The last tests run the same checks on patterns known to backtrack, and the V8 stage alone
 * on a quadratic pattern at the same sizes.
 *
 * `new RegExp(template)` sites are instantiated from the module's own string constants and the values in `DYNAMIC`;
 * a site with a name neither provides fails the test, so it gets listed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { RegExpParser, type AST } from "@eslint-community/regexpp"
import { Parser } from "acorn"
import { describe, expect, it } from "vitest"
import { BacktrackRegExp } from "../../src/interpreter/builtins/backtrack-regexp.js"

const ROOT = fileURLToPath(new URL("../../dist/", import.meta.url))
const DIRS = ["src/frontend", "src/syntax", "dialects"]

/** Values of the free names in `new RegExp(...)` templates, each site instantiated with every combination. */
const DYNAMIC: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  c: ["`", "~"],
  marker: ["```", "~~~~"],
}

interface Site {
  readonly where: string
  readonly source: string
  readonly flags: string
}

type Node = { type: string; start: number; end: number; loc: { start: { line: number } } } & Record<string, any>

const jsFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return jsFiles(path)
    return path.endsWith(".js") && !path.endsWith(".test.js") ? [path] : []
  })

const children = (node: Node): Array<Node> =>
  Object.entries(node).flatMap(([key, value]) =>
    key === "loc"
      ? []
      : Array.isArray(value)
        ? value.filter((v): v is Node => typeof v?.type === "string")
        : typeof value?.type === "string"
          ? [value as Node]
          : [],
  )

const collect = (): { sites: Array<Site>; unresolved: Array<string> } => {
  const sites: Array<Site> = []
  const unresolved: Array<string> = []
  for (const file of DIRS.flatMap((d) => jsFiles(join(ROOT, d)))) {
    const text = readFileSync(file, "utf8")
    const ast = Parser.parse(text, { ecmaVersion: "latest", sourceType: "module", locations: true }) as unknown as Node
    const where = (node: Node) => `${file.slice(ROOT.length)}:${node.loc.start.line}`
    // Module-level string constants (`const MARKER = "…"`), for templates that use them.
    const constants: Record<string, unknown> = { ...DYNAMIC }
    for (const statement of ast.body as Array<Node>)
      if (statement.type === "VariableDeclaration")
        for (const d of statement.declarations as Array<Node>)
          if (d.id.type === "Identifier" && d.init?.type === "Literal" && typeof d.init.value === "string")
            constants[d.id.name] = [d.init.value]
    const visit = (node: Node) => {
      if (node.type === "Literal" && node.regex !== undefined)
        sites.push({ where: where(node), source: node.regex.pattern, flags: node.regex.flags })
      if (node.type === "NewExpression" && node.callee.type === "Identifier" && node.callee.name === "RegExp") {
        const [pattern, flags] = node.arguments as Array<Node | undefined>
        const names = [...new Set(identifiers(pattern!))]
        const missing = names.filter((n) => constants[n] === undefined)
        if (missing.length > 0 || (flags !== undefined && flags.type !== "Literal"))
          unresolved.push(`${where(node)}: ${text.slice(node.start, node.end)} (no value for ${missing.join(", ")})`)
        else
          for (const values of product(names.map((n) => constants[n] as ReadonlyArray<unknown>))) {
            const source = new Function(...names, `return ${text.slice(pattern!.start, pattern!.end)}`)(
              ...values,
            ) as string
            sites.push({ where: where(node), source, flags: (flags?.value as string | undefined) ?? "" })
          }
      }
      for (const child of children(node)) visit(child)
    }
    visit(ast)
  }
  return { sites, unresolved }
}

const identifiers = (node: Node): Array<string> =>
  node.type === "Identifier"
    ? [node.name]
    : children(node).flatMap((c) => (node.type === "MemberExpression" && c === node.property ? [] : identifiers(c)))

const product = (lists: ReadonlyArray<ReadonlyArray<unknown>>): Array<Array<unknown>> =>
  lists.reduce<Array<Array<unknown>>>((acc, list) => acc.flatMap((a) => list.map((v) => [...a, v])), [[]])

/** Characters tried as members of a class or escape: whichever of them it accepts stand for it. */
const CANDIDATES = [..." a1_x!\t\n`~{},:\"'./*#<>()$-+=;@[]\\é\r"]

const parser = new RegExpParser({ ecmaVersion: 2024 })

/** Attack inputs for one pattern: `make(n)` gives about n characters. */
const attacks = (source: string, flags: string): Array<{ name: string; make: (n: number) => string }> => {
  const ast = parser.parsePattern(source, 0, source.length, { unicode: flags.includes("u"), unicodeSets: false })
  const atomFlags = flags.replace(/[gymd]/g, "")
  /** The candidate characters a leaf accepts (at most four). */
  const accepts = (leaf: AST.Node): Array<string> => {
    const re = new RegExp(`^(?:${leaf.raw})$`, atomFlags)
    return CANDIDATES.filter((ch) => re.test(ch)).slice(0, 4)
  }
  /** The smallest text a node matches (assertions and back-references: nothing). */
  const rep = (node: AST.Node): string => {
    switch (node.type) {
      case "Character":
        return String.fromCodePoint(node.value)
      case "CharacterClass":
      case "CharacterSet":
        return accepts(node)[0] ?? ""
      case "Quantifier":
        return rep(node.element).repeat(node.min)
      case "Group":
      case "CapturingGroup":
        return rep(node.alternatives[0]!)
      case "Alternative":
        return node.elements.map(rep).join("")
      default:
        return ""
    }
  }
  const alphabet = (node: AST.Node): Array<string> => {
    switch (node.type) {
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
        return node.type === "Character" ? [String.fromCodePoint(node.value)] : accepts(node)
      case "Quantifier":
        return alphabet(node.element)
      case "Group":
      case "CapturingGroup":
      case "Pattern":
        return node.alternatives.flatMap(alphabet)
      case "Alternative":
        return node.elements.flatMap(alphabet)
      default:
        return []
    }
  }
  /** The text that reaches `node` from the start of the pattern: what each element before it on its path matches. */
  const prefixOf = (node: AST.Node): string => {
    let text = ""
    for (let child = node, parent = node.parent; parent !== null; child = parent, parent = parent.parent)
      if (parent.type === "Alternative")
        text =
          parent.elements
            .slice(0, parent.elements.indexOf(child as never))
            .map(rep)
            .join("") + text
    return text
  }
  const out: Array<{ name: string; make: (n: number) => string }> = []
  const quantifiers: Array<AST.Quantifier> = []
  const walk = (node: AST.Node) => {
    if (node.type === "Quantifier" && node.max === Infinity) quantifiers.push(node)
    for (const key of ["alternatives", "elements", "element"] as const) {
      const value = (node as never as Record<string, unknown>)[key]
      if (Array.isArray(value)) value.forEach(walk)
      else if (value !== undefined) walk(value as AST.Node)
    }
  }
  walk(ast)
  for (const q of quantifiers) {
    const prefix = prefixOf(q)
    const pumps = [...new Set([rep(q.element), ...alphabet(q.element)])].filter((p) => p !== "")
    for (const pump of pumps)
      for (const end of ["", "!", "\n"])
        out.push({
          name: `${JSON.stringify(prefix)} + ${JSON.stringify(pump)}… + ${JSON.stringify(end)}`,
          make: (n) => prefix + pump.repeat(Math.max(1, Math.floor((n - prefix.length) / pump.length))) + end,
        })
  }
  return out
}

/** Steps of the backtracking matcher for one search (in units of its clock interval, 2^10 steps). */
const stepsOf = (re: BacktrackRegExp, input: string, cap: number): number => {
  let ticks = 0
  const clock = {
    check: () => {
      if (++ticks > cap) throw new Error("over the cap")
    },
  }
  try {
    re.find(input, 0, false, clock)
  } catch (e) {
    if ((e as Error).message !== "over the cap") throw e
  }
  return ticks
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since)
  return (d.user + d.system) / 1000
}

/** CPU ms of one `re.exec(input)`: the least of three batches, each repeated until it takes at least 2 ms. */
const timeOf = (re: RegExp, input: string): number => {
  for (let reps = 1; ; reps *= 4) {
    let best = Infinity
    for (let trial = 0; trial < 3; trial++) {
      const c0 = process.cpuUsage()
      for (let r = 0; r < reps; r++) re.exec(input)
      best = Math.min(best, cpuMs(c0))
    }
    if (best >= 2 || reps >= 4096) return best / reps
  }
}

/** What is super-linear about a pattern: one message per failed check, none when it is linear. */
const violations = (site: Site): Array<string> => {
  const re = new BacktrackRegExp(site.source, site.flags.replace(/[gy]/g, ""))
  let worst: { make: (n: number) => string; name: string; ticks: number } | undefined
  for (const attack of attacks(site.source, site.flags)) {
    // A group repeated past the matcher's native stack (a RangeError) is checked on smaller sizes.
    let small = 0,
      big = 0,
      a = 0,
      b = 0
    for (const [s, n] of [
      [1024, 8192],
      [256, 2048],
      [64, 512],
    ] as const)
      try {
        ;[small, big] = [s, n]
        // Caps, so a catastrophic pattern fails fast: 2^19 steps on the small size (linear patterns here take a few
        // per character), and just past the allowed growth on the big one.
        a = stepsOf(re, attack.make(small), 512)
        b = stepsOf(re, attack.make(big), 3 * 8 * Math.max(a, 2))
        break
      } catch (e) {
        if (!(e instanceof RangeError) || s === 64) throw e
      }
    const growth = Math.max(b, 1) / Math.max(a, 2) / (big / small)
    if (a > 512 || growth >= Math.SQRT2 * 2)
      return [`steps ×${growth.toFixed(1)} per character from ${small} to ${big} characters on ${attack.name}`]
    if (worst === undefined || b > worst.ticks) worst = { ...attack, ticks: b }
  }
  if (worst === undefined) return []
  return v8Violations(new RegExp(site.source, site.flags.replace(/[gy]/g, "")), worst)
}

/** Sizes of the V8 stage: 8x apart to 64 K characters, and on to the 1 M source limit with `SECURITY_FULL=1`. */
const V8_SIZES = [1024, 8 * 1024, 64 * 1024, ...(process.env.SECURITY_FULL === "1" ? [1024 * 1024] : [])]

/**
 * One input on V8 itself, smallest size first, stopping at the first super-linear step: per-character growth of CPU
 * time must stay under the square root of the step (half-way between linear and quadratic on a log scale). A step over
 * it is measured again, both sizes in turn, up to three times: a collection on V8's helper threads can span every
 * batch of one measurement, not all of them; a real super-linear cost stays.
 */
const v8Violations = (re: RegExp, attack: { name: string; make: (n: number) => string }): Array<string> => {
  re.exec(attack.make(V8_SIZES[0]!)) // compiled to native code before the first measurement
  const inputs: Array<string> = []
  const times: Array<number> = []
  for (const [i, n] of V8_SIZES.entries()) {
    inputs.push(attack.make(n))
    times.push(timeOf(re, inputs[i]!))
    if (i === 0) continue
    const step = n / V8_SIZES[i - 1]!
    const growth = () => times[i]! / Math.max(times[i - 1]!, 1e-4) / step
    for (let round = 0; round < 3 && growth() >= Math.sqrt(step); round++) {
      times[i - 1] = Math.min(times[i - 1]!, timeOf(re, inputs[i - 1]!))
      times[i] = Math.min(times[i]!, timeOf(re, inputs[i]!))
    }
    if (growth() >= Math.sqrt(step))
      return [`V8 CPU time ×${growth().toFixed(1)} per character from ${V8_SIZES[i - 1]} to ${n} on ${attack.name}`]
  }
  return []
}

const { sites, unresolved } = collect()

describe("every host regular expression of the frontend is linear", () => {
  it("finds the patterns, and a value for every name a RegExp template uses", () => {
    expect(unresolved).toEqual([])
    // The frontend, the dialects and the parser hold dozens of patterns; none found means the scan is broken.
    expect(sites.length).toBeGreaterThan(40)
  })

  const unbounded = sites.filter((s) => attacks(s.source, s.flags).length > 0)
  it.each(unbounded.map((s) => [`/${s.source}/${s.flags} (${s.where})`, s] as const))("%s", (_name, site) => {
    expect(violations(site)).toEqual([])
  })

  // The same checks on patterns known to backtrack: a trailing-run trim, nested and overlapping repetition.
  it.each([
    ["/_+$/", "_+$", ""],
    ["/\\s*,\\s*$/m", "\\s*,\\s*$", "m"],
    ["/^(a+)+$/", "^(a+)+$", ""],
  ])("flags %s as super-linear", (_name, source, flags) => {
    expect(violations({ where: "known", source, flags })).toHaveLength(1)
  })

  // The steps stage flags those first; the V8 stage must flag a quadratic pattern too, at the sizes it runs by default
  // (V8 takes about 1 ms on 1 K characters of this input and 70 ms on 8 K).
  it("the V8 stage alone flags /_+$/ on underscores then `!`", () => {
    const found = v8Violations(/_+$/, { name: "underscores then !", make: (n) => "_".repeat(n) + "!" })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^V8 CPU time ×\d+(\.\d)? per character from 1024 to 8192 /)
  })
})
