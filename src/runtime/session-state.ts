/**
 * What the runs of one session share (src/runtime/session.ts), and all they share: a run made directly on a runtime
 * gets a fresh one of its own. Features that keep per-session state (tool quotas, pending approvals) hang it in
 * `slots` under a key they own, so a session carries it without this module knowing it.
 */
export interface SessionState {
  /** The session's id; a direct run's private state has a fresh one too. */
  readonly id: string
  /** Codex/Pi `store`/`load`: host data by key (the prelude copies values out of the guest and back in). */
  readonly store: Map<string, unknown>
  /** Per-session state of other features, each under its own key (a symbol, or a string named after the feature). */
  readonly slots: Map<string | symbol, unknown>
}

export const freshState = (id: string): SessionState => ({ id, store: new Map(), slots: new Map() })
