import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  newPhoneContractParamSchema,
  newPhoneEligibilitySchema,
  newPhoneOfferListSchema,
  newPhoneOrderRequestSchema,
  newPhoneOrderSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { NewPhoneService } from './new-phone.service.ts';

const tags = ['new-phone'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema };

const MANAGER_ONLY = 'Réservé aux gestionnaires du compte de facturation de la ligne (un conseiller agissant pour l’un d’eux est tracé dans le journal d’audit).';

/** The new phone of a line, order type RM (decision 039). */
export async function newPhoneRoutes(app: ModuleApp, service: NewPhoneService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/nouveau-telephone/:idContrat/eligibilite',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'La ligne, la fin de son engagement, si elle peut commander un nouveau téléphone et sinon pourquoi (gestionnaire seulement, impayés – action RM –, ligne non active, résiliation programmée, commande non réglée), et le prix appliqué : renouvellement (prix avec forfait) dès trois mois avant la fin de l’engagement ou sans engagement, téléphone seul avant',
        description: 'Le gestionnaire du compte et l’utilisateur de la ligne peuvent la lire.',
        params: newPhoneContractParamSchema,
        response: { 200: newPhoneEligibilitySchema, ...errors },
      },
    },
    async (request) => service.eligibility(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/nouveau-telephone/:idContrat/mobiles',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les téléphones du catalogue avec le prix que paie cette ligne (renouvellement ou téléphone seul), HT, TVA et TTC, en centimes, et leur disponibilité',
        description: MANAGER_ONLY,
        params: newPhoneContractParamSchema,
        response: { 200: newPhoneOfferListSchema, ...errors },
      },
    },
    async (request) => service.phones(caller(request).user.id, request.params.idContrat),
  );

  app.post(
    '/api/nouveau-telephone/:idContrat/commande',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Commande un nouveau téléphone pour la ligne (commande de type RM) : impayés vérifiés (action RM), prix du catalogue, stock, livraison à l’adresse du compte, à une autre adresse ou en boutique, paiement par carte (3, puis POST /api/paiement/lien-commande) ou par virement (6, coordonnées et référence VIR-<numéro> répondues et envoyées par e-mail). Idempotent : la même clé Idempotency-Key rend la même commande',
        description: `${MANAGER_ONLY} Une seule commande non réglée par ligne (409). 20 commandes par heure et par utilisateur.`,
        params: newPhoneContractParamSchema,
        headers: idempotencyHeadersSchema,
        body: newPhoneOrderRequestSchema,
        response: { 200: newPhoneOrderSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return service.submit({ userId: user.id, email: user.email, sourceAddress: request.ip }, request.params.idContrat, request.headers['idempotency-key'], request.body);
    },
  );
}
