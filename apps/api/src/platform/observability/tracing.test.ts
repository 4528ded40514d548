import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../test/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789abcdef';

/** A span as OTLP/JSON carries it (the exporter of @opentelemetry/exporter-trace-otlp-http sends JSON). */
interface ReceivedSpan {
  scope: string;
  name: string;
  traceId: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: { name: string; traceId: string; attributes?: { key: string; value: OtlpValue }[] }[] }[];
  }[];
}

const attributesOf = (list: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? value.intValue]));

/** An OTLP/HTTP collector's traces endpoint on this machine: keeps every span and resource it is sent. */
function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const resources: Record<string, unknown>[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      contentTypes.push(request.headers['content-type'] ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        resources.push(attributesOf(resourceSpans.resource?.attributes));
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({ scope: scopeSpans.scope?.name ?? '', name: span.name, traceId: span.traceId, attributes: attributesOf(span.attributes) });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    spans,
    resources,
    contentTypes,
    listen: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traces, with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const receiver = otlpReceiver();
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const endpoint = await receiver.listen();
    // The batch is sent on its timer only after 10 minutes: what arrives came with the stop's flush.
    server = await startServer({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'espace-client-pro-test', OTEL_BSP_SCHEDULE_DELAY: '600000', METRICS_TOKEN },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await receiver.close();
  });

  it('sends a span for the HTTP route and one for its query, flushed at the stop', async () => {
    const ready = await fetch(`${server?.url}/ready`, { headers: { 'x-request-id': 'trace-me-1' } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toBe('trace-me-1');
    // The real server's job queue (pg-boss) is read at the scrape.
    const metrics = await fetch(`${server?.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('ecare_metrics_source_up{source="job_queue"} 1\n');
    expect(text).toContain('ecare_http_requests_total{method="GET",route="/ready",status="200"} 1\n');
    await server?.stop();
    server = undefined;

    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    expect(receiver.resources).toContainEqual(expect.objectContaining({ 'service.name': 'espace-client-pro-test' }));
    const request = receiver.spans.find((span) => span.scope === '@fastify/otel' && span.name === 'request' && span.attributes['http.route'] === '/ready');
    expect(request, JSON.stringify(receiver.spans.map(({ scope, name }) => `${scope} ${name}`))).toBeDefined();
    const queries = receiver.spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.traceId === request?.traceId);
    expect(queries.length, JSON.stringify(receiver.spans.map(({ scope, name }) => `${scope} ${name}`))).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('traces, without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('loads nothing of OpenTelemetry', async () => {
    const script = [
      "const { tracing } = await import('./apps/api/src/platform/observability/tracing.ts');",
      "const { createRequire } = await import('node:module');",
      'const loaded = Object.keys(createRequire(import.meta.url).cache);',
      "console.log(JSON.stringify({ tracing, otel: loaded.filter((file) => /opentelemetry|@fastify[\\\\/]otel/.test(file)) }));",
    ].join('\n');
    const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env });
    expect(JSON.parse(stdout.trim())).toEqual({ tracing: null, otel: [] });
  }, 60_000);
});
