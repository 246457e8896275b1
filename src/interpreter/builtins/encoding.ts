/**
 * Web-platform helpers a model expects (issue 17 item 4): `TextEncoder`/`TextDecoder`, `atob`/`btoa` and `crypto`
 * (`randomUUID`, `getRandomValues`). The work is the host's (WHATWG encoders, base64, the CSPRNG); a program sees
 * guest wrappers (`HostBacked`) and guest byte arrays (bytes.ts) only. A DOMException the host raises
 * (InvalidCharacterError, QuotaExceededError, TypeMismatchError) reaches the program as a guest error of that name
 * with its `code`, catchable and `instanceof Error` as in browsers.
 */
import { getRandomValues, randomUUID } from "node:crypto"
import { GuestThrow, makeError, typeError } from "../errors.js"
import { isPrimitive, toStr } from "../coerce.js"
import { checkString } from "../memory-caps.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestObject, HostBacked, Namespace, newObject } from "../values.js"
import { adopt, GuestBytes } from "./bytes.js"
import { fn, hostInput, methods, table, type Table } from "./util.js"

/** A host DOMException (or a host error of another name) as the same-named guest error. */
const domError = (e: unknown): GuestThrow => {
  if (!(e instanceof Error)) throw e
  const err = makeError(e.name, e.message)
  const code = (e as { code?: unknown }).code
  if (typeof code === "number" && code > 0) Object.defineProperty(err, "code", { value: code, enumerable: false })
  return new GuestThrow(err, undefined)
}

/** Runs a host helper; its DOMException becomes the guest error (with the browsers' clearer `message` if given). */
const host = <T>(f: () => T, message?: string): T => {
  try {
    return f()
  } catch (e) {
    if (message !== undefined && e instanceof Error && e.name === "InvalidCharacterError")
      throw domError(Object.assign(new Error(message), { name: e.name, code: (e as { code?: number }).code }))
    throw domError(e)
  }
}

const required = (args: ReadonlyArray<unknown>, name: string): void => {
  if (args.length === 0) throw typeError(`Failed to execute '${name}': 1 argument required, but only 0 present.`)
}

// atob/btoa (HTML §8.3): the host's forgiving-base64, DOMException InvalidCharacterError on bad input.
const atobRow = fn(
  "atob",
  (rt, _s, args) => {
    required(args, "atob")
    const s = toStr(args[0])
    rt.work(s.length)
    return host(() => atob(s), "The string to be decoded is not correctly encoded.")
  },
  1,
)
const btoaRow = fn(
  "btoa",
  (rt, _s, args) => {
    required(args, "btoa")
    const s = toStr(args[0])
    checkString(Math.ceil(s.length / 3) * 4, "btoa")
    rt.work(s.length)
    return host(() => btoa(s), "The string to be encoded contains characters outside of the Latin1 range.")
  },
  1,
)

const bytesOf = (v: unknown, what: string): Uint8Array => {
  if (v instanceof GuestBytes) return v.bytes
  throw typeError(
    `The "${what}" argument must be a Uint8Array (ArrayBuffer and the other typed arrays are not supported)`,
  )
}

class GuestTextEncoder extends HostBacked {
  get(key: string): unknown {
    if (key === "encoding") return "utf-8"
    if (key === "constructor") return TextEncoderCtor
    return Object.prototype.hasOwnProperty.call(encoderMethods, key) ? encoderMethods[key] : undefined
  }
  set(): boolean {
    return false
  }
  primitive(): string {
    return "[object TextEncoder]"
  }
  data(): unknown {
    return {}
  }
  list(): undefined {
    return undefined
  }
}

class GuestTextDecoder extends HostBacked {
  constructor(readonly native: InstanceType<typeof TextDecoder>) {
    super()
  }
  get(key: string): unknown {
    if (key === "encoding" || key === "fatal" || key === "ignoreBOM") return this.native[key]
    if (key === "constructor") return TextDecoderCtor
    return Object.prototype.hasOwnProperty.call(decoderMethods, key) ? decoderMethods[key] : undefined
  }
  set(): boolean {
    return false
  }
  primitive(): string {
    return "[object TextDecoder]"
  }
  data(): unknown {
    return {}
  }
  list(): undefined {
    return undefined
  }
}

const encoder = new TextEncoder()

export const encoderMethods: Table = methods(
  {
    encode: (rt, s, [v]) => {
      if (!(s instanceof GuestTextEncoder)) throw typeError("Illegal invocation")
      const text = v === undefined ? "" : toStr(v)
      rt.work(text.length)
      // UTF-8 needs at most 3 bytes per UTF-16 unit: charged (and capped) before the host encodes.
      return adopt(rt, encoder.encode(text))
    },
    encodeInto: (rt, s, [v, dest]) => {
      if (!(s instanceof GuestTextEncoder)) throw typeError("Illegal invocation")
      const text = toStr(v)
      const target = bytesOf(dest, "dest")
      rt.work(text.length)
      const { read, written } = encoder.encodeInto(text, target)
      const out = newObject()
      out.read = read
      out.written = written
      return out
    },
  },
  { encode: 0, encodeInto: 2 },
)

/** The `{ stream }` option of decode, read as a boolean. */
const streamOption = (o: unknown): boolean =>
  o instanceof GuestObject ? Boolean((o as Record<string, unknown>).stream) : false

export const decoderMethods: Table = methods(
  {
    decode: (rt, s, [v, o]) => {
      if (!(s instanceof GuestTextDecoder)) throw typeError("Illegal invocation")
      const bytes = v === undefined ? new Uint8Array(0) : bytesOf(v, "input")
      rt.work(bytes.length)
      checkString(bytes.length, "TextDecoder.decode")
      return host(() => s.native.decode(bytes, { stream: streamOption(o) }))
    },
  },
  { decode: 0 },
)

const requiresNew = (name: string) => () => {
  throw typeError(
    `Failed to construct '${name}': Please use the 'new' operator, this DOM object constructor cannot be called as a function.`,
  )
}

export const TextEncoderCtor: Builtin = new Builtin("TextEncoder", requiresNew("TextEncoder"), {
  construct: () => new GuestTextEncoder(),
  is: (v) => v instanceof GuestTextEncoder,
})

export const TextDecoderCtor: Builtin = new Builtin("TextDecoder", requiresNew("TextDecoder"), {
  construct: (_rt, [label, options]) => {
    const o =
      options instanceof GuestObject
        ? {
            fatal: Boolean((options as Record<string, unknown>).fatal),
            ignoreBOM: Boolean((options as Record<string, unknown>).ignoreBOM),
          }
        : undefined
    if (options !== undefined && options !== null && isPrimitive(options))
      throw typeError('The "options" argument must be of type object.')
    return host(() => new GuestTextDecoder(new TextDecoder(label === undefined ? "utf-8" : toStr(label), o)))
  },
  is: (v) => v instanceof GuestTextDecoder,
})

/** Web Crypto's quota for one getRandomValues call (WebCryptoAPI §10.1.1, as in browsers and Node). */
const QUOTA = 65_536

const cryptoMembers = {
  randomUUID: fn("randomUUID", (rt) => hostInput(rt, "crypto.randomUUID", () => randomUUID()), 0),
  getRandomValues: fn(
    "getRandomValues",
    (rt, _s, args) => {
      required(args, "getRandomValues")
      const [v] = args
      if (!(v instanceof GuestBytes))
        throw domError(
          Object.assign(
            new Error("The data argument must be a Uint8Array (the other typed arrays are not supported)"),
            {
              name: "TypeMismatchError",
              code: 17,
            },
          ),
        )
      if (v.bytes.length > QUOTA)
        throw domError(
          Object.assign(
            new Error(
              `The ArrayBufferView's byte length (${v.bytes.length}) exceeds the number of bytes of entropy available via this API (${QUOTA})`,
            ),
            { name: "QuotaExceededError", code: 22 },
          ),
        )
      rt.work(v.bytes.length)
      if (rt.host.input === undefined) getRandomValues(v.bytes)
      else v.bytes.set(hostInput(rt, "crypto.getRandomValues", () => Array.from(getRandomValues(v.bytes))))
      return v
    },
    1,
  ),
}

export const encodingGlobals: Record<string, unknown> = {
  TextEncoder: TextEncoderCtor,
  TextDecoder: TextDecoderCtor,
  atob: atobRow,
  btoa: btoaRow,
  crypto: new Namespace("crypto", table(cryptoMembers)),
}
