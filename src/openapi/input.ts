/**
 * The one model-facing input object (@opencode-ai/codemode 1.18 "OpenAPI tools"): path, query, header and flattened body fields side by
 * side, each keeping its HTTP location. Names shared across locations get a location prefix (`path_id`, `query_id`,
 * `body_id`); a whole body keeps the key `body`.
 */
import { setOwn, unsupported } from "./document.js"
import type { BodyPlan, Field } from "./body.js"
import type { ParamPlan } from "./parameters.js"

export type Slot =
  | { readonly key: string; readonly loc: "param"; readonly param: ParamPlan }
  | { readonly key: string; readonly loc: "field"; readonly field: Field }
  | { readonly key: string; readonly loc: "body" }

export interface InputPlan {
  readonly slots: ReadonlyArray<Slot>
  readonly required: ReadonlySet<string>
  readonly schema: { readonly [key: string]: unknown }
}

/** Input field names that are renamed: the prototype-related keys (see compileInput). */
const UNWRITABLE = new Set(["__proto__", "constructor", "prototype"])

export const compileInput = (params: ReadonlyArray<ParamPlan>, body: BodyPlan): InputPlan => {
  type Draft = { name: string; prefix: string; make: (key: string) => Slot; schema: unknown; required: boolean }
  const drafts: Array<Draft> = params.map((param) => ({
    name: param.name,
    prefix: `${param.in}_`,
    make: (key) => ({ key, loc: "param", param }),
    schema: param.schema,
    required: param.required,
  }))
  if (body.kind === "flat")
    for (const field of body.fields)
      drafts.push({
        name: field.name,
        prefix: "body_",
        make: (key) => ({ key, loc: "field", field }),
        schema: field.schema,
        required: body.required && field.required,
      })
  if (body.kind === "whole")
    drafts.push({
      name: "body",
      prefix: "",
      make: (key) => ({ key, loc: "body" }),
      schema: body.schema,
      required: body.required,
    })
  const counts = new Map<string, number>()
  for (const d of drafts) counts.set(d.name, (counts.get(d.name) ?? 0) + 1)
  const properties: Record<string, unknown> = {}
  const required = new Set<string>()
  const names = new Set(drafts.map((d) => d.name))
  const slots = drafts.map((d) => {
    let key = counts.get(d.name)! > 1 ? d.prefix + d.name : d.name
    // A prototype-related name takes the first free `_2`, `_3`, … suffix, as in @opencode-ai/codemode 1.18 (where
    // programs cannot write it; `{ __proto__: … }` sets a prototype even here); the wire keeps the real name.
    if (UNWRITABLE.has(key)) {
      const base = key
      for (let n = 2; names.has(key) || Object.hasOwn(properties, key) || key === base; n++) key = `${base}_${n}`
    }
    if (Object.hasOwn(properties, key)) return unsupported(`input field '${key}' would be ambiguous`)
    setOwn(properties, key, d.schema)
    if (d.required) required.add(key)
    return d.make(key)
  })
  const schema = { type: "object", properties, required: [...required], additionalProperties: false }
  return { slots, required, schema }
}
