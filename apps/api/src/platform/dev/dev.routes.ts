import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema, devMailListSchema, PUBLIC_PARAMETER_NAMES, type DevMail } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { assertAdministration } from '../../policy/access-policy.ts';
import { caller } from '../../modules/auth/index.ts';
import type { MailRepository, OutboxRow } from '../mail/index.ts';
import { localOnly } from './local-only.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const frenchDate = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'medium' });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
<p>Boîte aux lettres de développement : les e-mails envoyés sans serveur SMTP configuré. Elle n’existe pas en production.</p>
${body}</main></body></html>`;
}

function mailSummary(mail: OutboxRow): DevMail {
  return {
    id: mail.id,
    destinataire: mail.recipient,
    sujet: mail.subject,
    texte: mail.textBody,
    html: mail.htmlBody,
    creeLe: mail.createdAt.toISOString(),
    envoyeLe: mail.sentAt?.toISOString() ?? null,
    transport: mail.transport,
    piecesJointes: mail.attachments.map(({ filename, contentType, contentBase64 }) => {
      const bytes = Buffer.from(contentBase64, 'base64');
      return { nom: filename, type: contentType, taille: bytes.length, texte: contentType.startsWith('text/') ? bytes.toString('utf8') : null };
    }),
  };
}

/**
 * Development tools: the outbox mailbox and the server-parameter switch. Each answers only a
 * direct request from this machine; the switch also wants a signed-in administration user,
 * since it closes the portal (maintenance) and writes the banners every visitor sees.
 */
export async function devRoutes(app: ModuleApp, mail: MailRepository) {
  const { authenticate } = app.auth;
  const administrator = async (request: FastifyRequest) => {
    const { user, agent } = caller(request);
    assertAdministration({ ...user, agentMode: agent !== null });
  };

  app.get(
    '/api/dev/mails',
    { onRequest: localOnly, schema: { tags: ['dev'], summary: 'Les derniers e-mails de l’outbox (développement)', response: { 200: devMailListSchema } } },
    async () => (await mail.latest(50)).map(mailSummary),
  );

  app.put(
    '/api/dev/parametres/:name',
    {
      onRequest: [localOnly, authenticate, administrator],
      schema: {
        tags: ['dev'],
        summary: 'Change un paramètre serveur public (développement)',
        params: z.object({ name: z.enum(PUBLIC_PARAMETER_NAMES) }),
        body: z.object({ value: z.string().max(2000) }),
        response: { 200: z.object({ ok: z.literal(true) }), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await app.parameters.set(request.params.name, request.body.value);
      return { ok: true as const };
    },
  );

  app.get('/dev/boite-mail', { onRequest: localOnly, schema: { hide: true } }, async (_request, reply) => {
    const mails = await mail.latest(50);
    const rows = mails
      .map((m) => `<tr><td>${escapeHtml(frenchDate.format(m.createdAt))}</td><td>${escapeHtml(m.recipient)}</td><td><a href="/dev/boite-mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`)
      .join('');
    const table = mails.length
      ? `<table><caption>Les 50 derniers e-mails</caption><thead><tr><th scope="col">Date</th><th scope="col">Destinataire</th><th scope="col">Objet</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>Aucun e-mail pour le moment.</p>';
    return reply.type('text/html; charset=utf-8').send(page('Boîte aux lettres', table));
  });

  app.get('/dev/boite-mail/:id', { onRequest: localOnly, schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } }, async (request, reply) => {
    const found = await mail.find(request.params.id);
    if (!found) return reply.callNotFound();
    const body = `<p><a href="/dev/boite-mail">Retour à la liste</a></p>
<dl><dt>Destinataire</dt><dd>${escapeHtml(found.recipient)}</dd><dt>Objet</dt><dd>${escapeHtml(found.subject)}</dd></dl>
<pre>${linkify(found.textBody)}</pre>`;
    return reply.type('text/html; charset=utf-8').send(page(found.subject, body));
  });
}
