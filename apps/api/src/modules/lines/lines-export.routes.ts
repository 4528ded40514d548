import { Readable } from 'node:stream';
import { apiErrorSchema, idClientBscsParamSchema, lineExportQuerySchema } from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { actorOf } from '../auth/index.ts';
import type { LinesService } from './lines.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

/** A file sent as a stream (never serialized), documented as binary. */
const file = (description: string) => ({
  schema: z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'string', format: 'binary', description }),
});

export async function lineExportRoutes(app: ModuleApp, service: LinesService) {
  app.get(
    '/api/contrats_pagination/:id_client_bscs/export',
    {
      onRequest: app.auth.authenticate,
      // A HEAD would read the whole export to drop it, and be recorded as one.
      exposeHeadRoute: false,
      schema: {
        tags: ['lines'],
        summary:
          "Export des lignes d’un compte de facturation (mêmes filtres et même ordre que la liste, ou la sélection `ids`) en CSV ou XLSX, en pièce jointe `lignes-<compte>-<AAAA-MM-JJ>.<format>` ; l’en-tête `X-Total-Count` donne le nombre de lignes exportées",
        description:
          'Réservé aux gestionnaires du compte ; chaque export est tracé dans le journal d’audit. Le fichier est produit au fil de la lecture. ' +
          'CSV : UTF-8 avec BOM, séparateur point-virgule, fins de ligne CRLF, cellules commençant par =, +, - ou @ précédées d’une apostrophe. ' +
          'XLSX : une feuille « Lignes », dates et prix au format Excel.',
        params: idClientBscsParamSchema,
        querystring: lineExportQuerySchema,
        response: {
          200: {
            description: 'Le fichier des lignes',
            content: {
              'text/csv': file('CSV des lignes (UTF-8 avec BOM, séparateur ;)'),
              [XLSX_CONTENT_TYPE]: file('Classeur Excel des lignes'),
            },
          },
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const exported = await service.exportLines(actorOf(request), request.params.id_client_bscs, request.query);
      return reply
        .header('content-type', exported.contentType)
        .header('content-disposition', downloadDisposition(exported.filename))
        .header('cache-control', 'no-store')
        .header('x-total-count', String(exported.total))
        .send(Readable.from(exported.body));
    },
  );
}
