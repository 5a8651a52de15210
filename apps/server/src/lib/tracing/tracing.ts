import type { Attributes, Context, ContextManager, Span, Tracer } from '@opentelemetry/api';

/**
 * OpenTelemetry traces (docs/OPERATIONS.md "Traces"): only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Everything of OpenTelemetry is loaded by `import()` in `startTracing`; this file holds types only
 * otherwise, so an installation without the variable loads none of it and every helper below is a
 * plain call. Spans are made explicitly (Bree is ESM: automatic instrumentation needs loader hooks):
 * one per HTTP request (`tracing.http.ts`), per database statement (`traceStatement`) and per model
 * call (`traceModelCall`). No global provider is registered: the tracer lives here, one per process.
 */

interface Runtime {
  tracer: Tracer;
  contexts: ContextManager;
  setSpan(context: Context, span: Span): Context;
  getSpan(context: Context): Span | undefined;
  rootContext: Context;
  operationKey: symbol;
  errorStatus: number;
  serverKind: number;
  clientKind: number;
}

let runtime: Runtime | null = null;

/** True while a tracer is running in this process (the test that nothing starts without the variable reads it). */
export function isTracing(): boolean {
  return runtime !== null;
}

export interface Tracing {
  /** Ends the tracer: the spans still batched are sent first. */
  shutdown(): Promise<void>;
}

/**
 * Starts the tracer when `otlpEndpoint` is set: spans batched and posted as OTLP/HTTP JSON to
 * `<endpoint>/v1/traces` under the service name `bree`. Null (and nothing loaded) without it.
 */
export async function startTracing({ otlpEndpoint }: { otlpEndpoint: string | undefined }): Promise<Tracing | null> {
  if (!otlpEndpoint) return null;
  // One tracer per process: a second app in the same process (tests) shares the first's.
  if (runtime) return { shutdown: async () => undefined };
  const [api, { BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { AsyncLocalStorageContextManager }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'bree' }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const started: Runtime = {
    tracer: provider.getTracer('bree'),
    contexts,
    setSpan: (context, span) => api.trace.setSpan(context, span),
    getSpan: (context) => api.trace.getSpan(context),
    rootContext: api.ROOT_CONTEXT,
    operationKey: api.createContextKey('bree.operation_id'),
    errorStatus: api.SpanStatusCode.ERROR,
    serverKind: api.SpanKind.SERVER,
    clientKind: api.SpanKind.CLIENT,
  };
  runtime = started;
  return {
    async shutdown() {
      if (runtime !== started) return;
      runtime = null;
      contexts.disable();
      await provider.shutdown();
    },
  };
}

/** The running tracer, for the HTTP hooks; null when tracing is off. */
export function tracingRuntime(): Runtime | null {
  return runtime;
}

function endWith(span: Span, error: unknown): void {
  if (error !== undefined && runtime) span.setStatus({ code: runtime.errorStatus, message: error instanceof Error ? error.message : String(error) });
  span.end();
}

/**
 * Starts the span of one database statement inside the current request or model call and returns
 * its end, or null when nothing is traced (tracing off, or a statement outside any traced work such
 * as pg-boss's polling, which would otherwise flood the collector). The span holds the SQL text
 * only: values travel as parameters and are never recorded.
 */
export function startStatementSpan(sqlText: string): ((error?: unknown) => void) | null {
  const rt = runtime;
  if (!rt) return null;
  const parent = rt.contexts.active();
  if (!rt.getSpan(parent)) return null;
  const operation = /^\s*(\w+)/.exec(sqlText)?.[1]?.toUpperCase() ?? 'SQL';
  const span = rt.tracer.startSpan(
    operation,
    { kind: rt.clientKind, attributes: { 'db.system': 'postgresql', 'db.statement': sqlText, 'db.query.text': sqlText } },
    parent,
  );
  return (error?: unknown) => endWith(span, error);
}

/** Runs one statement under its span (see `startStatementSpan`). */
export function traceStatement<T>(sqlText: string, run: () => Promise<T>): Promise<T> {
  const end = startStatementSpan(sqlText);
  if (!end) return run();
  return run().then(
    (result) => (end(), result),
    (error: unknown) => {
      end(error);
      throw error;
    },
  );
}

/** The X-Operation-Id of the request the current work belongs to, if any. */
function currentOperationId(rt: Runtime): string | undefined {
  const value = rt.contexts.active().getValue(rt.operationKey);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Runs one model call under a span named `ai.<tier>` with its tier, model and the request's
 * operation id; `describe` adds what is known once it ended (outcome, tokens). Never the prompt.
 */
export async function traceModelCall<T>(
  { tier, model }: { tier: string; model: string },
  run: () => Promise<T>,
  describe: (result: T) => Attributes,
): Promise<T> {
  const rt = runtime;
  if (!rt) return run();
  const parent = rt.contexts.active();
  const operationId = currentOperationId(rt);
  const span = rt.tracer.startSpan(
    `ai.${tier}`,
    { kind: rt.clientKind, attributes: { 'bree.ai.tier': tier, 'gen_ai.request.model': model, ...(operationId ? { 'bree.operation_id': operationId } : {}) } },
    parent,
  );
  try {
    const result = await rt.contexts.with(rt.setSpan(parent, span), run);
    span.setAttributes(describe(result));
    span.end();
    return result;
  } catch (error) {
    endWith(span, error);
    throw error;
  }
}
