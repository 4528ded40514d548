import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/**
 * What the work in progress belongs to: the request that caused it (its id, for the log lines
 * written outside the request's logger, the jobs it sends and the mails it queues) and the
 * instance's metrics. Set for each request and each job handled.
 */
export interface WorkContext {
  requestId: string | undefined;
  /** Absent only between a queue's fetch of a job and the instance's handler (withRequestId). */
  metrics?: Metrics;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** The id of the request the current work belongs to, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The metrics of the instance the current work runs in (a request or a job), if any. */
export function currentMetrics(): Metrics | undefined {
  return storage.getStore()?.metrics;
}

/** Runs `work`, and everything it starts, as part of `context`. */
export function runInContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/** Runs `work` as part of the request `requestId` names (a job it sent, handled later), in the current context otherwise. */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : storage.run({ ...storage.getStore(), requestId }, work);
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a proxy gave that can go into logs, headers and rows as it is: a short token. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the proxy's X-Request-Id when it is a sane short token, else a new uuid. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the request id in the answer's X-Request-Id, runs the request in its work context and
 * counts it when answered (by route pattern and status).
 * Registered first, so that the answers of later hooks that refuse (maintenance, XSRF) carry the
 * header too. The context is entered again once the body is read: a body arrives on the
 * socket's events, outside the context the request started in.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  const contextOf = (id: string): WorkContext => ({ requestId: id, metrics });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    storage.run(contextOf(request.id), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    storage.run(contextOf(request.id), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDone(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}
