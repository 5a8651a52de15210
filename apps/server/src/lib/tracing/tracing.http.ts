import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracingRuntime } from './tracing';

/** The longest X-Operation-Id kept on a span: the replay plugin refuses longer ones anyway. */
const MAX_OPERATION_ID = 200;

/**
 * One span per HTTP request, from `onRequest` to `onResponse`, named `METHOD <route pattern>` (never
 * the address asked for: it may hold ids and slugs). Registered first, so the request's context is
 * active in every later hook and the handler: the request's statements and model calls are its
 * children. Reading the body leaves the async context behind, so `preValidation` enters it again.
 * Does nothing when tracing is off.
 */
export function registerTracingHooks(app: FastifyInstance): void {
  if (!tracingRuntime()) return;
  const traced = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

  app.addHook('onRequest', (request, _reply, done) => {
    const rt = tracingRuntime();
    if (!rt) return done();
    const span = rt.tracer.startSpan(request.method, { kind: rt.serverKind, attributes: { 'http.request.method': request.method } }, rt.rootContext);
    let context = rt.setSpan(rt.rootContext, span);
    const header = request.headers['x-operation-id'];
    if (typeof header === 'string' && header.length > 0 && header.length <= MAX_OPERATION_ID) {
      span.setAttribute('bree.operation_id', header);
      context = context.setValue(rt.operationKey, header);
    }
    traced.set(request, { span, context });
    rt.contexts.with(context, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const rt = tracingRuntime();
    const entry = traced.get(request);
    if (!rt || !entry) return done();
    rt.contexts.with(entry.context, done);
  });

  const end = (request: FastifyRequest, statusCode: number | null) => {
    const entry = traced.get(request);
    if (!entry) return;
    traced.delete(request);
    const route = request.routeOptions.url ?? 'unmatched';
    entry.span.updateName(`${request.method} ${route}`);
    entry.span.setAttribute('http.route', route);
    if (statusCode !== null) entry.span.setAttribute('http.response.status_code', statusCode);
    const rt = tracingRuntime();
    if (rt && (statusCode === null || statusCode >= 500)) entry.span.setStatus({ code: rt.errorStatus });
    entry.span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}
