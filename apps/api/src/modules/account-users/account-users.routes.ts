import {
  accountUserAccountQuerySchema,
  accountUserIdParamSchema,
  accountUserPageSchema,
  accountUserSchema,
  accountUsersQuerySchema,
  apiErrorSchema,
  changeAccountUserRoleSchema,
  freeLinesSchema,
  inviteAccountUserSchema,
  okResponseSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { AccountUsersService } from './account-users.service.ts';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...readErrors, 404: apiErrorSchema, 409: apiErrorSchema };


export async function accountUsersRoutes(app: ModuleApp, service: AccountUsersService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/utilisateurs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['account-users'],
        summary:
          'Les utilisateurs d’un compte de facturation (réservé à ses gestionnaires) : gestionnaires d’abord, puis par nom ; rôle, ligne d’un utilisateur de ligne, accès activé ou non',
        querystring: accountUsersQuerySchema,
        response: { 200: accountUserPageSchema, ...readErrors },
      },
    },
    async (request) => service.page(caller(request).user.id, request.query),
  );

  app.get(
    '/api/utilisateurs/lignes-disponibles',
    {
      onRequest: authenticate,
      schema: {
        tags: ['account-users'],
        summary:
          'Les lignes du compte qui n’ont pas encore d’utilisateur de l’espace client (hors lignes résiliées), par numéro : celles qu’un nouvel utilisateur peut recevoir',
        querystring: accountUserAccountQuerySchema,
        response: { 200: freeLinesSchema, ...readErrors },
      },
    },
    async (request) => service.freeLines(caller(request).user.id, request.query.idClientBscs),
  );

  app.post(
    '/api/utilisateurs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['account-users'],
        summary:
          'Invite une personne sur le compte : gestionnaire, ou utilisateur d’une ligne libre du compte (idContrat obligatoire). Elle reçoit par e-mail le lien de création de son code confidentiel ; une adresse déjà utilisée est refusée',
        body: inviteAccountUserSchema,
        response: { 201: accountUserSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await service.invite(actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/utilisateurs/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['account-users'],
        summary:
          'Change le rôle d’une personne sur le compte ; un utilisateur doit avoir une ligne du compte (idContrat la lui donne). Le dernier gestionnaire du compte ne peut pas devenir simple utilisateur',
        params: accountUserIdParamSchema,
        body: changeAccountUserRoleSchema,
        response: { 200: accountUserSchema, ...writeErrors },
      },
    },
    async (request) => service.changeRole(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/utilisateurs/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['account-users'],
        summary:
          'Retire une personne du compte (lien de gestion et lignes) ; rattachée à rien d’autre, elle est supprimée. Le dernier gestionnaire du compte ne peut pas être retiré',
        params: accountUserIdParamSchema,
        querystring: accountUserAccountQuerySchema,
        response: { 200: okResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id, request.query.idClientBscs);
      return { ok: true as const };
    },
  );
}
