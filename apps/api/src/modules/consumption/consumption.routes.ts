import { apiErrorSchema, consumptionRequestSchema, consumptionSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { ConsumptionService } from './consumption.service.ts';

export async function consumptionRoutes(app: ModuleApp, service: ConsumptionService) {
  app.post(
    '/api/infoconso/getinfoconso',
    {
      onRequest: app.auth.authenticate,
      // A question in a body, not a change: its reads may go to the read replica (decision 064).
      config: { onlyReads: true },
      schema: {
        tags: ['consumption'],
        summary:
          'La consommation d’une ligne mobile (minutes d’appel, SMS, données en Mo, hors forfait HT et TTC) sur une période de facturation et les cinq précédentes, face à ce que comprend le forfait',
        description:
          'Une période de facturation est un mois calendaire (heure de Paris), `periode` au format AAAA-MM : la période en cours par défaut, au plus 11 mois en arrière. `periodesConsultables` propose la période en cours et, parmi les 11 précédentes, celles dont la consommation est relevée. ' +
          'Quand la période choisie est la période en cours, `jours` la donne jour par jour (jour en France), du premier jour à aujourd’hui, chaque jour présent même sans usage, tel que le flux d’usage l’a compté ; chaque jour est arrondi à part (Mo au plus proche, minutes entamées), si bien que leur somme peut différer de quelques unités de ce que la période ajoute au relevé mensuel. Pour une période close, `jours` est vide. ' +
          'L’utilisateur de la ligne et les gestionnaires de son compte de facturation peuvent la consulter.',
        body: consumptionRequestSchema,
        response: { 200: consumptionSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.consumption(caller(request).user.id, request.body),
  );
}
