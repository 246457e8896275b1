export { fromSpec } from "./fromSpec.js"
export { MAX_RESPONSE_BYTES } from "./http.js"
export type { Auth, AuthRequest, Credential, OperationRef, Options, Result, Skipped } from "./types.js"
