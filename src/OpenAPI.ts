// Public namespace `OpenAPI` (@opencode-ai/codemode 1.18 "OpenAPI tools"); the implementation lives in src/openapi/.
export * from "./openapi/index.js"
