// Public namespace `OpenAPI` (seed 000 "OpenAPI tools"); the implementation lives in src/openapi/.
export * from "./openapi/index.js"
