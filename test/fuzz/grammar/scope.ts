/**
 * What the generator knows while it writes: the typed names in scope, whether `await` is legal, how deep the
 * nesting is. Types keep programs meaningful (a reference resolves, a method exists on its receiver), so most
 * generated programs run to the end instead of failing at the first line.
 */
import type { Choices } from "./choices.js"

/** num: number; str: string; bool; arr: number[]; sarr: string[]; obj: { n, s, xs }; map: Map<string, number>;
 * set: Set<number>; fn: (number) => number; afn: async (number) => number. */
export type Type = "num" | "str" | "bool" | "arr" | "sarr" | "obj" | "map" | "set" | "fn" | "afn"
export const DATA_TYPES: ReadonlyArray<Type> = ["num", "str", "bool", "arr", "sarr", "obj", "map", "set"]

export interface Binding {
  readonly name: string
  readonly type: Type
  /** `let` bindings may be reassigned; loop counters and `const`s may not. */
  readonly mutable: boolean
}

export class Ctx {
  constructor(
    readonly c: Choices,
    readonly vars: ReadonlyArray<Binding>,
    /** Inside an async function (or the program body): `await` is legal here. */
    readonly async: boolean,
    /** Remaining nesting budget for expressions and blocks. */
    readonly depth: number,
    /** Shared counter for fresh names, so no generated name shadows another by accident. */
    readonly names: { n: number },
    /** Loop labels in scope (for `break label` / `continue label`), and whether a bare break/continue is legal. */
    readonly labels: ReadonlyArray<string> = [],
    readonly inLoop: boolean = false,
    readonly inSwitch: boolean = false,
    /** Inside a function body: `return` is legal and ends the function, not the program. */
    readonly inFunction: boolean = false,
  ) {}

  fresh(prefix: string): string {
    return `${prefix}${this.names.n++}`
  }
  with(b: Binding): Ctx {
    return this.derive({ vars: [...this.vars, b] })
  }
  deeper(): Ctx {
    return this.derive({ depth: this.depth - 1 })
  }
  derive(o: Partial<Pick<Ctx, "vars" | "async" | "depth" | "labels" | "inLoop" | "inSwitch" | "inFunction">>): Ctx {
    return new Ctx(
      this.c,
      o.vars ?? this.vars,
      o.async ?? this.async,
      o.depth ?? this.depth,
      this.names,
      o.labels ?? this.labels,
      o.inLoop ?? this.inLoop,
      o.inSwitch ?? this.inSwitch,
      o.inFunction ?? this.inFunction,
    )
  }
  of(type: Type, mutableOnly = false): ReadonlyArray<Binding> {
    return this.vars.filter((v) => v.type === type && (!mutableOnly || v.mutable))
  }
  /** A name of `type` in scope, or undefined. */
  pickVar(type: Type, mutableOnly = false): string | undefined {
    const vs = this.of(type, mutableOnly)
    return vs.length === 0 ? undefined : this.c.one(vs).name
  }
}
