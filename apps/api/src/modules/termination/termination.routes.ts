import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  terminationAttachmentSchema,
  terminationCommitmentSchema,
  terminationConfirmationRequestSchema,
  terminationConfirmationSentSchema,
  terminationContractParamSchema,
  terminationDeletedSchema,
  terminationDeleteSchema,
  terminationDraftSaveSchema,
  terminationDraftSchema,
  terminationFeesRequestSchema,
  terminationFeesSchema,
  terminationIdParamSchema,
  terminationInProgressSchema,
  terminationParentParamSchema,
  terminationReasonListSchema,
  terminationRequestSchema,
  terminationStatusSchema,
  terminationUploadDocumentSchema,
  ATTACHMENT_FIELD,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { bodyReadByHandler, invalidBody, readMultipartUpload } from '../../lib/attachments/multipart.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { TerminationService } from './termination.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema, 429: apiErrorSchema };
const uploadErrors = { ...writeErrors, 413: apiErrorSchema, 415: apiErrorSchema };

/** The signed-in caller (the customer an agent acts for, in agent mode) and where they call from. */

/** Reference data: changed by a release or an operator, not between two page views. */
const CACHE_CONTROL = 'private, max-age=300';

export async function terminationRoutes(app: ModuleApp, { service, store }: { service: TerminationService; store: AttachmentStore }) {
  const { authenticate } = app.auth;

  app.get(
    '/api/resiliation/motifs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Les motifs généraux de résiliation d’une ligne, dans l’ordre d’affichage (avec les justificatifs qu’ils demandent)',
        response: { 200: terminationReasonListSchema, 401: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', CACHE_CONTROL);
      return service.reasons();
    },
  );

  app.get(
    '/api/resiliation/motifs-pro/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary:
          'Les motifs professionnels de résiliation offerts pour cette ligne (cessation d’activité, déménagement à l’étranger, ligne plus utilisée…) ; le changement d’opérateur avec portabilité seulement pendant un portage sortant',
        params: terminationContractParamSchema,
        response: { 200: terminationReasonListSchema, ...errors },
      },
    },
    async (request) => service.proReasons(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/resiliation/sous-motifs/:idMotifParent',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Les précisions d’un motif de résiliation (liste vide quand il n’en a pas) ; un motif inconnu répond 404',
        params: terminationParentParamSchema,
        response: { 200: terminationReasonListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const reasons = await service.subReasons(request.params.idMotifParent);
      reply.header('Cache-Control', CACHE_CONTROL);
      return reasons;
    },
  );

  app.get(
    '/api/resiliation/engagement/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary:
          'L’engagement de la ligne (fin, mois restants), les dates d’effet possibles (du lendemain à 3 mois, ou la date de portage), ce qui empêche de la résilier ici et si l’appelant peut la résilier',
        params: terminationContractParamSchema,
        response: { 200: terminationCommitmentSchema, ...errors },
      },
    },
    async (request) => service.commitment(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/resiliation/brouillon/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Les réponses déjà données à la résiliation de la ligne (motif, précision, date d’effet, commentaire) et les justificatifs envoyés pour elle, gardés d’une session à l’autre',
        params: terminationContractParamSchema,
        response: { 200: terminationDraftSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.draft(caller(request).user.id, request.params.idContrat);
    },
  );

  app.put(
    '/api/resiliation/brouillon/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Garde les réponses données à chaque étape de la résiliation, effacées à l’envoi de la demande',
        params: terminationContractParamSchema,
        body: terminationDraftSaveSchema,
        response: { 200: terminationDraftSchema, ...writeErrors },
      },
    },
    async (request) => service.saveDraft(caller(request).user.id, request.params.idContrat, request.body),
  );

  app.post(
    '/api/resiliation/frais',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary:
          'Les frais de résiliation anticipée à la date d’effet choisie, détaillés avec leur calcul : mensualités restant dues jusqu’au 12e mois de l’engagement en totalité, puis le quart de celles dues après ; exonération sur justificatif pour certains motifs ; TVA 20 % ; en centimes',
        body: terminationFeesRequestSchema,
        response: { 200: terminationFeesSchema, ...writeErrors },
      },
    },
    async (request) => service.fees(caller(request).user.id, request.body),
  );

  app.post(
    '/api/upload-piece-jointe-resiliation',
    {
      onRequest: authenticate,
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['termination'],
        summary:
          'Envoie un justificatif de résiliation (multipart/form-data) : `idContrat` d’abord, puis le fichier `pieceJointe` (PDF, JPEG ou PNG reconnu à ses premiers octets, 5 Mo au plus) ; répond sa clé',
        description:
          'Réservé au gestionnaire du compte de la ligne. Le fichier est enregistré sous un nom aléatoire hors de la racine web ; 3 justificatifs en attente par ligne au plus, 20 envois par heure et par utilisateur.',
        consumes: ['multipart/form-data'],
        body: terminationUploadDocumentSchema,
        response: { 200: terminationAttachmentSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const upload = await readMultipartUpload(request, store, {
        fileField: ATTACHMENT_FIELD,
        beforeFile: async (fields) => {
          await service.assertUpload(actor, fields);
        },
      });
      return service.recordUpload(actor, upload);
    },
  );

  app.post(
    '/api/delete-uploaded-piece-jointe-resiliation',
    {
      onRequest: authenticate,
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['termination'],
        summary: 'Supprime un justificatif pas encore envoyé avec une demande (multipart/form-data, champ `cle`), depuis le compte qui l’a envoyé',
        consumes: ['multipart/form-data'],
        body: terminationDeleteSchema,
        response: { 200: terminationDeletedSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { fields } = await readMultipartUpload(request, store, { fileField: null });
      const parsed = terminationDeleteSchema.safeParse(fields);
      if (!parsed.success) throw invalidBody(parsed.error.issues);
      await service.deleteUpload(actor, parsed.data.cle);
      return { cle: parsed.data.cle, supprime: true as const };
    },
  );

  app.post(
    '/api/contrat/resilier',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary:
          'Demande la résiliation d’une ligne à une date d’effet (du lendemain à 3 mois, ou la date de portage), avec son motif, ses justificatifs et ses frais ; e-mail de confirmation avec le récapitulatif en PDF',
        description:
          'Réservé au gestionnaire du compte. L’en-tête `Idempotency-Key` (16 à 100 caractères, un par tentative) rend la demande idempotente : la même clé renvoie la première demande. Refus expliqués : dernière ligne du compte, commande en cours, résiliation déjà programmée, justificatif manquant.',
        headers: idempotencyHeadersSchema,
        body: terminationRequestSchema,
        response: { 200: terminationStatusSchema, ...writeErrors },
      },
    },
    async (request) => service.submit(actorOf(request), request.headers['idempotency-key'], request.body),
  );

  app.post(
    '/api/resiliation/envoyer-confirmation',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Envoie de nouveau au gestionnaire connecté l’e-mail de confirmation d’une demande, avec son récapitulatif en PDF',
        body: terminationConfirmationRequestSchema,
        response: { 200: terminationConfirmationSentSchema, ...writeErrors },
      },
    },
    async (request) => service.sendConfirmation(actorOf(request), request.body.idResiliation),
  );

  app.get(
    '/api/resiliation/en-cours/:idContrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'La résiliation programmée de la ligne, s’il y en a une (`resiliation` nul sinon)',
        params: terminationContractParamSchema,
        response: { 200: terminationInProgressSchema, ...errors },
      },
    },
    async (request) => service.inProgress(caller(request).user.id, request.params.idContrat),
  );

  app.get(
    '/api/resiliation/statut/:idResiliation',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'L’état d’une demande de résiliation (programmée, annulée, effectuée), ses frais, ses justificatifs et si elle peut encore être annulée',
        params: terminationIdParamSchema,
        response: { 200: terminationStatusSchema, ...errors },
      },
    },
    async (request) => service.status(caller(request).user.id, request.params.idResiliation),
  );

  app.post(
    '/api/resiliation/:idResiliation/annuler',
    {
      onRequest: authenticate,
      schema: {
        tags: ['termination'],
        summary: 'Annule une résiliation programmée, jusqu’à la veille de sa date d’effet ; e-mail de confirmation de l’annulation',
        params: terminationIdParamSchema,
        response: { 200: terminationStatusSchema, ...writeErrors },
      },
    },
    async (request) => service.cancel(actorOf(request), request.params.idResiliation),
  );
}
