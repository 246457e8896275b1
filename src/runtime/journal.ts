import { clipName, type Diagnostic } from "../diagnostic.js"
import type { InputKind } from "../interpreter/host.js"
import {
  encode,
  type JournalCall,
  type JournalInput,
  type JournalProgram,
  type JournalRecord,
  type Outcome,
  type PendingCall,
} from "./journal-data.js"

/** A person's answer to a pending call (`runtime.resume(token, decision)`). */
export type ResumeDecision = { readonly allow: true } | { readonly allow: false; readonly reason: string }

/** What a resumed run replays: the stored journal and the decision for its pending call. */
export interface Replay {
  readonly record: JournalRecord
  readonly decision: ResumeDecision
}

/** What the journal answers when a call is admitted. */
export type Admission =
  { readonly kind: "live" } | { readonly kind: "replayed"; readonly outcome: Outcome } | { readonly kind: "diverged" }

const LIVE: Admission = { kind: "live" }

/** `tools.name(input)` for a message, the input's text clipped. */
export const describeCall = (name: string, input: string): string => `tools.${clipName(name)}(${clipName(input)})`

/**
 * One run's journal (docs/resume.md): what it admitted, how each call settled and in which order the program saw
 * the settlements, and every nondeterministic read. In a resumed run it also answers from the stored journal: calls
 * already made are answered with their recorded outcome, released in their recorded order one macrotask apart (so
 * the program's reactions interleave as they did), and reads return their recorded values. What this run sees,
 * replayed or live, is recorded again, so a run that defers a second time carries its whole history forward.
 */
export class Journal {
  readonly calls: Array<JournalCall> = []
  readonly delivered: Array<number> = []
  readonly inputs: Array<JournalInput> = []
  pending: PendingCall | undefined
  diverged: Diagnostic | undefined
  /** Calls whose settlement the replay releases, in order: the delivered ones, then those that settled after the freeze. */
  private readonly order: ReadonlyArray<number>
  private released = 0
  private readonly ready = new Map<number, () => void>()
  private pumping = false
  private reachedPending = false
  /** Told when the journal diverges, so the run ends at once (Execution). */
  onDiverged: (() => void) | undefined

  constructor(
    readonly program: JournalProgram,
    private readonly replay?: Replay | undefined,
  ) {
    if (replay === undefined) {
      this.order = []
      return
    }
    const { calls, delivered } = replay.record
    const held = calls.flatMap((call, i) => (call.outcome !== undefined && !delivered.includes(i) ? [i] : []))
    this.order = [...delivered, ...held]
  }

  /** The recorded reads a resumed run replays (an isolated run's sandbox answers them itself). */
  replayInputs(): ReadonlyArray<JournalInput> {
    return this.replay?.record.inputs ?? []
  }

  /** The person's decision when `index` is the call a resumed run was waiting for. */
  decided(index: number): ResumeDecision | undefined {
    return this.replay !== undefined && this.replay.record.pending.index === index ? this.replay.decision : undefined
  }

  /** Records an admitted call and says whether it runs, is answered from the journal, or diverged from it. */
  admit(index: number, name: string, input: unknown): Admission {
    const text = encode(input)
    this.calls[index] = { name, input: text }
    const journaled = this.replay?.record.calls[index]
    if (journaled === undefined || this.diverged !== undefined) return LIVE
    if (journaled.name !== name || journaled.input !== text) {
      this.diverge(
        `call #${index} differs from the journal: the journal has ${describeCall(journaled.name, journaled.input)}, ` +
          `this run made ${describeCall(name, text)}`,
      )
      return { kind: "diverged" }
    }
    if (index === this.replay!.record.pending.index) this.reachedPending = true
    return journaled.outcome === undefined ? LIVE : { kind: "replayed", outcome: journaled.outcome }
  }

  /** Queues the release of a replayed call's settlement; `deliver` runs in its recorded turn. */
  schedule(index: number, deliver: () => void): void {
    this.ready.set(index, deliver)
    this.pump()
  }

  private pump(): void {
    if (this.pumping || this.released >= this.order.length) return
    const next = this.order[this.released]!
    const deliver = this.ready.get(next)
    if (deliver === undefined) return
    this.ready.delete(next)
    this.pumping = true
    // One macrotask per settlement: the program's reactions to one finish before the next arrives, as they did.
    setImmediate(() => {
      this.released++
      this.pumping = false
      deliver()
      this.pump()
    })
  }

  /** Records how a call settled; `delivered` when the program saw it (not after a deferral froze the run). */
  settled(index: number, outcome: Outcome, delivered: boolean): void {
    const call = this.calls[index]
    if (call === undefined) return
    this.calls[index] = { ...call, outcome }
    if (delivered) this.delivered.push(index)
  }

  /** A nondeterministic read: the recorded value while replaying (same kind at the same position), else `live()`. */
  input(kind: InputKind, live: () => number | string | Array<number>): number | string | Array<number> {
    const at = this.inputs.length
    const recorded = this.diverged === undefined ? this.replay?.record.inputs[at] : undefined
    let value: number | string | Array<number>
    if (recorded === undefined) value = live()
    else if (recorded.k !== kind) {
      this.diverge(
        `read #${at} of the clock or random values differs: the journal has ${recorded.k}, this run read ${kind}`,
      )
      value = live()
    } else value = typeof recorded.v === "object" ? [...recorded.v] : recorded.v
    this.inputs.push({ k: kind, v: value })
    return value
  }

  /** The first deferral wins: later ones are asked again when the run is resumed. `false` when this one lost. */
  defer(pending: PendingCall): boolean {
    if (this.pending !== undefined || this.diverged !== undefined) return false
    this.pending = pending
    return true
  }

  private diverge(detail: string): void {
    if (this.diverged !== undefined) return
    this.diverged = {
      kind: "ResumeDiverged",
      message:
        `The resumed run diverged from its journal: ${detail}. Nothing after that point ran; the tools, the program ` +
        "or the host behave differently from the run that was deferred.",
    }
    this.onDiverged?.()
  }

  /** A resumed run that ended before reaching its pending call or before every journaled settlement was released. */
  unfinished(): Diagnostic | undefined {
    if (this.replay === undefined || this.diverged !== undefined) return this.diverged
    if (this.reachedPending && this.released >= this.order.length) return undefined
    const { pending } = this.replay.record
    this.diverge(
      this.reachedPending
        ? `the run ended before the program received every journaled result (${this.released} of ${this.order.length})`
        : `the run ended before it made call #${pending.index} (tools.${clipName(pending.name)}), the call that was waiting`,
    )
    return this.diverged
  }

  /** The record to store for a deferred run. */
  toRecord(expiresAt: number): JournalRecord {
    return {
      v: 1,
      program: this.program,
      calls: this.calls,
      delivered: this.delivered,
      inputs: this.inputs,
      pending: this.pending!,
      expiresAt,
    }
  }
}
