import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_TOKEN_HEADER, apiErrorSchema, okResponseSchema, recoveryCodesSchema, securityOverviewSchema, totpCodeRequestSchema, totpEnrolmentSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { assertNotAgent } from '../../policy/acting-agent.ts';
import { caller } from '../auth/index.ts';
import type { SecurityService } from './security.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The signed-in user's own authenticator app (decision 054); an agent acting for a customer may not touch it. */
export async function securityRoutes(app: ModuleApp, { service }: { service: SecurityService }) {
  const { authenticate } = app.auth;
  const ownAccount = [authenticate, async (request: FastifyRequest) => assertNotAgent(caller(request))];
  const mfaTokenOf = (request: FastifyRequest) => {
    const value = request.headers[MFA_TOKEN_HEADER.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  };
  // A sign-in's enrolment challenge (decision 057) enrols without a session; anything else needs the user's own.
  const ownAccountOrEnrolmentChallenge = async (request: FastifyRequest, reply: FastifyReply) => {
    if (mfaTokenOf(request) !== undefined) return;
    await authenticate(request, reply);
    assertNotAgent(caller(request));
  };

  app.get(
    '/api/securite',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Les seconds facteurs de l’utilisateur connecté : son application d’authentification et ses codes de secours restants',
        response: { 200: securityOverviewSchema, ...errors },
      },
    },
    async (request) => service.overview(caller(request).user.id),
  );

  app.post(
    '/api/securite/totp/inscription',
    {
      onRequest: ownAccountOrEnrolmentChallenge,
      schema: {
        tags: ['security'],
        summary: 'Commence l’inscription d’une application d’authentification (remplace une inscription en attente)',
        description: `Sans session, avec l’en-tête ${MFA_TOKEN_HEADER} d’une connexion qui exige l’inscription (mfa_required, inscriptionRequise) : l’application du sujet de la connexion, confirmée ensuite par grant_type=mfa_otp.`,
        response: { 200: totpEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const mfaToken = mfaTokenOf(request);
      if (mfaToken !== undefined) return service.enrolByChallenge(mfaToken);
      const { user } = caller(request);
      return service.enrol(user);
    },
  );

  app.post(
    '/api/securite/totp/confirmation',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Confirme l’application d’authentification par un premier code ; renvoie les codes de secours, une seule fois',
        body: totpCodeRequestSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { user } = caller(request);
      return service.confirm(user, request.body.code, request.ip);
    },
  );

  app.delete(
    '/api/securite/totp',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['security'],
        summary: 'Retire l’application d’authentification et ses codes de secours, sur un code actuel',
        body: totpCodeRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = caller(request);
      await service.remove(user, request.body.code, request.ip);
      return { ok: true as const };
    },
  );
}
