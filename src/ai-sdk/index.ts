// codemode-polyglot/ai-sdk: the Vercel AI SDK adapter (`ai` 7 is an optional peer dependency, imported only here).
export { codeTool, type CodeInput, type CodeToolOptions, type CodeToolOutput } from "./code-tool.js"
export { resumeTool, type ResumeInput, type ResumeToolOptions } from "./resume-tool.js"
export { fromAiSdkTools, type FromAiSdkToolsOptions } from "./from-tools.js"
