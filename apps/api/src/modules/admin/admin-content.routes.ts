import {
  adminContactLabelBodySchema,
  adminContactSubThemeOrderBodySchema,
  adminContactSubThemeParamSchema,
  adminContactSubThemeSchema,
  adminContactThemeListSchema,
  adminContactThemeOrderBodySchema,
  adminContactThemeSchema,
  adminFaqThemeParamSchema,
  adminMenuItemBodySchema,
  adminMenuItemSchema,
  adminMenuListSchema,
  adminMenuOrderBodySchema,
  adminMenuParamSchema,
  adminStaticDocumentBodySchema,
  adminStaticDocumentListSchema,
  adminStaticDocumentSchema,
  apiErrorSchema,
  okResponseSchema,
  staticDocumentTypeParamSchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import type { AdminContentService } from './admin-content.service.ts';
import { actorOf } from '../auth/index.ts';
import { ACCESS, administrator, orderErrors, readErrors, TAGS, writeErrors } from './admin.routes.ts';
import { downloadDisposition } from '../../lib/download.ts';

/** The preview's bytes, sent as they are, documented as binary. */
const pdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'L’aperçu du document au format PDF' });

const CUSTOMER_CACHE = 'Le menu des clients est lu à chaque chargement de page (gardé 5 minutes au plus par une page déjà ouverte).';
const PUBLIC_CACHE = 'Les visiteurs voient la modification au plus tard 5 minutes après (copie gardée par leur navigateur).';

/** The menu tree, the contact themes and the static documents in the back office (decision 030). */
export async function adminContentRoutes(app: ModuleApp, service: AdminContentService) {
  const onRequest = [app.auth.authenticate, administrator];

  // ——— Menu ———

  app.get(
    '/api/admin/menu',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Le menu d’en-tête entier, à plat (rubriques, sous-rubriques, modules), chaque niveau dans son ordre',
        description: ACCESS,
        response: { 200: adminMenuListSchema, ...readErrors },
      },
    },
    async () => service.menu(),
  );

  app.post(
    '/api/admin/menu',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Ajoute une entrée au menu, en dernier sous son parent (sans parent : une rubrique ; sous une rubrique : une sous-rubrique ; sous une sous-rubrique : un module, qui doit avoir une adresse) ; tracé dans le journal d’audit',
        description: `${ACCESS} Un parent inconnu répond 404. ${CUSTOMER_CACHE}`,
        body: adminMenuItemBodySchema,
        response: { 200: adminMenuItemSchema, ...writeErrors },
      },
    },
    async (request) => service.createMenuItem(actorOf(request), request.body),
  );

  app.put(
    '/api/admin/menu/ordre',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Range les entrées d’un même parent dans l’ordre donné (toutes, chacune une fois) ; tracé dans le journal d’audit',
        description: `${ACCESS} Une liste qui n’est pas exactement celle des entrées du parent répond 409.`,
        body: adminMenuOrderBodySchema,
        response: { 200: adminMenuListSchema, ...orderErrors },
      },
    },
    async (request) => service.orderMenu(actorOf(request), request.body.parentId, request.body.ids),
  );

  app.put(
    '/api/admin/menu/:id',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Renomme une entrée du menu, change son adresse ou la déplace sous un autre parent du même niveau (en dernier) ; tracé dans le journal d’audit avec les valeurs avant et après',
        description: `${ACCESS} Une entrée ou un parent inconnus répondent 404.`,
        params: adminMenuParamSchema,
        body: adminMenuItemBodySchema,
        response: { 200: adminMenuItemSchema, ...writeErrors },
      },
    },
    async (request) => service.updateMenuItem(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/menu/:id',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Supprime une entrée du menu qui ne contient aucune autre entrée ; tracé dans le journal d’audit avec l’entrée supprimée',
        description: `${ACCESS} Une entrée inconnue répond 404, une entrée qui en contient d’autres 409.`,
        params: adminMenuParamSchema,
        response: { 200: okResponseSchema, ...orderErrors },
      },
    },
    async (request) => {
      await service.deleteMenuItem(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ——— Contact themes ———

  app.get(
    '/api/admin/contact/themes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les thèmes du formulaire de contact dans leur ordre, chacun avec ses sous-thèmes',
        description: ACCESS,
        response: { 200: adminContactThemeListSchema, ...readErrors },
      },
    },
    async () => service.contactThemes(),
  );

  app.post(
    '/api/admin/contact/themes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Crée un thème de contact, placé en dernier ; tracé dans le journal d’audit',
        description: `${ACCESS} ${PUBLIC_CACHE}`,
        body: adminContactLabelBodySchema,
        response: { 200: adminContactThemeSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request) => service.createContactTheme(actorOf(request), request.body.libelle),
  );

  app.put(
    '/api/admin/contact/themes/ordre',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Range les thèmes de contact dans l’ordre donné (tous, chacun une fois) ; tracé dans le journal d’audit',
        description: `${ACCESS} Une liste qui n’est pas exactement celle des thèmes enregistrés répond 409.`,
        body: adminContactThemeOrderBodySchema,
        response: { 200: adminContactThemeListSchema, ...orderErrors },
      },
    },
    async (request) => service.orderContactThemes(actorOf(request), request.body.idThemes),
  );

  app.put(
    '/api/admin/contact/themes/:idTheme',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Renomme un thème de contact (les demandes déjà envoyées gardent le libellé de leur envoi) ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404. ${PUBLIC_CACHE}`,
        params: adminFaqThemeParamSchema,
        body: adminContactLabelBodySchema,
        response: { 200: adminContactThemeListSchema, ...writeErrors },
      },
    },
    async (request) => service.renameContactTheme(actorOf(request), request.params.idTheme, request.body.libelle),
  );

  app.post(
    '/api/admin/contact/themes/:idTheme/sous-themes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Ajoute un sous-thème à un thème de contact, en dernier ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404.`,
        params: adminFaqThemeParamSchema,
        body: adminContactLabelBodySchema,
        response: { 200: adminContactSubThemeSchema, ...writeErrors },
      },
    },
    async (request) => service.createContactSubTheme(actorOf(request), request.params.idTheme, request.body.libelle),
  );

  app.put(
    '/api/admin/contact/themes/:idTheme/sous-themes/ordre',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Range les sous-thèmes d’un thème de contact dans l’ordre donné (tous, chacun une fois) ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404 ; une liste qui n’est pas exactement celle de ses sous-thèmes, 409.`,
        params: adminFaqThemeParamSchema,
        body: adminContactSubThemeOrderBodySchema,
        response: { 200: adminContactThemeListSchema, ...orderErrors },
      },
    },
    async (request) => service.orderContactSubThemes(actorOf(request), request.params.idTheme, request.body.idSousThemes),
  );

  app.put(
    '/api/admin/contact/sous-themes/:idSousTheme',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Renomme un sous-thème de contact ; tracé dans le journal d’audit',
        description: `${ACCESS} Un sous-thème inconnu répond 404.`,
        params: adminContactSubThemeParamSchema,
        body: adminContactLabelBodySchema,
        response: { 200: adminContactSubThemeSchema, ...writeErrors },
      },
    },
    async (request) => service.renameContactSubTheme(actorOf(request), request.params.idSousTheme, request.body.libelle),
  );

  // ——— Static documents ———

  app.get(
    '/api/admin/documents',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les documents contractuels (CGV, CGA, GT) tels qu’enregistrés : titre, version, date et texte',
        description: ACCESS,
        response: { 200: adminStaticDocumentListSchema, ...readErrors },
      },
    },
    async () => service.documents(),
  );

  app.put(
    '/api/admin/documents/:type',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Enregistre le titre et le texte d’un document contractuel : un changement lui donne la version suivante, datée du jour, dont le PDF public est tiré ; tracé dans le journal d’audit avec les valeurs avant et après',
        description: `${ACCESS} Un type inconnu répond 404. ${PUBLIC_CACHE}`,
        params: staticDocumentTypeParamSchema,
        body: adminStaticDocumentBodySchema,
        response: { 200: adminStaticDocumentSchema, ...writeErrors },
      },
    },
    async (request) => service.saveDocument(actorOf(request), request.params.type, request.body),
  );

  app.post(
    '/api/admin/documents/:type/apercu',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Le PDF qu’enregistrerait ce titre et ce texte (version suivante, datée du jour), sans rien enregistrer',
        description: `${ACCESS} Un type inconnu répond 404.`,
        params: staticDocumentTypeParamSchema,
        body: adminStaticDocumentBodySchema,
        response: {
          200: { description: 'L’aperçu', content: { 'application/pdf': { schema: pdfFile } } },
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const bytes = await service.previewDocument(request.params.type, request.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', downloadDisposition(`apercu-${request.params.type.toLowerCase()}.pdf`, 'inline'))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
