import {
  alertParamSchema,
  alertSchema,
  alertsAccountParamSchema,
  alertsAnswerSchema,
  alertsLineParamSchema,
  alertsQuerySchema,
  alertUpdateSchema,
  apiErrorSchema,
  dataFreezeSchema,
  thresholdsAnswerSchema,
  thresholdsSchema,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { sendCsvFile } from '../../lib/download.ts';
import { caller } from '../auth/index.ts';
import type { UsageAlertsService } from './usage-alerts.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const acting = (request: FastifyRequest) => ({ userId: caller(request).user.id, sourceAddress: request.ip });
const THRESHOLDS_TEXT =
  'dataPourcentages : pourcentages du forfait de données (au plus 5, de 1 à 500) ; horsForfaitEurosHT et itineranceEurosHT : montants HT de la période (null : pas de seuil) ; action ALERTE (prévenir) ou BLOCAGE_DATA (prévenir et suspendre les données au plus grand pourcentage ou à un montant) ; prevenirUtilisateur : prévenir aussi l’utilisateur de la ligne.';

export async function usageAlertsRoutes(app: ModuleApp, service: UsageAlertsService) {
  const { authenticate } = app.auth;
  const tags = ['alertes'];

  app.get(
    '/api/clients/:idClientBscs/seuils',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les seuils d’alerte de consommation d’un compte de facturation (ceux du portail tant qu’il n’en a pas) ; gestionnaires du compte',
        params: alertsAccountParamSchema,
        response: { 200: thresholdsAnswerSchema, ...errors },
      },
    },
    async (request) => service.accountThresholds(caller(request).user.id, request.params.idClientBscs),
  );

  app.put(
    '/api/clients/:idClientBscs/seuils',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Modifie les seuils d’alerte d’un compte de facturation, que suivent ses lignes sans seuils propres ; gestionnaires du compte, tracé',
        description: THRESHOLDS_TEXT,
        params: alertsAccountParamSchema,
        body: thresholdsSchema,
        response: { 200: thresholdsAnswerSchema, ...errors },
      },
    },
    async (request) => service.saveAccountThresholds(acting(request), request.params.idClientBscs, request.body),
  );

  app.get(
    '/api/lignes/:idContrat/seuils',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les seuils d’alerte qui s’appliquent à une ligne et leur origine (LIGNE, COMPTE ou DEFAUT)',
        params: alertsLineParamSchema,
        response: { 200: thresholdsAnswerSchema, ...errors },
      },
    },
    async (request) => service.lineThresholds(caller(request).user.id, request.params.idContrat),
  );

  app.put(
    '/api/lignes/:idContrat/seuils',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Donne à une ligne ses propres seuils d’alerte ; gestionnaires de son compte, tracé',
        description: THRESHOLDS_TEXT,
        params: alertsLineParamSchema,
        body: thresholdsSchema,
        response: { 200: thresholdsAnswerSchema, ...errors },
      },
    },
    async (request) => service.saveLineThresholds(acting(request), request.params.idContrat, request.body),
  );

  app.delete(
    '/api/lignes/:idContrat/seuils',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Retire ses seuils propres à une ligne : elle suit de nouveau ceux de son compte ; gestionnaires de son compte, tracé',
        params: alertsLineParamSchema,
        response: { 200: thresholdsAnswerSchema, ...errors },
      },
    },
    async (request) => service.dropLineThresholds(acting(request), request.params.idContrat),
  );

  app.get(
    '/api/clients/:idClientBscs/alertes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les alertes de consommation des lignes d’un compte, les plus récentes d’abord (500 au plus, total les compte toutes) ; gestionnaires du compte',
        params: alertsAccountParamSchema,
        querystring: alertsQuerySchema,
        response: { 200: alertsAnswerSchema, ...errors },
      },
    },
    async (request) => service.accountAlerts(caller(request).user.id, request.params.idClientBscs, request.query),
  );

  app.get(
    '/api/clients/:idClientBscs/alertes/export',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Les alertes de consommation du compte (du statut donné, ou toutes), les plus récentes d’abord, en CSV, en pièce jointe `alertes-<compte>-<AAAA-MM-JJ>.csv` ; gestionnaires du compte',
        description: 'CSV : UTF-8 avec BOM, séparateur point-virgule, fins de ligne CRLF, 50 000 alertes au plus ; chaque export est tracé dans le journal d’audit.',
        params: alertsAccountParamSchema,
        querystring: alertsQuerySchema,
        response: { 200: { description: 'Le fichier des alertes', content: { 'text/csv': { schema: z.string().meta({ description: 'CSV des alertes' }) } } }, ...errors },
      },
    },
    async (request, reply) => {
      return sendCsvFile(reply, await service.exportAlerts(acting(request), request.params.idClientBscs, request.query));
    },
  );

  app.get(
    '/api/lignes/:idContrat/alertes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les alertes de consommation d’une ligne ; son utilisateur et les gestionnaires de son compte',
        params: alertsLineParamSchema,
        querystring: alertsQuerySchema,
        response: { 200: alertsAnswerSchema, ...errors },
      },
    },
    async (request) => service.lineAlerts(caller(request).user.id, request.params.idContrat, request.query),
  );

  app.put(
    '/api/alertes/:idAlerte',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Marque une alerte vue (utilisateur de la ligne ou gestionnaire) ou résolue (gestionnaire, tracé)',
        params: alertParamSchema,
        body: alertUpdateSchema,
        response: { 200: alertSchema, ...errors },
      },
    },
    async (request) => service.updateAlert(acting(request), request.params.idAlerte, request.body),
  );

  app.get(
    '/api/lignes/:idContrat/blocage-data',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Si les données mobiles d’une ligne sont suspendues, depuis quand, pourquoi et jusqu’à quand',
        params: alertsLineParamSchema,
        response: { 200: dataFreezeSchema, ...errors },
      },
    },
    async (request) => service.freeze(caller(request).user.id, request.params.idContrat),
  );

  app.post(
    '/api/lignes/:idContrat/blocage-data',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Suspend les données mobiles d’une ligne active (les appels, les SMS et les appels d’urgence restent possibles) jusqu’à la levée ou au début de la prochaine période ; gestionnaires, tracé, e-mail aux gestionnaires. Une ligne déjà suspendue le reste, sans nouvel effet',
        params: alertsLineParamSchema,
        response: { 200: dataFreezeSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => service.freezeByHand(acting(request), request.params.idContrat),
  );

  app.delete(
    '/api/lignes/:idContrat/blocage-data',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Lève la suspension des données mobiles d’une ligne ; gestionnaires, tracé, e-mail aux gestionnaires. Une ligne non suspendue le reste, sans effet',
        params: alertsLineParamSchema,
        response: { 200: dataFreezeSchema, ...errors },
      },
    },
    async (request) => service.liftByHand(acting(request), request.params.idContrat),
  );
}
