import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  creditNoteListSchema,
  invoiceAccountParamSchema,
  invoiceComplaintResponseSchema,
  invoiceComplaintSchema,
  invoiceDetailSchema,
  invoiceEvolutionSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceParamSchema,
  invoiceZipQuerySchema,
  invoiceArchiveQuerySchema,
} from '@ecare/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { InvoiceFile, InvoicesService } from './invoices.service.ts';
import type { CreditNotesService } from './credit-notes.service.ts';
import { downloadDisposition } from '../../lib/download.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const fileErrors = { ...errors, 429: apiErrorSchema };

/** A file sent as a stream or as bytes (never serialized), documented as binary. */
const file = (description: string) => ({
  schema: z.custom<Readable | Buffer>((value) => value instanceof Readable || Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary', description }),
});

const ACCESS =
  'Réservé aux gestionnaires du compte de facturation ; une facture d’un autre compte répond comme une facture inconnue (404), un compte non géré 403.';


export async function invoicesRoutes(app: ModuleApp, service: InvoicesService, creditNotes: CreditNotesService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/facture/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          'Les factures d’un compte de facturation (d’une année avec `annee`), les plus récentes d’abord sauf tri demandé, avec leur statut du jour (PAYEE, A_PAYER, EN_RETARD, PRELEVEMENT_A_VENIR), leur total et les années disponibles ; une page au-delà de la dernière renvoie la dernière',
        description: `${ACCESS} Montants en euros (centimes exacts).`,
        params: invoiceAccountParamSchema,
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema, ...errors },
      },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs, request.query),
  );

  app.get(
    '/api/detail-facture/:idClientBscs/:referenceNumber',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          'Le détail d’une facture : par ligne, abonnement, options, hors forfait, frais ponctuels et remises avec les totaux HT, TVA et TTC de la ligne, puis les frais du compte ; totaux par nature, paiements reçus, réclamations',
        description: `${ACCESS} Les totaux des lignes et du compte s’additionnent au centime près à ceux de la facture.`,
        params: invoiceParamSchema,
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(caller(request).user.id, request.params.idClientBscs, request.params.referenceNumber),
  );

  app.get(
    '/api/detail-facture/:idClientBscs/:referenceNumber/evolution',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          '« Pourquoi ma facture a changé ? » : l’écart avec la facture précédente du compte, ligne par ligne, et ses raisons (changement de forfait, options ajoutées ou retirées, hors forfait, frais ponctuels, remises)',
        description: `${ACCESS} Sans facture précédente, \`precedente\` est null et \`lignes\` vide.`,
        params: invoiceParamSchema,
        response: { 200: invoiceEvolutionSchema, ...errors },
      },
    },
    async (request) => service.evolution(caller(request).user.id, request.params.idClientBscs, request.params.referenceNumber),
  );

  app.get(
    '/api/facture/:idClientBscs/:referenceNumber/pdf',
    {
      onRequest: authenticate,
      // A HEAD would make the document and record a download nobody received.
      exposeHeadRoute: false,
      schema: {
        tags: ['invoices'],
        summary:
          'La facture électronique Factur-X (PDF/A-3b portant ses données EN 16931 en CII, fichier joint `factur-x.xml`), avec les mentions d’une facture française (vendeur, SIREN et TVA, client, numéro et date, période, lignes et TVA, totaux, échéance, conditions de paiement, pénalités de retard et indemnité de 40 €), en pièce jointe `facture-<numéro>.pdf`',
        description: `${ACCESS} Chaque téléchargement est tracé dans le journal d’audit.`,
        params: invoiceParamSchema,
        response: { 200: { description: 'La facture', content: { 'application/pdf': file('La facture au format PDF') } }, ...errors },
      },
    },
    async (request, reply) => {
      const { idClientBscs, referenceNumber } = request.params;
      const pdf = await service.file(actorOf(request), idClientBscs, referenceNumber, 'pdf');
      const bytes = pdf.content as Uint8Array;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', downloadDisposition(pdf.filename))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/api/facture/:idClientBscs/avoirs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          'Les avoirs du compte (AV-AAAA-NNNNNN), les plus récents d’abord : la facture et la réclamation qu’ils concernent, leur montant, la part déduite de la facture et la part remboursée ; chacun se télécharge comme une facture (`…/{reference}/pdf`, `cii`, `ubl`)',
        description: ACCESS,
        params: invoiceAccountParamSchema,
        response: { 200: creditNoteListSchema, ...errors },
      },
    },
    async (request) => creditNotes.list(caller(request).user.id, request.params.idClientBscs),
  );

  const SYNTAXES = {
    cii: 'UN/CEFACT Cross Industry Invoice D16B, celles que porte le PDF Factur-X (`factur-x.xml`)',
    ubl: 'OASIS UBL 2.1 (`Invoice`)',
  } as const;
  for (const [syntax, described] of Object.entries(SYNTAXES) as [keyof typeof SYNTAXES, string][]) {
    app.get(
      `/api/facture/:idClientBscs/:referenceNumber/${syntax}`,
      {
        onRequest: authenticate,
        exposeHeadRoute: false,
        schema: {
          tags: ['invoices'],
          summary: `Les données de la facture (ou de l’avoir) selon la norme EN 16931, en ${described}, en pièce jointe \`facture-<numéro>-${syntax}.xml\` ; mêmes montants que le PDF`,
          description: `${ACCESS} Chaque téléchargement est tracé dans le journal d’audit.`,
          params: invoiceParamSchema,
          response: { 200: { description: 'La facture en XML', content: { 'application/xml': { schema: z.string() } } }, ...errors },
        },
      },
      async (request, reply) => {
        const { idClientBscs, referenceNumber } = request.params;
        const document = await service.file(actorOf(request), idClientBscs, referenceNumber, syntax);
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', downloadDisposition(document.filename))
          .header('cache-control', 'no-store')
          .send(String(document.content));
      },
    );
  }

  const sendArchive = (reply: FastifyReply, archive: InvoiceFile<AsyncIterable<Buffer>>) =>
    reply
      .header('content-type', archive.contentType)
      .header('content-disposition', downloadDisposition(archive.filename))
      .header('cache-control', 'no-store')
      .header('x-total-count', String(archive.count))
      .send(Readable.from(archive.body));
  const ARCHIVE =
    'Chaque facture et chaque avoir y est un PDF Factur-X (ses données EN 16931 jointes), et `index.csv` les décrit (type, référence, date, facture d’origine d’un avoir, période, montants HT, TVA et TTC, fichier) ; l’archive est produite au fil de l’envoi, l’en-tête `X-Total-Count` donne le nombre de documents.';

  app.get(
    '/api/facture/:idClientBscs/zip',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['invoices'],
        summary: 'Les factures et avoirs d’une année en une archive ZIP, en pièce jointe `factures-<compte>-<année>.zip`',
        description: `${ACCESS} ${ARCHIVE} 20 fichiers (archives et exports) par quart d’heure et par utilisateur ; chaque archive est tracée dans le journal d’audit. Une année sans facture répond 404.`,
        params: invoiceAccountParamSchema,
        querystring: invoiceZipQuerySchema,
        response: { 200: { description: 'L’archive', content: { 'application/zip': file('Archive ZIP des factures et avoirs de l’année') } }, ...fileErrors },
      },
    },
    async (request, reply) => sendArchive(reply, await service.zip(actorOf(request), request.params.idClientBscs, request.query.annee)),
  );

  app.get(
    '/api/facture/:idClientBscs/archive',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['invoices'],
        summary:
          'Toutes les factures et tous les avoirs datés d’une période (dix ans au plus) en une archive ZIP, en pièce jointe `factures-<compte>-<du>-<au>.zip` ; disponible aux gestionnaires du compte pendant les dix ans de conservation, lignes résiliées ou non',
        description: `${ACCESS} ${ARCHIVE} Mêmes quotas que l’archive d’une année ; une période sans document répond 404.`,
        params: invoiceAccountParamSchema,
        querystring: invoiceArchiveQuerySchema,
        response: { 200: { description: 'L’archive', content: { 'application/zip': file('Archive ZIP des factures et avoirs de la période') } }, ...fileErrors },
      },
    },
    async (request, reply) => sendArchive(reply, await service.archive(actorOf(request), request.params.idClientBscs, request.query)),
  );

  app.get(
    '/api/facture/:idClientBscs/export',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['invoices'],
        summary:
          'Les lignes des factures datées de la période `du`–`au` (les douze derniers mois sans elle) en CSV ou XLSX, une ligne par élément facturé, en pièce jointe `factures-<compte>-<du>-<au>.<format>` ; l’en-tête `X-Total-Count` donne le nombre de factures',
        description:
          `${ACCESS} 20 fichiers (archives et exports) par quart d’heure et par utilisateur ; chaque export est tracé dans le journal d’audit. ` +
          'CSV : UTF-8 avec BOM, séparateur point-virgule, fins de ligne CRLF. XLSX : une feuille « Factures », dates et montants au format Excel.',
        params: invoiceAccountParamSchema,
        querystring: invoiceExportQuerySchema,
        response: {
          200: {
            description: 'Le fichier des lignes de factures',
            content: { 'text/csv': file('CSV des lignes de factures'), [XLSX_CONTENT_TYPE]: file('Classeur Excel des lignes de factures') },
          },
          ...fileErrors,
        },
      },
    },
    async (request, reply) => {
      const exported = await service.exportLines(actorOf(request), request.params.idClientBscs, request.query);
      return reply
        .header('content-type', exported.contentType)
        .header('content-disposition', downloadDisposition(exported.filename))
        .header('cache-control', 'no-store')
        .header('x-total-count', String(exported.count))
        .send(Readable.from(exported.body));
    },
  );

  app.post(
    '/api/facture/:idClientBscs/:referenceNumber/reclamation',
    {
      onRequest: authenticate,
      schema: {
        tags: ['invoices'],
        summary:
          'Dépose une réclamation sur une facture (motif de la liste, message, lignes concernées) : référence REC-AAAA-NNNNNN, accusé de réception par e-mail ; la facture affiche ensuite « réclamation en cours »',
        description: `${ACCESS} Les lignes nommées doivent figurer sur la facture ; une seule réclamation en cours par facture (409) ; 5 réclamations par heure et par utilisateur.`,
        params: invoiceParamSchema,
        body: invoiceComplaintSchema,
        response: { 200: invoiceComplaintResponseSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return service.complain({ ...actorOf(request), user }, request.params.idClientBscs, request.params.referenceNumber, request.body);
    },
  );
}
