import { adminTicketPageSchema, adminTicketParamSchema, adminTicketQuerySchema, adminTicketSchema, adminTicketStatusBodySchema, apiErrorSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { AdminTicketsService } from './admin-tickets.service.ts';
import { actorOf } from '../auth/index.ts';
import { ACCESS, administrator, orderErrors, readErrors, TAGS } from './admin.routes.ts';

/** The contact form's support tickets in the back office (decision 030). */
export async function adminTicketsRoutes(app: ModuleApp, service: AdminTicketsService) {
  const onRequest = [app.auth.authenticate, administrator];

  app.get(
    '/api/admin/support/demandes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les demandes du formulaire de contact, les plus récentes d’abord, filtrées par statut et par début de référence',
        description: ACCESS,
        querystring: adminTicketQuerySchema,
        response: { 200: adminTicketPageSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request) => service.tickets(request.query),
  );

  app.put(
    '/api/admin/support/demandes/:reference/statut',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Change le statut d’une demande (Reçue → En cours de traitement, En attente de votre réponse ou Traitée ; une demande traitée peut être reprise) avec une réponse facultative, envoyée par e-mail à son expéditeur ; tracé dans le journal d’audit',
        description: `${ACCESS} Une référence inconnue répond 404 ; un changement que le statut actuel ne permet pas, 409.`,
        params: adminTicketParamSchema,
        body: adminTicketStatusBodySchema,
        response: { 200: adminTicketSchema, ...orderErrors },
      },
    },
    async (request) => service.changeStatus(actorOf(request), request.params.reference, request.body),
  );
}
