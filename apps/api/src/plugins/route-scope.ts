import type { FastifyRequest } from 'fastify';

/**
 * What part of the application a request reached, read from the route the router matched
 * (`/api/comptes_facturation`, `/api/guid/verifier/:guid`), never from the raw URL: the router
 * decodes `/%61pi/token` to the `/api/token` route while `request.url` keeps the encoded text,
 * so a test on the raw URL is a test an attacker chooses the answer to. `undefined` when no
 * route matched (the 404 handler answers).
 */
export function routePattern(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

export function isApiPattern(pattern: string | undefined): boolean {
  return pattern !== undefined && (pattern === '/api' || pattern.startsWith('/api/'));
}

/** The OpenAPI reference pages (the portal's and the public API's) and their assets, which bring their own inline scripts and styles. */
export function isDocsPattern(pattern: string | undefined): boolean {
  return pattern !== undefined && ['/api/docs', '/api/v1/docs'].some((docs) => pattern === docs || pattern.startsWith(`${docs}/`));
}
