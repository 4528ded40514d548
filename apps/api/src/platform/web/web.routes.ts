import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { versionSchema, type ServerParameters } from '@ecare/shared';
import { isPagePath, NOT_FOUND_PATH } from '@ecare/shared/page-paths';
import { BANNER_HINT_COOKIE, pathShowsBanner } from '@ecare/shared/page-shell';
import { framePageHtml, loginPageHtml } from './prerendered-pages.ts';

export const WEB_BASE = '/ecare/';
/** The customer login page: the one page whose HTML arrives already rendered. */
export const LOGIN_PAGE = `${WEB_BASE}identification/authentification`;
/** Where a browser lands for an address outside the app: the app's own "page not found". */
export const NOT_FOUND_PAGE = `${WEB_BASE}404`;

/** index.html with the login page rendered in it, written by the web build (decision 012). */
const LOGIN_HTML = 'login.html';
/** index.html with the signed-in pages' shell in it, written by the web build (decision 012). */
const FRAME_HTML = 'frame.html';
const HTML = 'text/html; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page request from a browser, as opposed to an API client (which gets JSON errors). */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export interface WebOptions {
  /** The server parameters, read for each login page sent (its information banner). */
  publicParameters: () => Promise<ServerParameters>;
}

/**
 * Serves the built SPA under /ecare/ (any /ecare path gets index.html so the client router
 * answers: with HTTP 404 for /404 and any address that is none of its pages, for which the app
 * shows its "page not found") and /ecare/version.json with the build's hash.
 * Files go out as the build's brotli or gzip copies when the browser accepts them.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, options: WebOptions): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const hash = built ? createHash('sha256').update(readFileSync(indexFile)).digest('hex').slice(0, 16) : 'dev';
  const loginFile = path.join(webDist, LOGIN_HTML);
  const loginTemplate = existsSync(loginFile) ? readFileSync(loginFile, 'utf8') : null;
  const frameFile = path.join(webDist, FRAME_HTML);
  const frameTemplate = existsSync(frameFile) ? readFileSync(frameFile, 'utf8') : null;

  app.get(
    '/ecare/version.json',
    { schema: { tags: ['web'], summary: 'Empreinte de la version déployée', response: { 200: versionSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { hash };
    },
  );

  // Spec §2: the empty path opens the login page; going there at once spares a visitor the
  // app's own redirect and gives them the page sent ready-made.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(built ? LOGIN_PAGE : WEB_BASE));

  if (!built) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: WEB_BASE,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type(HTML).sendFile('index.html');

  /** The login page with its banner, or the plain app when the page cannot be prepared. */
  const loginPage = async (request: FastifyRequest): Promise<string | null> => {
    if (loginTemplate === null) return null;
    try {
      return loginPageHtml(loginTemplate, await options.publicParameters());
    } catch (error) {
      request.log.warn({ err: error }, 'login page sent without its prerendered content');
      return null;
    }
  };

  /**
   * A signed-in page with its shell and banner, for a browser whose last signed-in page showed
   * the banner (the app's hint cookie); the plain app otherwise.
   */
  const framePage = async (request: FastifyRequest, appPath: string): Promise<string | null> => {
    if (frameTemplate === null || request.cookies[BANNER_HINT_COOKIE] !== '1' || !pathShowsBanner(appPath)) return null;
    try {
      return framePageHtml(frameTemplate, await options.publicParameters());
    } catch (error) {
      request.log.warn({ err: error }, 'page sent without its shell');
      return null;
    }
  };

  app.get('/ecare', { schema: { hide: true } }, async (_request, reply) => reply.redirect(WEB_BASE));
  app.get(LOGIN_PAGE, { schema: { hide: true } }, async (request, reply) => {
    const page = await loginPage(request);
    if (page === null) return sendIndex(reply);
    return reply.header('Cache-Control', 'no-cache').type(HTML).send(page);
  });
  app.get<{ Params: { '*': string } }>('/ecare/*', { schema: { hide: true } }, async (request, reply) => {
    // Missing assets are real 404s; every other path is a client route.
    if (request.url.startsWith(`${WEB_BASE}assets/`)) return reply.callNotFound();
    // The answer depends on the hint cookie: no shared cache may give one browser's to another.
    reply.header('Vary', 'Cookie');
    const appPath = `/${request.params['*']}`;
    // The app shows its "page not found" there: robots, monitors and links checkers see a 404.
    if (appPath === NOT_FOUND_PATH || !isPagePath(appPath)) return sendIndex(reply.code(404));
    const page = await framePage(request, appPath);
    if (page === null) return sendIndex(reply);
    return reply.header('Cache-Control', 'no-cache').type(HTML).send(page);
  });

  // Outside the app and the API, a browser is shown the app's "page not found" rather than the
  // JSON error an API client gets. The path is read as the router decoded it (/%61pi is /api),
  // and /api keeps JSON whatever the client accepts.
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = `/${request.params['*']}`;
    const api = pathname === '/api' || pathname.startsWith('/api/');
    if (api || !wantsHtml(request)) return reply.callNotFound();
    return reply.redirect(NOT_FOUND_PAGE);
  });
}
