/**
 * The subject as re2js reads it, with the run's clock in the loop (issue "Security and reliability" item 2: a
 * regular expression must not outlive `timeoutMs`).
 *
 * Every re2js engine (DFA, one-pass, bit-state backtracker, NFA) reads the subject only through its input object's
 * `step(pos)` (the code point at `pos` and its width), `context`, `index` and the prefilter probes, and each input
 * position costs at most one pass over the compiled program. So counting `step` calls bounds the work done between
 * two clock reads without changing what is matched: the result is the engine's own, or the run ends.
 *
 * re2js does not export its UTF-16 input class; `RE2.match` hands an instance of it to `executeEngine`, which is
 * where the class is taken from (re2js is pinned in package.json; `test/stdlib/regexp-ops.test.ts` fails loudly if
 * a new version changes this shape).
 */
import { RE2JS } from "re2js"

/** What the engine consults while it runs: `check` throws (the run's uncatchable timeout) when time is up. */
export interface Clock {
  check(): void
}

interface MachineInput {
  step(pos: number): number
}
type MachineInputClass = new (s: string, start: number, end: number) => MachineInput

const machineInputClass = (): MachineInputClass => {
  const re2 = RE2JS.compile("").re2()
  let seen: unknown
  const probe = Object.create(re2) as typeof re2
  probe.executeEngine = (input: unknown) => ((seen = input), null)
  probe.match("")
  const ctor = (seen as { constructor?: unknown } | undefined)?.constructor
  if (typeof ctor !== "function" || typeof (seen as MachineInput).step !== "function")
    throw new Error("re2js internals changed: RE2.match no longer passes a MachineInput to executeEngine")
  return ctor as MachineInputClass
}

const Base = machineInputClass()

/**
 * Instruction-steps between two clock reads. A DFA step that builds a new state costs more than one step per
 * instruction (closure sets, sorting): with 2^16, `(.*a){1000}` went 10–30 ms between reads; with 2^12 its median
 * gap is 0.1 ms, and a simple pattern still reads the clock only every few hundred positions (~1% overhead).
 */
export const STEPS_PER_CHECK = 1 << 12

/**
 * Work left before the next clock read, per run: carried from one engine call to the next so that many short
 * searches (a global replace over 10^5 matches) read the clock as often as one long search.
 */
const credit = new WeakMap<Clock, number>()

/** re2js's UTF-16 input, charging `cost` (the program size) per position read and reading the clock when due. */
class TimedInput extends Base {
  left: number

  constructor(
    s: string,
    start: number,
    readonly clock: Clock,
    readonly cost: number,
  ) {
    super(s, start, s.length)
    this.left = credit.get(clock) ?? STEPS_PER_CHECK
  }

  override step(pos: number): number {
    if ((this.left -= this.cost) < 0) {
      this.left = STEPS_PER_CHECK
      this.clock.check()
    }
    return super.step(pos)
  }
}

/**
 * Runs one engine call over `s` from `start` (the engine's position 0 and, to re2js, the beginning of the text): on
 * a timed input when a clock is given (its unspent credit carried to the next call), on re2js's own otherwise.
 */
export const withInput = <T>(
  s: string,
  start: number,
  clock: Clock | undefined,
  cost: number,
  run: (input: unknown) => T,
): T => {
  if (clock === undefined) return run(new Base(s, start, s.length))
  const input = new TimedInput(s, start, clock, cost)
  const out = run(input)
  credit.set(clock, input.left)
  return out
}
