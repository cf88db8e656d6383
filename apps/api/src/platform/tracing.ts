import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

/**
 * Traces through OpenTelemetry (decision 0043), only when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces): one server span per request,
 * named by its method and route template, with the request id, the method, the route template and the status, and
 * nothing else (no path, query, header or body: no personal data). Off by default; off, the SDK is not even loaded
 * and no hook is added.
 */
export interface Tracing {
  /** Sends the spans still held and stops. */
  shutdown(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

function routeOf(request: FastifyRequest): string {
  try {
    return request.routeOptions?.url ?? '(no route)';
  } catch {
    return '(no route)';
  }
}

export async function registerTracing(
  app: FastifyInstance,
  options: {
    endpoint: string | undefined;
    serviceName: string;
    /** Where spans go instead of the OTLP endpoint (tests). */
    exporter?: SpanExporter;
  },
): Promise<Tracing | undefined> {
  if (!options.endpoint && !options.exporter) return undefined;
  const { TracerProvider, BatchSpanProcessor, SimpleSpanProcessor } =
    await import('@opentelemetry/sdk-trace');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        exporter: new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
          url: options.endpoint,
        }),
      });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('disclosure-account-service');

  app.addHook('onRequest', async (request) => {
    const route = routeOf(request);
    request.traceSpan = tracer.startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route, 'request.id': request.id },
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = request.traceSpan;
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return { shutdown: () => provider.shutdown() };
}
