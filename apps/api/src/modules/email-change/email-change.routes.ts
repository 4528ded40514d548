import { apiErrorSchema, emailChangeRequestSchema, emailManagementSchema, guidParamSchema, okResponseSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { Limits } from '../../lib/limits.ts';
import { caller } from '../auth/index.ts';
import type { EmailChangeService } from './email-change.service.ts';

const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export async function emailChangeRoutes(app: ModuleApp, { service, limits }: { service: EmailChangeService; limits: Limits }) {
  const { authenticate } = app.auth;
  app.post(
    '/api/utilisateurs/email',
    {
      onRequest: authenticate,
      schema: {
        tags: ['email'],
        summary: 'Demande le changement de l’adresse e-mail de connexion (confirmation envoyée à la nouvelle adresse)',
        body: emailChangeRequestSchema,
        response: { 200: okResponseSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await service.request(caller(request).user.id, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/emailmanagement/:guid',
    {
      onRequest: limits.perIpHook('email-link'),
      schema: { tags: ['email'], summary: 'État d’une demande de changement d’e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => service.status(request.params.guid),
  );

  app.post(
    '/api/utilisateurs/email/:guid/valider',
    {
      onRequest: limits.perIpHook('email-link'),
      schema: { tags: ['email'], summary: 'Confirme la nouvelle adresse e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => service.validate(request.params.guid, request.ip),
  );

  app.post(
    '/api/utilisateurs/email/:guid/annuler',
    {
      onRequest: limits.perIpHook('email-link'),
      schema: { tags: ['email'], summary: 'Annule le changement d’adresse e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => service.cancel(request.params.guid, request.ip),
  );
}
