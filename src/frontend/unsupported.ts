/**
 * Globals other environments offer that the canonical runtime does not, with what to tell the model
 * (docs/dialects.md#foreign-globals, the `runtime` rows). Dialect-only names live in each dialect's `unsupportedGlobals`.
 * Only a warning: the reference stays in place (docs/dialects.md#foreign-globals).
 */
export const RUNTIME_UNSUPPORTED: Readonly<Record<string, string>> = {
  fetch: "no network: call a tool",
  Headers: "no network: call a tool",
  Request: "no network: call a tool",
  Response: "no network: call a tool",
  FormData: "no network: call a tool",
  process: "no Node runtime",
  Buffer: "no Node runtime",
  require: "no modules: call a tool",
  eval: "not available",
  Function: "not available",
  Blob: "use plain strings",
  AbortController: "use a flag or an early return",
  Atomics: "not available",
  WebAssembly: "not available",
  SharedArrayBuffer: "not available",
  localStorage: "headless: no storage, no DOM",
  window: "headless: no storage, no DOM",
  document: "headless: no storage, no DOM",
  navigator: "headless: no storage, no DOM",
}
