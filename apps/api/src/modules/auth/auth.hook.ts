import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/tokens.ts';
import type { Actor } from '../../core/actor.ts';
import type { ActingAgent } from '../../policy/acting-agent.ts';
import type { AuthUser } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';

export interface Caller {
  user: AuthUser;
  tokenHash: string;
  /**
   * Set when a customer-service agent acts through this customer session (decision 032): who,
   * why, and the one billing account it reaches. Endpoints agents may not use refuse on it.
   */
  agent: ActingAgent | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Caller | null;
  }
}

/** onRequest hook for protected routes: a valid bearer session or 401. */
export function createAuthenticate(service: AuthService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw fail('UNAUTHENTICATED');
    request.auth = await service.authenticate(token);
  };
}

/** The authenticated caller; only valid behind the authenticate hook. */
export function caller(request: FastifyRequest): Caller {
  if (!request.auth) throw fail('UNAUTHENTICATED');
  return request.auth;
}

/** Who acts in a request, as the audit log, mails and documents name them. */
export interface RequestActor extends Actor {
  email: string;
  prenom: string;
  nom: string;
  /** « Prénom Nom », as mails and audit entries show it. */
  name: string;
}

/** The caller of an authenticated request as the actor of what it does (decision 004). */
export function actorOf(request: FastifyRequest): RequestActor {
  const { user } = caller(request);
  return { userId: user.id, sourceAddress: request.ip, email: user.email, prenom: user.prenom, nom: user.nom, name: `${user.prenom} ${user.nom}`.trim() };
}
