import {
  PIECE_FIELD,
  PIECE_MAX_BYTES,
  apiErrorSchema,
  pieceDownloadSchema,
  pieceParamSchema,
  pieceSchema,
  pieceSearchQuerySchema,
  pieceUploadFieldsSchema,
  pieceUploadParamSchema,
  pieceUploadResponseSchema,
  orderAccountParamSchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { bodyReadByHandler, readMultipartUpload } from '../../lib/attachments/multipart.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { ORDERS_ACCESS, ordersCallerOf } from './orders.routes.ts';
import { pieceUploadError, type PiecesService } from './pieces.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export async function piecesRoutes(app: ModuleApp, { service, store }: { service: PiecesService; store: AttachmentStore }) {
  const { authenticate } = app.auth;

  app.post(
    '/api/clients/:idClientBscs/pieces/:type',
    {
      onRequest: authenticate,
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['orders'],
        summary: `Envoie une pièce justificative (multipart/form-data) : \`idSouscription\` facultatif d’abord, puis le fichier \`${PIECE_FIELD}\` (PDF, JPEG ou PNG reconnu à ses premiers octets, ${PIECE_MAX_BYTES / 1024 / 1024} Mo au plus)`,
        description: `${ORDERS_ACCESS} Le fichier est enregistré sous un nom aléatoire hors de la racine web ; 30 envois par heure et par utilisateur ; chaque envoi est tracé dans le journal d’audit. La pièce qui complète une souscription incomplète l’envoie en validation.`,
        consumes: ['multipart/form-data'],
        params: pieceUploadParamSchema,
        body: pieceUploadFieldsSchema.extend({ [PIECE_FIELD]: z.string().meta({ type: 'string', format: 'binary' }) }),
        response: { 200: pieceUploadResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = ordersCallerOf(request);
      const { idClientBscs, type } = request.params;
      await service.assertAccount(caller, idClientBscs);
      let upload;
      try {
        upload = await readMultipartUpload(request, store, {
          fileField: PIECE_FIELD,
          maxFileBytes: PIECE_MAX_BYTES,
          beforeFile: (fields) => service.assertUpload(caller, idClientBscs, fields),
        });
      } catch (error) {
        throw pieceUploadError(error);
      }
      return service.recordUpload(caller, idClientBscs, type, upload);
    },
  );

  app.get(
    '/api/clients/:idClientBscs/pieces',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Les pièces justificatives du compte, d’une souscription (`idSouscription`) ou d’un type (`type`), les plus récentes d’abord',
        description: ORDERS_ACCESS,
        params: orderAccountParamSchema,
        querystring: pieceSearchQuerySchema,
        response: { 200: z.array(pieceSchema), ...errors },
      },
    },
    async (request) => service.search(ordersCallerOf(request), request.params.idClientBscs, request.query),
  );

  app.post(
    '/api/clients/:idClientBscs/pieces/telecharger',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Le fichier d’une pièce justificative `{ idCtrlPiece }`, en pièce jointe sous son nom d’origine',
        description: `${ORDERS_ACCESS} Une pièce d’un autre compte répond 404 ; chaque téléchargement est tracé dans le journal d’audit.`,
        params: orderAccountParamSchema,
        body: pieceDownloadSchema,
        response: {
          200: {
            description: 'Le fichier',
            content: {
              'application/octet-stream': { schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(ordersCallerOf(request), request.params.idClientBscs, request.body.idCtrlPiece);
      return reply
        .header('content-type', file.typeMime)
        .header('content-disposition', downloadDisposition(file.nomFichier))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  app.delete(
    '/api/clients/:idClientBscs/pieces/:idCtrlPiece',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Supprime une pièce justificative, tant que la souscription qu’elle justifie n’est ni en validation ni validée',
        description: `${ORDERS_ACCESS} Une pièce d’un autre compte répond 404, une pièce d’une souscription en validation 409 ; chaque suppression est tracée dans le journal d’audit.`,
        params: pieceParamSchema,
        response: { 200: z.object({ idCtrlPiece: z.number().int(), supprime: z.literal(true) }), ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await service.remove(ordersCallerOf(request), request.params.idClientBscs, request.params.idCtrlPiece);
      return { idCtrlPiece: request.params.idCtrlPiece, supprime: true as const };
    },
  );
}
