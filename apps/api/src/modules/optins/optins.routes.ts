import { apiErrorSchema, idClientBscsParamSchema, optinChoicesSchema, optinsSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { OptinsService } from './optins.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const accountErrors = { ...errors, 403: apiErrorSchema };


export async function optinsRoutes(app: ModuleApp, service: OptinsService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/contacts/optins',
    {
      onRequest: authenticate,
      schema: {
        tags: ['optins'],
        summary:
          'Les préférences de contact de l’utilisateur connecté : offres commerciales et actualités du service, par e-mail et par SMS (tout à false tant que rien n’a été choisi)',
        response: { 200: optinsSchema, ...errors },
      },
    },
    async (request) => service.own(caller(request).user.id),
  );

  app.put(
    '/api/contacts/optins',
    {
      onRequest: authenticate,
      schema: {
        tags: ['optins'],
        summary: 'Enregistre les préférences de contact de l’utilisateur connecté (les quatre choix à chaque fois) ; tracé dans le journal d’audit',
        body: optinChoicesSchema,
        response: { 200: optinsSchema, ...errors },
      },
    },
    async (request) => service.saveOwn(actorOf(request), request.body),
  );

  app.get(
    '/api/contacts/:id_client_bscs/optins',
    {
      onRequest: authenticate,
      schema: {
        tags: ['optins'],
        summary: 'Les préférences de contact d’un compte de facturation, pour son gestionnaire',
        params: idClientBscsParamSchema,
        response: { 200: optinsSchema, ...accountErrors },
      },
    },
    async (request) => service.ofAccount(caller(request).user.id, request.params.id_client_bscs),
  );

  app.put(
    '/api/contacts/:id_client_bscs/optins',
    {
      onRequest: authenticate,
      schema: {
        tags: ['optins'],
        summary:
          'Enregistre les préférences de contact d’un compte de facturation (réservé à son gestionnaire) ; tracé dans le journal d’audit',
        params: idClientBscsParamSchema,
        body: optinChoicesSchema,
        response: { 200: optinsSchema, ...accountErrors },
      },
    },
    async (request) => service.saveOfAccount(actorOf(request), request.params.id_client_bscs, request.body),
  );
}
