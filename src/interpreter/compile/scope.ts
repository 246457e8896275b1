/**
 * Compile-time scopes (ECMA-262 §9.1 environment records, resolved statically). Every binding gets a slot in a
 * runtime environment array (`Env`: slot 0 is the parent); a block only gets its own array when it declares
 * lexical bindings *and* contains a closure that could capture them (then each entry/iteration needs fresh
 * bindings). Otherwise its bindings are flattened into the enclosing array, so most code never allocates scopes.
 */
export type BindingKind = "var" | "let" | "const" | "function" | "param" | "catch" | "this" | "callee"

/** One runtime environment array. */
export class Frame {
  size = 1
  constructor(readonly parent: Frame | undefined) {}
  alloc(): number {
    return this.size++
  }
}

export interface Binding {
  readonly name: string
  readonly kind: BindingKind
  readonly slot: number
  readonly frame: Frame
  readonly fn: FunctionInfo
  /** Source offset after which, within the same function and outside `switch`, the binding is initialized. */
  declEnd: number
  /** True when a TDZ check can never be skipped (e.g. declared in a switch case). */
  alwaysCheck: boolean
}

export interface FunctionInfo {
  readonly isAsync: boolean
  readonly isArrow: boolean
  readonly parent: FunctionInfo | undefined
}

export class Scope {
  readonly vars = new Map<string, Binding>()
  constructor(
    readonly parent: Scope | undefined,
    readonly frame: Frame,
    readonly fn: FunctionInfo,
    /** The scope that receives `var` declarations (the function's top scope). */
    readonly isFunctionScope: boolean,
    readonly isSwitch = false,
  ) {}

  declare(name: string, kind: BindingKind, declEnd = -1): Binding {
    const existing = this.vars.get(name)
    if (
      existing &&
      (kind === "var" || kind === "function") &&
      (existing.kind === "var" || existing.kind === "function" || existing.kind === "param")
    )
      return existing
    const binding: Binding = {
      name,
      kind,
      slot: this.frame.alloc(),
      frame: this.frame,
      fn: this.fn,
      declEnd,
      alwaysCheck: this.isSwitch,
    }
    this.vars.set(name, binding)
    return binding
  }

  functionScope(): Scope {
    let s: Scope = this
    while (!s.isFunctionScope) s = s.parent!
    return s
  }

  resolve(name: string): { binding: Binding; depth: number } | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const b = s.vars.get(name)
      if (b) {
        let depth = 0
        for (let f: Frame | undefined = this.frame; f && f !== b.frame; f = f.parent) depth++
        return { binding: b, depth }
      }
    }
    return undefined
  }
}
