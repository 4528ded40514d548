import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail } from '../lib/errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a state-changing route that needs no XSRF pair (none does today). */
    xsrf?: boolean;
  }
}

/**
 * Double-submit cookie (spec §7): any response to a caller without the readable XSRF-TOKEN
 * cookie sets one; every state-changing request must echo it in X-XSRF-TOKEN.
 *
 * The check applies to every route the router matched, whatever its path (API, development
 * tools, any later form handler), so no spelling of the path (`/%61pi/token`) escapes it; a
 * request that matches no route goes on to the 404 answer, which changes nothing.
 */
export function registerXsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || request.is404 || request.routeOptions.config.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw fail('XSRF');
  });
}
