import type { FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  okResponseSchema,
  passkeyAuthenticationOptionsRequestSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRegistrationRequestSchema,
  passkeyRenameRequestSchema,
  passkeySchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { Limits } from '../../lib/limits.ts';
import { assertNotAgent } from '../../policy/acting-agent.ts';
import { caller } from '../auth/index.ts';
import type { PasskeysService } from './passkeys.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/**
 * The signed-in user's own passkeys (decision 056), which an agent acting for a customer may not
 * touch, and the options of a sign-in with a passkey (second step or alone).
 */
export async function passkeysRoutes(app: ModuleApp, { passkeys, limits }: { passkeys: PasskeysService; limits: Limits }) {
  const { authenticate } = app.auth;
  const ownAccount = [authenticate, async (request: FastifyRequest) => assertNotAgent(caller(request))];

  app.get(
    '/api/securite/passkeys',
    {
      onRequest: ownAccount,
      schema: { tags: ['security'], summary: 'Les clés d’accès de l’utilisateur connecté', response: { 200: passkeyListSchema, ...errors } },
    },
    async (request) => passkeys.list(caller(request).user.id),
  );

  app.post(
    '/api/securite/passkeys/options',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Les options d’enregistrement d’une clé d’accès (navigator.credentials.create), valables 5 minutes, une fois',
        response: { 200: passkeyRegistrationOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return passkeys.registrationOptions(caller(request).user);
    },
  );

  app.post(
    '/api/securite/passkeys',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Enregistre une clé d’accès (réponse du navigateur aux options) ; la première des seconds facteurs donne les codes de secours, une seule fois',
        body: passkeyRegistrationRequestSchema,
        response: { 201: passkeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const created = await passkeys.register(caller(request).user, request.body.nom, request.body.attestation, request.ip);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/securite/passkeys/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Renomme une clé d’accès de l’utilisateur connecté',
        params: passkeyParamsSchema,
        body: passkeyRenameRequestSchema,
        response: { 200: passkeySchema, ...errors },
      },
    },
    async (request) => passkeys.rename(caller(request).user.id, request.params.id, request.body.nom),
  );

  app.delete(
    '/api/securite/passkeys/:id',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Retire une clé d’accès ; la dernière des seconds facteurs emporte les codes de secours',
        params: passkeyParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await passkeys.remove(caller(request).user, request.params.id, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/token/passkey/options',
    {
      onRequest: limits.perIpHook('login'),
      schema: {
        tags: ['auth'],
        summary:
          'Les options d’une connexion par clé d’accès (navigator.credentials.get) : avec le mfa_token d’une première étape, le second facteur de cet utilisateur ; sans, une connexion par clé d’accès seule',
        body: passkeyAuthenticationOptionsRequestSchema,
        response: { 200: passkeyAuthenticationOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return passkeys.authenticationOptions(request.body?.mfa_token);
    },
  );
}
