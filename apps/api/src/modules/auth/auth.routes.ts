import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  currentUserSchema,
  logoutResponseSchema,
  tokenErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@ecare/shared';
import { AppError } from '../../lib/errors.ts';
import { TooManyRequests } from '../../lib/limits.ts';
import { caller } from '../../plugins/authenticate.ts';
import type { RouteDeps } from '../../app-deps.ts';
import { OAuthError } from './auth.service.ts';

const INVALID_REQUEST = 'La requête de connexion est incomplète ou invalide.';

export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate, limitPerIp }) => {
  app.post(
    '/api/token',
    {
      onRequest: limitPerIp('login'),
      schema: {
        tags: ['auth'],
        summary: 'Connexion (OAuth2 password grant) : renvoie un jeton de session opaque',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema, 429: tokenErrorSchema },
      },
      preValidation: async (request) => {
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          throw new OAuthError('invalid_request', INVALID_REQUEST);
        }
      },
      // OAuth clients expect { error, error_description } for every refusal, bad bodies included.
      errorHandler: (error, _request, reply) => {
        if (error instanceof OAuthError) {
          return reply.status(400).send({ error: error.oauthCode, error_description: error.message });
        }
        if (error instanceof TooManyRequests) {
          return reply
            .status(429)
            .header('Retry-After', String(error.retryAfterSeconds ?? 60))
            .send({ error: 'slow_down', error_description: error.message });
        }
        if (error instanceof AppError) throw error;
        if (error.statusCode && error.statusCode < 500) {
          return reply.status(400).send({ error: 'invalid_request', error_description: INVALID_REQUEST });
        }
        throw error;
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.auth.login(request.body, request.ip);
    },
  );

  app.get(
    '/api/current_user',
    {
      onRequest: authenticate,
      schema: { tags: ['auth'], summary: "L'utilisateur connecté et ses rôles", response: { 200: currentUserSchema, 401: apiErrorSchema } },
    },
    async (request) => services.auth.currentUser(caller(request).user),
  );

  app.post(
    '/api/sessions/SessionData/Logout',
    {
      onRequest: authenticate,
      schema: { tags: ['auth'], summary: 'Déconnexion : révoque la session', response: { 200: logoutResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      await services.auth.logout(caller(request).tokenHash);
      return { ok: true as const };
    },
  );
};
