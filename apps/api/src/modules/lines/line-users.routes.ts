import {
  apiErrorSchema,
  directoryListingBodySchema,
  idContratCamelParamSchema,
  lineUserBodySchema,
  lineUserEntrySchema,
  lineUserIdsParamSchema,
  lineUserListSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { LinesService } from './lines.service.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...errorResponses, 409: apiErrorSchema };

/** Who uses each line (names, e-mail, directory listing): read for a page of lines, written line by line. */
export async function lineUsersRoutes(app: ModuleApp, service: LinesService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/lignes/:ids/utilisateurs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          "L’utilisateur de chaque ligne demandée (prénom, nom, e-mail, inscription à l’annuaire), dans l’ordre demandé ; chaque ligne doit être accessible à l’appelant, sinon la requête entière est refusée",
        params: lineUserIdsParamSchema,
        response: { 200: lineUserListSchema, ...errorResponses },
      },
    },
    async (request) => service.lineUsers(caller(request).user.id, request.params.ids),
  );

  app.post(
    '/api/lignes/:idContrat/utilisateur',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          "Désigne l’utilisateur de la ligne : prénom, nom, e-mail facultatif et, s’il est donné, le choix d’inscription à l’annuaire (réservé au gestionnaire du compte ; tracé dans le journal d’audit)",
        params: idContratCamelParamSchema,
        body: lineUserBodySchema,
        response: { 200: lineUserEntrySchema, ...writeErrors },
      },
    },
    async (request) => service.setLineUser(actorOf(request), request.params.idContrat, request.body),
  );

  app.post(
    '/api/lignes/:idContrat/annuaire',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          "Change l’inscription de la ligne à l’annuaire (liste rouge, liste orange ou parution) : le gestionnaire du compte, ou l’utilisateur de la ligne pour la sienne (tracé dans le journal d’audit)",
        params: idContratCamelParamSchema,
        body: directoryListingBodySchema,
        response: { 200: lineUserEntrySchema, ...writeErrors },
      },
    },
    async (request) => service.setDirectoryListing(actorOf(request), request.params.idContrat, request.body.inscriptionAnnuaire),
  );
}
