import { apiErrorSchema, unpaidCheckRequestSchema, unpaidCheckResponseSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { UnpaidService } from './unpaid.service.ts';

export async function unpaidRoutes(app: ModuleApp, service: UnpaidService) {
  app.post(
    '/api/impayes/verifier',
    {
      onRequest: app.auth.authenticate,
      schema: {
        tags: ['unpaid'],
        summary:
          'Vérifie les impayés avant un parcours de vente (RM nouveau téléphone, PU changement de forfait, AJL ajout de ligne) : arretParcours vaut true quand le compte, ou un autre compte de facturation de la même entreprise, a une facture échue non réglée ; message dit alors le montant et comment payer. Réservé aux gestionnaires du compte ; 30 vérifications par utilisateur et 10 minutes',
        body: unpaidCheckRequestSchema,
        response: { 200: unpaidCheckResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => service.check(caller(request).user.id, request.body),
  );
}
