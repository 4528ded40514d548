import {
  apiErrorSchema,
  apiKeyCreatedSchema,
  apiKeyInputSchema,
  apiKeyParamSchema,
  apiKeysAccountParamSchema,
  apiKeysAnswerSchema,
  okResponseSchema,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const acting = (request: FastifyRequest) => {
  const { userId, sourceAddress, name } = actorOf(request);
  return { userId, sourceAddress, name };
};

export async function apiKeysRoutes(app: ModuleApp, service: ApiKeysService) {
  const { authenticate } = app.auth;
  const tags = ['cles-api'];

  app.get(
    '/api/clients/:idClientBscs/cles-api',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les clés d’API du compte (actives, expirées et révoquées) ; gestionnaires du compte',
        params: apiKeysAccountParamSchema,
        response: { 200: apiKeysAnswerSchema, ...errors },
      },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs),
  );

  app.post(
    '/api/clients/:idClientBscs/cles-api',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Crée une clé d’API, montrée cette seule fois ; gestionnaires du compte (jamais un agent), tracé, les gestionnaires prévenus',
        description: 'Au plus 10 clés actives par compte, valables au plus un an. La clé est conservée sous forme d’empreinte : elle ne peut pas être relue.',
        params: apiKeysAccountParamSchema,
        body: apiKeyInputSchema,
        response: { 201: apiKeyCreatedSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await service.create(acting(request), request.params.idClientBscs, request.body));
    },
  );

  app.delete(
    '/api/clients/:idClientBscs/cles-api/:idCle',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Révoque une clé d’API, aussitôt ; gestionnaires du compte (un agent aussi), tracé, les gestionnaires prévenus',
        params: apiKeyParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.revoke(acting(request), request.params.idClientBscs, request.params.idCle);
      return { ok: true as const };
    },
  );
}
