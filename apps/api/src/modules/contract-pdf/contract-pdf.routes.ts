import { apiErrorSchema, idContratParamSchema } from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { ContractPdfService } from './contract-pdf.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

/** The PDF's bytes, sent as they are (never serialized), documented as binary. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'Le contrat au format PDF' });

export async function contractPdfRoutes(app: ModuleApp, service: ContractPdfService) {
  app.get(
    '/api/contrats/:id_contrat/pdf',
    {
      onRequest: app.auth.authenticate,
      // A HEAD would make the document and record a download nobody received.
      exposeHeadRoute: false,
      schema: {
        tags: ['contract-pdf'],
        summary:
          'Le contrat de la ligne au format PDF (titulaire, ligne, forfait et prix mensuel HT et TTC, options, date d’activation, fin d’engagement, mentions légales de l’opérateur), en pièce jointe `contrat-<numéro de ligne>.pdf`',
        description:
          'Pour l’utilisateur de la ligne et les gestionnaires de son compte de facturation ; chaque téléchargement est tracé dans le journal d’audit.',
        params: idContratParamSchema,
        response: {
          200: { description: 'Le contrat', content: { 'application/pdf': { schema: pdfFile } } },
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.contractPdf({ userId: caller(request).user.id, sourceAddress: request.ip }, request.params.id_contrat);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', downloadDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
