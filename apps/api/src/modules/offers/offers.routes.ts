import { apiErrorSchema, offerListSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { OffersService } from './offers.service.ts';

export async function offersRoutes(app: ModuleApp, service: OffersService) {
  app.get(
    '/api/offres',
    {
      onRequest: app.auth.authenticate,
      schema: {
        tags: ['offers'],
        summary: 'Le catalogue des forfaits : libellé, prix mensuel HT et TTC, enveloppe de données, options incluses',
        response: { 200: offerListSchema, 401: apiErrorSchema },
      },
    },
    async () => service.list(),
  );
}
