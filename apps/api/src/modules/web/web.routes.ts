import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { versionSchema } from '@ecare/shared';

export const WEB_BASE = '/ecare/';

/**
 * Serves the built SPA under /ecare/ (any unknown /ecare path gets index.html so the client
 * router answers, including its 404 page) and /ecare/version.json with the build's hash.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const hash = built ? createHash('sha256').update(readFileSync(indexFile)).digest('hex').slice(0, 16) : 'dev';

  app.get(
    '/ecare/version.json',
    { schema: { tags: ['web'], summary: 'Empreinte de la version déployée', response: { 200: versionSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { hash };
    },
  );

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(WEB_BASE));

  if (!built) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: WEB_BASE,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  app.get('/ecare', { schema: { hide: true } }, async (_request, reply) => reply.redirect(WEB_BASE));
  app.get('/ecare/*', { schema: { hide: true } }, async (request, reply) => {
    // Missing assets are real 404s; every other path is a client route.
    if (request.url.startsWith(`${WEB_BASE}assets/`)) return reply.callNotFound();
    return sendIndex(reply);
  });
}
