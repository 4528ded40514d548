import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_REQUESTS_PER_MINUTE, type ApiKeyScope, type TmfError } from '@ecare/shared';
import type { Core } from '../../core/core.ts';
import type { ModuleApp } from '../../core/module.ts';
import { fail, type AppError } from '../../lib/errors.ts';
import { mapError } from '../../plugins/errors.ts';
import type { ApiClient } from '../api-keys/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The public API's caller: the key's account and scopes (set by the /api/v1 scope). */
    apiClient: ApiClient | null;
  }
  interface FastifyContextConfig {
    /** The scope a public API route needs. */
    portee?: ApiKeyScope;
  }
}

/** The public API's client, set before any route of the scope runs. */
export function apiClientOf(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw fail('API_CREDENTIALS_INVALID');
  return request.apiClient;
}

/** TMF630's error body: the catalogue's code, its French message as the reason, the details of a bad request. */
function sendTmfError(reply: FastifyReply, error: AppError, issues?: { path: string; message: string }[]) {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
  const body: TmfError = { code: error.code, reason: error.message, status: String(error.statusCode) };
  if (issues?.length) body.message = issues.map((issue) => `${issue.path} : ${issue.message}`).join(' ; ');
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * What every /api/v1 route goes through (decision 061): the key or token of `Authorization:
 * Bearer` (401 otherwise, a revoked key at once), 600 requests a minute per key counted on every
 * instance (RateLimit-* headers, 429 with Retry-After beyond), the route's scope (403), and TMF
 * error bodies for every refusal, unknown paths included.
 */
export function publicApiScope(scope: ModuleApp, core: Core): void {
  scope.decorateRequest('apiClient', null);

  scope.addHook('onRequest', async (request, reply) => {
    const client = await scope.apiKeys.authenticate(request.headers.authorization);
    const quota = await core.limits.quota(`api:${client.idCle}`, API_REQUESTS_PER_MINUTE, 60_000);
    reply.header('RateLimit-Limit', String(API_REQUESTS_PER_MINUTE));
    reply.header('RateLimit-Remaining', String(quota.remaining));
    reply.header('RateLimit-Reset', String(quota.resetSeconds));
    if (!quota.allowed) throw fail('API_RATE_LIMITED', { values: { seconds: quota.retryAfterSeconds }, retryAfterSeconds: quota.retryAfterSeconds });
    request.apiClient = client;
  });

  scope.addHook('preHandler', async (request) => {
    const needed = request.routeOptions.config.portee;
    if (needed && !apiClientOf(request).portees.includes(needed)) throw fail('API_SCOPE_MISSING');
  });

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = mapError(error, request);
    return sendTmfError(reply, mapped.error, mapped.extra.issues);
  });
  scope.setNotFoundHandler((_request, reply) => sendTmfError(reply, fail('API_RESOURCE_UNKNOWN')));
  // The web app's catch-all would otherwise take the public API's unknown paths: they are its own,
  // answered after the key is checked, in its own shape.
  scope.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { xsrf: false },
    schema: { hide: true },
    handler: async () => {
      throw fail('API_RESOURCE_UNKNOWN');
    },
  });
}
