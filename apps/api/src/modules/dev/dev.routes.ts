import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_PARAMETER_NAMES } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';
import type { MailRepository, OutboxRow } from '../mail/mail.repository.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const frenchDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Paris' });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
<p>Boîte aux lettres de développement : les e-mails envoyés sans serveur SMTP configuré. Elle n’existe pas en production.</p>
${body}</main></body></html>`;
}

function mailSummary(mail: OutboxRow) {
  return {
    id: mail.id,
    destinataire: mail.recipient,
    sujet: mail.subject,
    texte: mail.textBody,
    html: mail.htmlBody,
    creeLe: mail.createdAt.toISOString(),
    envoyeLe: mail.sentAt?.toISOString() ?? null,
    transport: mail.transport,
  };
}

const mailSchema = z.object({
  id: z.number(),
  destinataire: z.string(),
  sujet: z.string(),
  texte: z.string(),
  html: z.string(),
  creeLe: z.string(),
  envoyeLe: z.string().nullable(),
  transport: z.string().nullable(),
});

/** Development tools, registered only when DEV_TOOLS is on (never by default in production). */
export function devRoutes(mail: MailRepository): FastifyPluginAsyncZod<RouteDeps> {
  return async (app, { services }) => {
    app.get(
      '/api/dev/mails',
      { schema: { tags: ['dev'], summary: 'Les derniers e-mails de l’outbox (développement)', response: { 200: z.array(mailSchema) } } },
      async () => (await mail.latest(50)).map(mailSummary),
    );

    app.put(
      '/api/dev/parametres/:name',
      {
        schema: {
          tags: ['dev'],
          summary: 'Change un paramètre serveur public (développement)',
          params: z.object({ name: z.enum(PUBLIC_PARAMETER_NAMES) }),
          body: z.object({ value: z.string().max(2000) }),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        await services.parameters.set(request.params.name, request.body.value);
        return { ok: true as const };
      },
    );

    app.get('/dev/boite-mail', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await mail.latest(50);
      const rows = mails
        .map((m) => `<tr><td>${escapeHtml(frenchDate.format(m.createdAt))}</td><td>${escapeHtml(m.recipient)}</td><td><a href="/dev/boite-mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`)
        .join('');
      const table = mails.length
        ? `<table><caption>Les 50 derniers e-mails</caption><thead><tr><th scope="col">Date</th><th scope="col">Destinataire</th><th scope="col">Objet</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>Aucun e-mail pour le moment.</p>';
      return reply.type('text/html; charset=utf-8').send(page('Boîte aux lettres', table));
    });

    app.get('/dev/boite-mail/:id', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request, reply) => {
      const found = await mail.find(request.params.id);
      if (!found) return reply.callNotFound();
      const body = `<p><a href="/dev/boite-mail">Retour à la liste</a></p>
<dl><dt>Destinataire</dt><dd>${escapeHtml(found.recipient)}</dd><dt>Objet</dt><dd>${escapeHtml(found.subject)}</dd></dl>
<pre>${linkify(found.textBody)}</pre>`;
      return reply.type('text/html; charset=utf-8').send(page(found.subject, body));
    });
  };
}
