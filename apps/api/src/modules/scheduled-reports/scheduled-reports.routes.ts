import {
  apiErrorSchema,
  okResponseSchema,
  reportParamSchema,
  reportsAccountParamSchema,
  reportSendingParamSchema,
  scheduledReportInputSchema,
  scheduledReportSchema,
  scheduledReportsAnswerSchema,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { downloadDisposition } from '../../lib/download.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { caller } from '../auth/index.ts';
import type { ScheduledReportsService } from './scheduled-reports.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const acting = (request: FastifyRequest) => ({ userId: caller(request).user.id, sourceAddress: request.ip });

export async function scheduledReportsRoutes(app: ModuleApp, service: ScheduledReportsService) {
  const { authenticate } = app.auth;
  const tags = ['rapports'];

  app.get(
    '/api/clients/:idClientBscs/rapports-programmes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les rapports programmés d’un compte de facturation et leurs envois des 12 derniers mois ; gestionnaires du compte',
        params: reportsAccountParamSchema,
        response: { 200: scheduledReportsAnswerSchema, ...errors },
      },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs),
  );

  app.post(
    '/api/clients/:idClientBscs/rapports-programmes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Programme un rapport (parc de lignes ou lignes de facture par centre de coût, en XLSX) ; un premier envoi part aussitôt pour la période en cours ; gestionnaires du compte, tracé',
        description:
          'Envoyé aux gestionnaires du compte et aux adresses listées, qui doivent être du domaine de l’entreprise (celui des adresses de ses gestionnaires). Un seul rapport par contenu et fréquence.',
        params: reportsAccountParamSchema,
        body: scheduledReportInputSchema,
        response: { 201: scheduledReportSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(acting(request), request.params.idClientBscs, request.body)),
  );

  app.delete(
    '/api/clients/:idClientBscs/rapports-programmes/:idRapport',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Supprime un rapport programmé (ses envois restent téléchargeables pendant leur année) ; gestionnaires du compte, tracé',
        params: reportParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.remove(acting(request), request.params.idClientBscs, request.params.idRapport);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/clients/:idClientBscs/rapports-programmes/envois/:idEnvoi/fichier',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Le classeur d’un envoi, tel qu’il a été envoyé (12 mois) ; gestionnaires du compte, tracé',
        params: reportSendingParamSchema,
        response: {
          200: { description: 'Le classeur', content: { [XLSX_CONTENT_TYPE]: { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'Classeur Excel' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(acting(request), request.params.idClientBscs, request.params.idEnvoi);
      return reply.header('content-type', file.contentType).header('content-disposition', downloadDisposition(file.filename)).header('cache-control', 'no-store').send(file.body);
    },
  );
}
