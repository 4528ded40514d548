import { Readable } from 'node:stream';
import { apiErrorSchema, invoiceAccountParamSchema, invoiceCentresExportQuerySchema, invoiceCentresSchema, invoiceParamSchema } from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { downloadDisposition } from '../../lib/download.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { InvoiceCentresService } from './invoice-centres.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const file = (description: string) => ({
  schema: z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'string', format: 'binary', description }),
});

const ACCESS =
  'Réservé aux gestionnaires du compte de facturation ; une facture d’un autre compte répond comme une facture inconnue (404), un compte non géré 403.';

/** An invoice by cost centre and the export of a period by centre (decision 049). */
export async function invoiceCentresRoutes(app: ModuleApp, service: InvoiceCentresService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/facture/:idClientBscs/:referenceNumber/centres-de-cout',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          'Une facture par centre de coût : chaque centre (celui de la ligne à l’émission de la facture) avec ses lignes et ses totaux HT, TVA et TTC, puis « Sans centre de coût » pour les lignes sans centre et les frais du compte',
        description: `${ACCESS} Les centres s’additionnent au centime près aux totaux de la facture (la TVA, calculée sur le total, est répartie entre eux).`,
        params: invoiceParamSchema,
        response: { 200: invoiceCentresSchema, ...errors },
      },
    },
    async (request) => service.byCentre(caller(request).user.id, request.params.idClientBscs, request.params.referenceNumber),
  );

  app.get(
    '/api/facture/:idClientBscs/centres-de-cout/export',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['invoices'],
        summary:
          'Les factures datées des mois `du`–`au` (AAAA-MM ; les douze derniers mois sans eux, 36 mois au plus) par centre de coût, en CSV ou XLSX : une ligne par facture et par centre avec ses montants HT, TVA et TTC, en pièce jointe `factures-centres-<compte>-<du>-<au>.<format>` ; l’en-tête `X-Total-Count` donne le nombre de factures',
        description:
          `${ACCESS} 20 fichiers (archives et exports) par quart d’heure et par utilisateur ; chaque export est tracé dans le journal d’audit. ` +
          'CSV : UTF-8 avec BOM, séparateur point-virgule, fins de ligne CRLF. XLSX : une feuille « Centres de coût ».',
        params: invoiceAccountParamSchema,
        querystring: invoiceCentresExportQuerySchema,
        response: {
          200: {
            description: 'Les factures par centre de coût',
            content: { 'text/csv': file('CSV des factures par centre de coût'), [XLSX_CONTENT_TYPE]: file('Classeur Excel des factures par centre de coût') },
          },
          ...errors,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const exported = await service.exportByCentre(actorOf(request), request.params.idClientBscs, request.query);
      return reply
        .header('content-type', exported.contentType)
        .header('content-disposition', downloadDisposition(exported.filename))
        .header('cache-control', 'no-store')
        .header('x-total-count', String(exported.count))
        .send(Readable.from(exported.body));
    },
  );
}
