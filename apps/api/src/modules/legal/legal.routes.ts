import {
  apiErrorSchema,
  legalPageCodeParamSchema,
  legalPageSchema,
  staticDocumentListSchema,
  staticDocumentTypeParamSchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import type { LegalService } from './legal.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

/** The PDF's bytes, sent as they are (never serialized), documented as binary. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'Le document au format PDF' });

/** Reference texts change with a release or an operator's edit, not between two page views. */
const CACHE_CONTROL = 'public, max-age=300';

export async function legalRoutes(app: ModuleApp, service: LegalService) {
  app.get(
    '/api/mentions-legales/:pageCode',
    {
      schema: {
        tags: ['legal'],
        summary:
          'Une page d’information légale par son code (MENTIONS_LEGALES, CONDITIONS_TARIFS, ENVIRONNEMENT, DONNEES_PERSONNELLES, ACCESSIBILITE) : titre, contenu HTML (titres, paragraphes, listes, liens et tableaux seulement) et date de mise à jour',
        description: 'Sans authentification : les informations légales se lisent aussi sans être connecté. Un code inconnu répond 404.',
        security: [],
        params: legalPageCodeParamSchema,
        response: { 200: legalPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await service.page(request.params.pageCode);
      reply.header('Cache-Control', CACHE_CONTROL);
      return page;
    },
  );

  app.get(
    '/api/documentstatique',
    {
      schema: {
        tags: ['legal'],
        summary: 'Les documents contractuels téléchargeables (CGV, CGA, GT) : titre, version, date d’application et nom du fichier PDF',
        description: 'Sans authentification.',
        security: [],
        response: { 200: staticDocumentListSchema },
      },
    },
    async (_request, reply) => {
      const documents = await service.documents();
      reply.header('Cache-Control', CACHE_CONTROL);
      return documents;
    },
  );

  app.get(
    '/api/documentstatique/:type',
    {
      schema: {
        tags: ['legal'],
        summary:
          'Un document contractuel au format PDF, en pièce jointe : CGV (conditions générales de vente), CGA (conditions générales d’abonnement) ou GT (guide tarifaire), dans sa version en vigueur',
        description: 'Sans authentification. Un type inconnu répond 404.',
        security: [],
        params: staticDocumentTypeParamSchema,
        response: {
          200: { description: 'Le document', content: { 'application/pdf': { schema: pdfFile } } },
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.document(request.params.type);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', downloadDisposition(file.filename))
        .header('cache-control', CACHE_CONTROL)
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
