import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.ts';
import type { AuthUser } from '../modules/auth/auth.repository.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: AuthUser; tokenHash: string } | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** onRequest hook for protected routes: a valid bearer session or 401. */
export function createAuthenticate(service: AuthService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw errors.unauthenticated();
    request.auth = await service.authenticate(match[1]);
  };
}

/** The authenticated caller; only valid behind the authenticate hook. */
export function caller(request: FastifyRequest): { user: AuthUser; tokenHash: string } {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}
