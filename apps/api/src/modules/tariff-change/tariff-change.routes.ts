import type { FastifyReply } from 'fastify';
import {
  apiErrorSchema,
  bulkAccountParamSchema,
  tariffAccountTargetsSchema,
  tariffChangeBlockSchema,
  tariffChangeCancelSchema,
  tariffChangeContractParamSchema,
  tariffChangeDatesQuerySchema,
  tariffChangeDatesSchema,
  tariffChangeIdParamSchema,
  tariffChangeInProgressSchema,
  tariffChangeRequestSchema,
  tariffChangeSchema,
  tariffTargetsSchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { TariffChangeService } from './tariff-change.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema, 429: apiErrorSchema };

/** The PDF's bytes, sent as they are (never serialized), documented as binary. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'Le récapitulatif du changement de forfait au format PDF' });
const pdfResponse = { 200: { description: 'Le récapitulatif', content: { 'application/pdf': { schema: pdfFile } } }, ...writeErrors };

/** The signed-in caller (the customer an agent acts for, in agent mode) and where they call from. */

function sendPdf(reply: FastifyReply, file: { filename: string; bytes: Uint8Array }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', downloadDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

const MANAGER_ONLY = 'Réservé aux gestionnaires du compte de facturation de la ligne (un conseiller agissant pour l’un d’eux est tracé dans le journal d’audit).';

export async function tariffChangeRoutes(app: ModuleApp, service: TariffChangeService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/chgmttarif/offres/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary:
          'Le forfait actuel de la ligne et les forfaits vers lesquels elle peut passer (forfaits commercialisés de sa gamme, sauf l’actuel), avec la différence de prix mensuelle HT et TTC, en centimes',
        description: MANAGER_ONLY,
        params: tariffChangeContractParamSchema,
        response: { 200: tariffTargetsSchema, ...errors },
      },
    },
    async (request) => service.targets(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/clients/:idClientBscs/chgmttarif/offres',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary:
          'Les forfaits vers lesquels les lignes du compte peuvent passer (forfaits commercialisés des gammes de ses lignes non résiliées), pour un changement de forfait groupé ; chaque ligne reste soumise à ses propres règles',
        description: 'Réservé aux gestionnaires du compte de facturation.',
        params: bulkAccountParamSchema,
        response: { 200: tariffAccountTargetsSchema, ...errors },
      },
    },
    async (request) => service.accountTargets(caller(request).user.id, request.params.idClientBscs),
  );

  app.get(
    '/api/chgmttarif/dates-effet/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary:
          'Les dates d’effet possibles vers un forfait (`idOffreCible`) : immédiate (forfait plus cher, client seulement) ou début de la prochaine période de facturation (le 1er du mois suivant), et les choix DR14 permis',
        description: MANAGER_ONLY,
        params: tariffChangeContractParamSchema,
        querystring: tariffChangeDatesQuerySchema,
        response: { 200: tariffChangeDatesSchema, ...errors },
      },
    },
    async (request) => service.dates(caller(request).user.id, request.params.idContrat, request.query.idOffreCible),
  );

  app.get(
    '/api/chgmttarif/blocage/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary:
          'Le contrôle de blocage du changement de forfait : impayés (action PU), ligne non active, résiliation programmée, changement déjà en cours, appelant non gestionnaire ; en mode conseiller (serviceClient), le changement ne peut être que programmé',
        params: tariffChangeContractParamSchema,
        response: { 200: tariffChangeBlockSchema, ...errors },
      },
    },
    async (request) => service.block(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/chgmttarif/en-cours/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary: 'Le changement de forfait programmé de la ligne, s’il y en a un (un seul à la fois ; `changement` nul sinon)',
        params: tariffChangeContractParamSchema,
        response: { 200: tariffChangeInProgressSchema, ...errors },
      },
    },
    async (request) => service.inProgress(caller(request).user.id, request.params.idContrat),
  );

  app.post(
    '/api/chgmttarif/enregistrer',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary:
          'Enregistre un changement de forfait (`effet` IMMEDIAT : appliqué tout de suite ; PROCHAINE_FACTURATION : programmé au 1er du mois suivant) avec le choix DR14 (`Application_de_DR14` / `Renonciation_de_DR14`) ; e-mail de confirmation au gestionnaire avec le récapitulatif en PDF',
        description: `${MANAGER_ONLY} Vérifie d’abord les impayés (action PU). Un seul changement à la fois : un deuxième envoi, même simultané, répond 409. 20 changements ou annulations par heure et par utilisateur.`,
        body: tariffChangeRequestSchema,
        response: { 200: tariffChangeSchema, ...writeErrors },
      },
    },
    async (request) => service.submit(actorOf(request), request.body),
  );

  app.post(
    '/api/chgmttarif/annuler',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary: 'Annule un changement de forfait programmé, jusqu’à la veille de sa date d’effet ; e-mail de confirmation de l’annulation',
        description: MANAGER_ONLY,
        body: tariffChangeCancelSchema,
        response: { 200: tariffChangeSchema, ...writeErrors },
      },
    },
    async (request) => service.cancel(actorOf(request), request.body.idChangement),
  );

  app.post(
    '/api/chgmttarif/recapitulatif',
    {
      onRequest: authenticate,
      schema: {
        tags: ['tariff-change'],
        summary: 'Le récapitulatif en PDF d’un changement de forfait avant sa confirmation (mêmes règles que son enregistrement)',
        description: `${MANAGER_ONLY} 60 récapitulatifs par heure et par utilisateur.`,
        body: tariffChangeRequestSchema,
        response: pdfResponse,
      },
    },
    async (request, reply) => sendPdf(reply, await service.preview(actorOf(request), request.body)),
  );

  app.get(
    '/api/chgmttarif/recapitulatif/:idChangement',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['tariff-change'],
        summary: 'Le récapitulatif en PDF d’un changement de forfait enregistré, en pièce jointe `changement-forfait-<n°>-ligne-<numéro>.pdf`',
        description: MANAGER_ONLY,
        params: tariffChangeIdParamSchema,
        response: pdfResponse,
      },
    },
    async (request, reply) => sendPdf(reply, await service.recap(actorOf(request), request.params.idChangement)),
  );
}
