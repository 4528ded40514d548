import type { FastifyReply } from 'fastify';
import {
  accessoryListSchema,
  accessoryQuerySchema,
  apiErrorSchema,
  insuranceListSchema,
  insuranceQuerySchema,
  nonWorkingDayListSchema,
  nonWorkingDaysQuerySchema,
  optionFamilyListSchema,
  optionFamilyParamsSchema,
  optionListSchema,
  phoneListParamsSchema,
  phoneListQuerySchema,
  phoneListSchema,
  phonePriceQuerySchema,
  phonePriceSchema,
  planChangeParamsSchema,
  planChangeTargetsSchema,
  planListParamsSchema,
  planListQuerySchema,
  planListSchema,
  pointOfSaleListSchema,
  pointOfSaleQuerySchema,
  promoCodeCheckSchema,
  promoCodeParamsSchema,
  promoCodeQuerySchema,
  promotionListSchema,
  promotionQuerySchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { CatalogueService } from './catalogue.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Reference data, the same for every customer: shared caches may keep it five minutes. Read
 * access is still checked (signed in, manager of an account), before the answer is built.
 */
const referenceData = (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=300');

export async function catalogueRoutes(app: ModuleApp, service: CatalogueService) {
  const { authenticate } = app.auth;
  const tags = ['catalogue'];
  const userOf = (request: Parameters<typeof caller>[0]) => caller(request).user.id;

  app.get(
    '/api/mobiles/prix',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Prix d’un téléphone (requête de prix : IdArticle, IdOffreEngActuelle, IdOffreEngCible, CodePromo, IdContrat) : prix seul, prix avec le forfait cible selon son engagement (0, 12 ou 24 mois), remise du code promotionnel, en centimes HT, TVA et TTC. Avec IdContrat (nouveau téléphone pour une ligne), la ligne doit être accessible à l’appelant et son forfait est le forfait actuel',
        querystring: phonePriceQuerySchema,
        response: { 200: phonePriceSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => service.phonePrice(userOf(request), request.query),
  );

  app.get(
    '/api/mobiles/:idClientBscs/:idOffreEngagement/:disponibilite',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les téléphones du catalogue pour un compte de facturation géré par l’appelant : {idOffreEngagement} est le forfait avec lequel ils sont achetés (0 : téléphone seul), {disponibilite} vaut « tous » ou « en-stock ». Filtres : marque (liste séparée par des virgules), prixMin et prixMax (euros HT entiers, sur le prix affiché), cinqG, esim ; tri : prix-croissant, prix-decroissant ou nom',
        params: phoneListParamsSchema,
        querystring: phoneListQuerySchema,
        response: { 200: phoneListSchema, ...errors },
      },
    },
    async (request) => service.phones(userOf(request), request.params, request.query),
  );

  app.get(
    '/api/forfaits/:idClientBscs/:idGamme',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les forfaits commercialisés d’une gamme (1 mobile, 2 internet fixe) pour un compte de facturation géré par l’appelant : enveloppe, zones, engagement (filtre engagement=0, 12 ou 24), prix mensuel HT, TVA et TTC en centimes',
        params: planListParamsSchema,
        querystring: planListQuerySchema,
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => service.plans(userOf(request), request.params.idClientBscs, request.params.idGamme, request.query.engagement),
  );

  app.get(
    '/api/forfait/:idClientBscs/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Le forfait actuel d’une ligne du compte et les forfaits commercialisés de la même gamme vers lesquels elle peut changer, avec la différence de prix mensuel HT. Pour qui peut agir sur cette ligne (gestionnaire du compte ou utilisateur de la ligne)',
        params: planChangeParamsSchema,
        response: { 200: planChangeTargetsSchema, ...errors },
      },
    },
    async (request) => service.planChangeTargets(userOf(request), request.params.idClientBscs, request.params.idContrat),
  );

  app.get(
    '/api/options',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les options commercialisées, par famille : international, Europe, Suisse et Andorre, satellite, zone Affaires, zone étendue, zone non groupée, blocage des numéros spéciaux, facture détaillée, internet 4G, internet 5G, tarif à la minute',
        response: { 200: optionFamilyListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.optionFamilies(userOf(request));
      referenceData(reply);
      return answer;
    },
  );

  app.get(
    '/api/options/:famille',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les options commercialisées d’une famille (listes de l’ajout de ligne) : international, europe, suisse-andorre, satellite, zone-affaires, zone-etendue, zone-non-groupee, blocage-numeros-speciaux, facture-detaillee, internet-4g, internet-5g, tarif-minute',
        params: optionFamilyParamsSchema,
        response: { 200: optionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.optionsOfFamily(userOf(request), request.params.famille);
      referenceData(reply);
      return answer;
    },
  );

  app.get(
    '/api/accessoires',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les accessoires commercialisés (coques, chargeurs, audio…) ; avec idArticle, ceux qui conviennent à ce téléphone',
        querystring: accessoryQuerySchema,
        response: { 200: accessoryListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.accessories(userOf(request), request.query.idArticle);
      referenceData(reply);
      return answer;
    },
  );

  app.get(
    '/api/assurances',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les assurances proposées ; avec idArticle, celles dont le plafond couvre le prix seul de ce téléphone',
        querystring: insuranceQuerySchema,
        response: { 200: insuranceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.insurances(userOf(request), request.query.idArticle);
      referenceData(reply);
      return answer;
    },
  );

  app.get(
    '/api/promotions',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les promotions en cours aujourd’hui (sans leur code), filtrées par cible (FORFAIT, MOBILE, ACCESSOIRE), forfait ou téléphone : montant en centimes HT ou pourcentage en centièmes, durée en mois, conditions',
        querystring: promotionQuerySchema,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (request) => service.promotions(userOf(request), request.query),
  );

  app.get(
    '/api/promotions/code/:code',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Vérifie un code promotionnel (casse et espaces ignorés) : la promotion s’il est valable aujourd’hui (de sa date de début à sa date de fin incluses) pour le forfait ou le téléphone indiqués ; 404 inconnu, 400 pas encore ou plus valable, ou non applicable ; 30 essais par utilisateur et 10 minutes',
        params: promoCodeParamsSchema,
        querystring: promoCodeQuerySchema,
        response: { 200: promoCodeCheckSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => service.checkPromoCode(userOf(request), request.params.code, request.query),
  );

  app.get(
    '/api/jours-non-ouvres',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les jours non ouvrés (dimanches et jours fériés en France) du {debut} au {fin} inclus, 366 jours au plus',
        querystring: nonWorkingDaysQuerySchema,
        response: { 200: nonWorkingDayListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.nonWorkingDays(userOf(request), request.query.debut, request.query.fin);
      referenceData(reply);
      return answer;
    },
  );

  app.get(
    '/api/points-de-vente',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Les points de vente où retirer une commande ; codePostal filtre par code postal ou par son début (département) ; idClientBscs les range du plus proche au plus éloigné de l’adresse du compte, chacun avec sa distance (distanceKm, à vol d’oiseau entre les centres des communes)',
        querystring: pointOfSaleQuerySchema,
        response: { 200: pointOfSaleListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.pointsOfSale(userOf(request), request.query.codePostal, request.query.idClientBscs);
      // Sorted for one account, the answer is that customer's: no shared cache keeps it.
      if (request.query.idClientBscs === undefined) referenceData(reply);
      else reply.header('Cache-Control', 'private, max-age=300');
      return answer;
    },
  );
}
