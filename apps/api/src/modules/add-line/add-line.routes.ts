import { z } from 'zod';
import {
  accessoryRequestSchema,
  shopAddressSchema,
  checkedAddressSchema,
  communeListSchema,
  postalCodeParamSchema,
  apiErrorSchema,
  cartAccountParamSchema,
  cartSchema,
  esimRequestSchema,
  idempotencyHeadersSchema,
  submitOrderRequestSchema,
  paymentModeChangeRequestSchema,
  cartAddressParamSchema,
  cartAddressRequestSchema,
  insuranceRequestSchema,
  orderValidationRequestSchema,
  orderValidationSchema,
  submittedOrderSchema,
  lineRefSchema,
  numberKeepingRequestSchema,
  optionRequestSchema,
  portabilityRequestSchema,
  portingDateQuerySchema,
  portingDateResponseSchema,
  promotionRequestSchema,
  recapDocumentParamSchema,
  quantityQuerySchema,
  removePromotionRequestSchema,
  rioValidationRequestSchema,
  rioValidationResponseSchema,
  saveLineRequestSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { AddLineService } from './add-line.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

/** A PDF file, as the OpenAPI reference describes it. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'Le document au format PDF' });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema, 429: apiErrorSchema };
const tags = ['add-line'];
const cartWrite = (summary: string) => ({ tags, summary, response: { 200: cartSchema, ...writeErrors } });


/** The add-line cart (decision 038): every answer that changes it gives the whole cart back, totals included. */
export async function addLineRoutes(app: ModuleApp, service: AddLineService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/ajout-lignes/panier/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Le panier d’ajout de lignes du compte de facturation (souscription Incomplet) : ses lignes aux prix figés, les promotions appliquées et le récapitulatif des totaux ponctuels et mensuels HT, TVA et TTC, en centimes. Vide tant qu’aucune ligne n’est ajoutée',
        params: cartAccountParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.cart(caller(request).user.id, request.params.idClientBscs),
  );

  app.post(
    '/api/ajout-lignes/enregistrer-ligne',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite(
          'Ajoute une ligne au panier du compte (créé à la première ligne) ou modifie la ligne IdLigne : forfait mobile, téléphone ou carte SIM seule, couleur, SIM ou eSIM, quantité, options. Les prix sont ceux du catalogue, figés dans le panier ; un prix envoyé par le navigateur est ignoré',
        ),
        body: saveLineRequestSchema,
      },
    },
    async (request) => service.saveLine(actorOf(request), request.body),
  );

  app.get(
    '/api/ajout-lignes/maj-quantite',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite('Change le nombre de lignes identiques d’une ligne du panier (1 à 100 ; 1 pour un numéro porté ou conservé)'),
        querystring: quantityQuerySchema,
      },
    },
    async (request) => service.setQuantity(actorOf(request), request.query.idLigne, request.query.quantite),
  );

  app.post(
    '/api/ajout-lignes/accessoire',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Ajoute un accessoire à une ligne du panier, en change la quantité, ou le retire (quantité 0)'), body: accessoryRequestSchema },
    },
    async (request) => service.setAccessory(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/esim',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Choisit une carte SIM ou une eSIM pour une ligne du panier (eSIM : le téléphone choisi doit l’accepter)'), body: esimRequestSchema },
    },
    async (request) => service.setSimType(actorOf(request), request.body.IdLigne, request.body.TypeSim),
  );

  app.post(
    '/api/ajout-lignes/option',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Ajoute (Active true) ou retire une option du catalogue à une ligne du panier'), body: optionRequestSchema },
    },
    async (request) => service.setOption(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/promotion',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite('Applique un code promotionnel à une ligne du panier : valable ce jour, pour ce forfait ou ce téléphone ; une promotion par prix réduit (forfait, téléphone, accessoires)'),
        body: promotionRequestSchema,
      },
    },
    async (request) => service.applyPromotion(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/promotion/supprimer',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Retire une promotion d’une ligne du panier'), body: removePromotionRequestSchema },
    },
    async (request) => service.removePromotion(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/supprimer-ligne',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Supprime une ligne du panier (avec ses options, accessoires et promotions)'), body: lineRefSchema },
    },
    async (request) => service.deleteLine(actorOf(request), request.body.IdLigne),
  );

  app.post(
    '/api/ajout-lignes/validation-rio',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Vérifie qu’un RIO correspond au numéro (sa clé est calculée sur le numéro) ; 30 vérifications par utilisateur et 10 minutes',
        body: rioValidationRequestSchema,
        response: { 200: rioValidationResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => service.validateRio(caller(request).user.id, request.body.rio, request.body.numero),
  );

  app.get(
    '/api/ajout-lignes/date-portage',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Dit si une date de portabilité peut être choisie ce jour : au plus tôt le premier jour ouvré suivant, au plus tard 59 jours après, ni un dimanche ni un jour férié',
        querystring: portingDateQuerySchema,
        response: { 200: portingDateResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.portingDate(request.query.date),
  );

  app.post(
    '/api/ajout-lignes/portabilite',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite('Porte un numéro sur une ligne du panier (LignePNM : DatePortage, Msisdn, Rio) ; le RIO doit correspondre au numéro et la date être un jour ouvré à venir'),
        body: portabilityRequestSchema,
      },
    },
    async (request) => service.setPortability(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/conservation-numero',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite('Conserve un numéro sur une ligne du panier (Msisdn, Rio, InscriptionAnnuaire) ; le RIO doit correspondre au numéro'),
        body: numberKeepingRequestSchema,
      },
    },
    async (request) => service.setNumberKeeping(actorOf(request), request.body),
  );

  app.post(
    '/api/ajout-lignes/nouveau-numero',
    {
      onRequest: authenticate,
      schema: { ...cartWrite('Revient à un nouveau numéro pour une ligne du panier (attribué à la validation de la commande)'), body: lineRefSchema },
    },
    async (request) => service.setNewNumber(actorOf(request), request.body.IdLigne),
  );

  app.get(
    '/api/ajout-lignes/communes/:codePostal',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les communes que dessert un code postal (table hors ligne des communes de France), par nom',
        params: postalCodeParamSchema,
        response: { 200: communeListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=86400');
      return service.communes(caller(request).user.id, request.params.codePostal);
    },
  );

  app.post(
    '/api/ajout-lignes/adresse/verifier',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Vérifie une adresse (installation, éligibilité ou livraison) : voie renseignée, ville parmi les communes du code postal ; répond l’adresse avec la ville telle que la commune est nommée et son code INSEE',
        body: shopAddressSchema,
        response: { 200: checkedAddressSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => service.checkAddress(caller(request).user.id, request.body),
  );

  app.post(
    '/api/commande/enregistrer',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Envoie le panier en commande (type ExtensionParc) : vérification des impayés (AJL), score de risque (peut exiger le virement ou un acompte), livraison gardée avec le panier (adresse vérifiée ou boutique), paiement par carte (la page de paiement se demande ensuite à /api/paiement/lien-commande) ou par virement (coordonnées et référence du virement). Par virement, les lignes sont créées dans le parc (EN_COURS) et un e-mail de confirmation part. Idempotent : la même clé Idempotency-Key rend la même commande',
        headers: idempotencyHeadersSchema,
        body: submitOrderRequestSchema,
        response: { 200: submittedOrderSchema, ...writeErrors, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return service.submit({ userId: user.id, email: user.email, sourceAddress: request.ip }, request.headers['idempotency-key'], request.body);
    },
  );

  app.post(
    '/api/commande/modifiermodepaiement',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Fait régler par virement une commande envoyée au paiement par carte, qu’elle attende encore ce paiement ou qu’il ait été refusé : le paiement par carte en attente est annulé, les lignes sont créées dans le parc (EN_COURS), les coordonnées et la référence du virement sont répondues et envoyées par e-mail. Demandé à nouveau, rend la même commande',
        body: paymentModeChangeRequestSchema,
        response: { 200: submittedOrderSchema, ...writeErrors, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return service.payByTransfer({ userId: user.id, email: user.email, sourceAddress: request.ip }, request.body.numero);
    },
  );

  app.post(
    '/api/commande/validee',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Où en est une commande de nouvelles lignes (lecture seule) : validée ou non, paiement par carte refusé, encore payable par carte, montant dû. La commande est validée par le virement choisi ou par la notification signée du prestataire de paiement, jamais par le navigateur',
        body: orderValidationRequestSchema,
        response: { 200: orderValidationSchema, ...errors },
      },
    },
    async (request) => service.validation(caller(request).user.id, request.body.numero),
  );

  app.post(
    '/api/commande/assurance',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite(
          'Assure le téléphone d’une ligne du panier (IdAssurance du catalogue, prix mensuel figé) ou retire l’assurance (null) ; seulement si le prix seul du téléphone ne dépasse pas le plafond de l’assurance',
        ),
        body: insuranceRequestSchema,
      },
    },
    async (request) => service.setInsurance(actorOf(request), request.body),
  );

  app.post(
    '/api/commande/adresse/enregistrer/:type',
    {
      onRequest: authenticate,
      schema: {
        ...cartWrite(
          'Garde avec le panier l’une de ses adresses (INSTALLATION, ELIGIBILITE ou LIVRAISON) : celle du compte, une autre adresse vérifiée (ville parmi les communes du code postal) ou, pour la livraison, une boutique où retirer la commande. La commande part avec la livraison gardée',
        ),
        params: cartAddressParamSchema,
        body: cartAddressRequestSchema,
      },
    },
    async (request) => service.saveAddress(actorOf(request), request.params.type, request.body),
  );

  app.get(
    '/api/ajout-lignes/recapitulatif/:idSouscription/:document',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'L’information précontractuelle ou le récapitulatif contractuel du panier, en PDF (pièce jointe). Leur ouverture est enregistrée : la commande ne peut être confirmée qu’après les avoir ouverts tous deux depuis la dernière modification du panier',
        params: recapDocumentParamSchema,
        response: {
          200: { description: 'Le document', content: { 'application/pdf': { schema: pdfFile } } },
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.recap(actorOf(request), request.params.idSouscription, request.params.document);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', downloadDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
