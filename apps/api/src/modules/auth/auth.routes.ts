import type { FastifyError, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  currentUserSchema,
  mfaRequiredSchema,
  oauthCodeOf,
  okResponseSchema,
  tokenEndpointRequestSchema,
  tokenErrorSchema,
  tokenResponseSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { Metrics } from '../../platform/observability/index.ts';
import { caller, type createAuthenticate } from './auth.hook.ts';
import type { AuthService } from './auth.service.ts';
import { passTokenOf } from './login-protection.ts';

/**
 * OAuth clients expect `{ error, error_description }` for every refusal of the token call: domain
 * errors with an OAuth code keep it, the framework's client faults (bad body, size) are invalid
 * requests; anything else goes on to the app's error handler.
 */
export function sendOAuthError(error: FastifyError | AppError, reply: FastifyReply) {
  const known = error instanceof AppError ? error : (error.statusCode ?? 500) < 500 ? fail('INVALID_REQUEST') : null;
  const oauth = known ? oauthCodeOf(known.code) : undefined;
  if (!known || !oauth) throw error;
  if (known.retryAfterSeconds !== undefined) reply.header('Retry-After', String(known.retryAfterSeconds));
  // RFC 6749 §5.2: a client that failed to authenticate is answered 401, every other refusal 400.
  const status = known.statusCode === 429 ? 429 : oauth === 'invalid_client' ? 401 : 400;
  return reply.status(status).send({ error: oauth, error_description: known.message });
}

export async function authRoutes(
  app: ModuleApp,
  {
    service,
    authenticate,
    limits,
    metrics,
  }: { service: AuthService; authenticate: ReturnType<typeof createAuthenticate>; limits: Limits; metrics: Pick<Metrics, 'signInFailed'> },
) {
  app.post(
    '/api/token',
    {

      schema: {
        tags: ['auth'],
        summary:
          'Connexion (OAuth2 password grant) : renvoie un jeton de session opaque, ou 403 mfa_required pour un utilisateur ayant un second facteur, qui répond par grant_type=mfa_otp, mfa_recovery_code ou mfa_passkey ; grant_type=passkey : connexion par une clé d’accès seule',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenEndpointRequestSchema,
        // 403: a second step is needed (decision 054), or the request failed the XSRF check.
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema, 403: z.union([mfaRequiredSchema, apiErrorSchema]), 429: tokenErrorSchema },
      },
      preValidation: async (request) => {
        // A sign-in's second step (`mfa_*`, decision 057) counts apart from the first: a sign-in
        // with a second factor costs the address one login attempt, as one without.
        const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
        await limits.perIp(typeof grant === 'string' && grant.startsWith('mfa_') ? 'second-step' : 'login', request.ip);
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) throw fail('INVALID_REQUEST');
      },
      errorHandler: (error, _request, reply) => {
        // A refusal (not a fault of the server) is a failed sign-in, counted by its code.
        if ((error.statusCode ?? 500) < 500) metrics.signInFailed(error instanceof AppError ? error.code : 'INVALID_REQUEST');
        return sendOAuthError(error, reply);
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const answer = await service.token(request.body, request.ip, passTokenOf(request.cookies), request.headers['user-agent']);
      // The code was right and a second factor must follow (decision 054): no session yet.
      if ('mfa_token' in answer) return reply.status(403).send(answer);
      return answer;
    },
  );

  app.get(
    '/api/current_user',
    {
      onRequest: authenticate,
      schema: { tags: ['auth'], summary: "L’utilisateur connecté et ses rôles", response: { 200: currentUserSchema, 401: apiErrorSchema } },
    },
    async (request) => service.currentUser(caller(request).user),
  );

  app.post(
    '/api/sessions/SessionData/Logout',
    {
      onRequest: authenticate,
      schema: { tags: ['auth'], summary: 'Déconnexion : révoque la session', response: { 200: okResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      await service.logout(caller(request).tokenHash);
      return { ok: true as const };
    },
  );
}
