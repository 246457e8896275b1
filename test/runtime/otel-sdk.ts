import { context, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { afterAll, afterEach, beforeAll } from "vitest"

/**
 * The real OpenTelemetry SDK for one test file: a provider registered globally for the file's duration and an
 * in-memory exporter, emptied after each test, to read the spans back.
 */
export const useOtelSdk = (): InMemorySpanExporter => {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider)
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  })
  afterEach(() => exporter.reset())
  // Test files share workers: no provider may outlive its file.
  afterAll(() => {
    trace.disable()
    context.disable()
  })
  return exporter
}
