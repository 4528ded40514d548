import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, emailChangeRequestSchema, emailManagementSchema, guidParamSchema, okResponseSchema } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';
import { caller } from '../../plugins/authenticate.ts';

const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const emailChangeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate, limitPerIp }) => {
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
      await services.emailChange.request(caller(request).user.id, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/emailmanagement/:guid',
    {
      onRequest: limitPerIp('email-link'),
      schema: { tags: ['email'], summary: 'État d’une demande de changement d’e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => services.emailChange.status(request.params.guid),
  );

  app.post(
    '/api/utilisateurs/email/:guid/valider',
    {
      onRequest: limitPerIp('email-link'),
      schema: { tags: ['email'], summary: 'Confirme la nouvelle adresse e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => services.emailChange.validate(request.params.guid),
  );

  app.post(
    '/api/utilisateurs/email/:guid/annuler',
    {
      onRequest: limitPerIp('email-link'),
      schema: { tags: ['email'], summary: 'Annule le changement d’adresse e-mail', params: guidParamSchema, response: { 200: emailManagementSchema, ...errors } },
    },
    async (request) => services.emailChange.cancel(request.params.guid),
  );
};
