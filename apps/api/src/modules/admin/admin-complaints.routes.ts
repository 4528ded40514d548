import { adminComplaintDecisionBodySchema, adminComplaintPageSchema, adminComplaintParamSchema, adminComplaintQuerySchema, adminComplaintSchema, adminComplaintStatusBodySchema, apiErrorSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { AdminComplaintsService } from './admin-complaints.service.ts';
import { actorOf } from '../auth/index.ts';
import { ACCESS, administrator, orderErrors, readErrors, TAGS } from './admin.routes.ts';

/** Invoice complaints in the back office, beside the contact form's tickets (decision 030). */
export async function adminComplaintsRoutes(app: ModuleApp, service: AdminComplaintsService) {
  const onRequest = [app.auth.authenticate, administrator];

  app.get(
    '/api/admin/reclamations',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les réclamations sur facture (REC-…), les plus récentes d’abord, filtrées par statut et par début de référence',
        description: ACCESS,
        querystring: adminComplaintQuerySchema,
        response: { 200: adminComplaintPageSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request) => service.complaints(request.query),
  );

  app.put(
    '/api/admin/reclamations/:reference/statut',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Change le statut d’une réclamation (en cours → traitée, ou reprise) avec une réponse facultative, envoyée par e-mail à son auteur ; tracé dans le journal d’audit',
        description: `${ACCESS} Une référence inconnue répond 404 ; un changement que le statut actuel ne permet pas, 409.`,
        params: adminComplaintParamSchema,
        body: adminComplaintStatusBodySchema,
        response: { 200: adminComplaintSchema, ...orderErrors },
      },
    },
    async (request) => service.changeStatus(actorOf(request), request.params.reference, request.body),
  );

  app.post(
    '/api/admin/reclamations/:reference/decision',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Tranche une réclamation, une seule fois : refusée, acceptée, ou acceptée avec un avoir (AV-AAAA-NNNNNN) du montant HT indiqué, au plus ce qui reste à créditer sur la facture ; l’avoir est déduit du reste à payer de la facture, le surplus remboursé par le moyen de paiement du compte ; la réclamation passe à « traitée », son auteur et les gestionnaires du compte sont prévenus par e-mail ; tracé dans le journal d’audit',
        description: `${ACCESS} Une référence inconnue répond 404 ; une réclamation déjà tranchée, ou un avoir au-delà du reste à créditer, 409.`,
        params: adminComplaintParamSchema,
        body: adminComplaintDecisionBodySchema,
        response: { 200: adminComplaintSchema, ...orderErrors },
      },
    },
    async (request) => service.decide(actorOf(request), request.params.reference, request.body),
  );
}
