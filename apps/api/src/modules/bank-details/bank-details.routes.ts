import {
  apiErrorSchema,
  bankAccountParamSchema,
  bankDetailsChangeSchema,
  bankDetailsSavedSchema,
  bankDetailsSchema,
  sepaMandateSchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { BankDetailsService } from './bank-details.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The PDF's bytes, sent as they are (never serialized), documented as binary. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'Le mandat de prélèvement SEPA au format PDF' });


const MANAGERS_ONLY = 'Réservé aux gestionnaires du compte de facturation.';

export async function bankDetailsRoutes(app: ModuleApp, service: BankDetailsService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/clients/:idClientBscs/coordonnees-bancaires',
    {
      onRequest: authenticate,
      schema: {
        tags: ['bank-details'],
        summary:
          'Les coordonnées bancaires du compte (titulaire, IBAN masqué sauf ses 4 derniers caractères, BIC) et son mode de paiement : CARTE, VIREMENT ou PRELEVEMENT',
        description: MANAGERS_ONLY,
        params: bankAccountParamSchema,
        response: { 200: bankDetailsSchema, ...readErrors },
      },
    },
    async (request) => service.bankDetails(caller(request).user.id, request.params.idClientBscs),
  );

  app.put(
    '/api/clients/:idClientBscs/coordonnees-bancaires',
    {
      onRequest: authenticate,
      schema: {
        tags: ['bank-details'],
        summary:
          'Enregistre de nouvelles coordonnées bancaires (IBAN et BIC vérifiés : pays, longueur, clés) et, s’il est donné, le mode de paiement. Le mandat SEPA en vigueur est révoqué ; en prélèvement, un nouveau mandat est émis. Les gestionnaires du compte sont prévenus par e-mail',
        description: `${MANAGERS_ONLY} Cinq enregistrements par compte et par 24 heures au plus.`,
        params: bankAccountParamSchema,
        body: bankDetailsChangeSchema,
        response: { 200: bankDetailsSavedSchema, ...readErrors, 429: apiErrorSchema },
      },
    },
    async (request) => service.save(actorOf(request), request.params.idClientBscs, request.body),
  );

  app.get(
    '/api/clients/:idClientBscs/mandat-sepa',
    {
      onRequest: authenticate,
      schema: {
        tags: ['bank-details'],
        summary: 'Le mandat de prélèvement SEPA en vigueur du compte : statut, RUM, type (B2B ou CORE), date et lieu de signature',
        description: `${MANAGERS_ONLY} 404 SEPA_MANDATE_NOT_FOUND quand le compte n’en a pas.`,
        params: bankAccountParamSchema,
        response: { 200: sepaMandateSchema, ...readErrors, 404: apiErrorSchema },
      },
    },
    async (request) => service.mandate(caller(request).user.id, request.params.idClientBscs),
  );

  app.get(
    '/api/clients/:idClientBscs/mandat-sepa/pdf',
    {
      onRequest: authenticate,
      // A HEAD would make the document and record a download nobody received.
      exposeHeadRoute: false,
      schema: {
        tags: ['bank-details'],
        summary:
          'Le mandat SEPA en vigueur au format PDF, avec ses mentions obligatoires (RUM, ICS, créancier et débiteur, IBAN et BIC, paiement récurrent, lieu et date, droits du débiteur), en pièce jointe `mandat-sepa-<RUM>.pdf`',
        description: `${MANAGERS_ONLY} Chaque téléchargement est tracé dans le journal d’audit.`,
        params: bankAccountParamSchema,
        response: {
          200: { description: 'Le mandat', content: { 'application/pdf': { schema: pdfFile } } },
          ...readErrors,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, sourceAddress } = actorOf(request);
      const file = await service.mandatePdf({ userId, sourceAddress }, request.params.idClientBscs);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', downloadDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
