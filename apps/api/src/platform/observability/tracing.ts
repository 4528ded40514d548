/**
 * OpenTelemetry traces (decision 063), started by the server before anything else is loaded:
 * server.ts imports this module first. When OTEL_EXPORTER_OTLP_ENDPOINT is unset nothing of
 * OpenTelemetry is loaded (the imports below are types only, erased). When it is set, the SDK is
 * loaded synchronously (require): an ES module's later imports would not wait for an
 * asynchronous start, and the instrumentations must patch `pg` before the app loads it.
 */
import { createRequire } from 'node:module';
import type { TracerProvider } from '@opentelemetry/api';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as PgTracing from '@opentelemetry/instrumentation-pg';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkTraceNode from '@opentelemetry/sdk-trace-node';
import type * as SemanticConventions from '@opentelemetry/semantic-conventions';
import { loadTracingConfig, type TracingConfig } from '../../config/env.ts';

/** What @fastify/otel is used for here (its own types would add `request.opentelemetry()` to every build). */
interface FastifyOtel {
  FastifyOtelInstrumentation: new (config: { registerOnInitialization: boolean }) => { setTracerProvider(provider: TracerProvider): void };
}

export interface Tracing {
  /** Where the spans go (the collector's /v1/traces). */
  readonly url: string;
  readonly serviceName: string;
  /** Sends the spans still buffered and stops: at the end of the shutdown, after the app closed. */
  shutdown(): Promise<void>;
}

function startTracing({ endpoint, serviceName }: TracingConfig): Tracing {
  const require = createRequire(import.meta.url);
  const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node') as typeof SdkTraceNode;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof Resources;
  const { ATTR_SERVICE_NAME } = require('@opentelemetry/semantic-conventions') as typeof SemanticConventions;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof PgTracing;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as FastifyOtel;

  // OTLP/HTTP with JSON bodies (this exporter's encoding), batched.
  const url = `${endpoint.replace(/\/+$/, '')}/v1/traces`;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The global provider, and the context manager that carries a request's span into its queries.
  provider.register();
  // Queries inside a traced request only: the job queue's polling would otherwise send a trace a second.
  new PgInstrumentation({ requireParentSpan: true }).setTracerProvider(provider);
  // A request span for every Fastify instance made from now on, with its route and hooks.
  new FastifyOtelInstrumentation({ registerOnInitialization: true }).setTracerProvider(provider);
  // Loaded now, through the require hook the pg instrumentation set, so that its prototypes are
  // patched before the app's `import pg` (which reuses this very module) runs.
  require('pg');
  return { url, serviceName, shutdown: () => provider.shutdown() };
}

const config = loadTracingConfig();

/** The traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export const tracing: Tracing | null = config ? startTracing(config) : null;
