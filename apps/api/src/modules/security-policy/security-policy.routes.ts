import { apiErrorSchema, securityPolicyParamSchema, securityPolicySchema } from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { SecurityPolicyService } from './security-policy.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const acting = (request: FastifyRequest) => ({ userId: caller(request).user.id, sourceAddress: request.ip });

export async function securityPolicyRoutes(app: ModuleApp, service: SecurityPolicyService) {
  const { authenticate } = app.auth;
  const tags = ['politique-securite'];

  app.get(
    '/api/clients/:idClientBscs/politique-securite',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'La politique de sécurité du compte : vérification en deux étapes obligatoire pour tous ses utilisateurs ; gestionnaires du compte',
        params: securityPolicyParamSchema,
        response: { 200: securityPolicySchema, ...errors },
      },
    },
    async (request) => service.policy(caller(request).user.id, request.params.idClientBscs),
  );

  app.put(
    '/api/clients/:idClientBscs/politique-securite',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Modifie la politique de sécurité du compte ; gestionnaires du compte (un agent : tracé avec son motif)',
        description: 'Chaque utilisateur du compte est prévenu par e-mail ; obligatoire, il inscrit un second facteur à sa prochaine connexion.',
        params: securityPolicyParamSchema,
        body: securityPolicySchema,
        response: { 200: securityPolicySchema, ...errors },
      },
    },
    async (request) => service.save(acting(request), request.params.idClientBscs, request.body),
  );
}
