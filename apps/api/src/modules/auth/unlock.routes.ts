import { z } from 'zod';
import { apiErrorSchema, okResponseSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { LIMITS, type Limits } from '../../lib/limits.ts';
import { LOGIN_PASS_COOKIE, LOGIN_PASS_COOKIE_PATH, type LoginProtection } from './login-protection.ts';

/** Body of POST /api/identification/deverrouillage: the token of the e-mailed link. */
const unlockRequestSchema = z.object({ token: z.string().trim().min(1).max(200) });

export async function unlockRoutes(
  app: ModuleApp,
  { protection, limits, secureCookie }: { protection: LoginProtection; limits: Limits; secureCookie: boolean },
) {
  app.post(
    '/api/identification/deverrouillage',
    {
      onRequest: limits.perIpHook('login-unlock'),
      schema: {
        tags: ['auth'],
        summary: 'Suit un lien de déverrouillage (une seule fois) : ce navigateur peut à nouveau se connecter',
        body: unlockRequestSchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const pass = await protection.unlock(request.body.token);
      // The pass stays with this browser (not its address, which an attacker may share) and is
      // only ever sent to the token endpoint.
      reply.setCookie(LOGIN_PASS_COOKIE, pass, {
        path: LOGIN_PASS_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        maxAge: Math.round(LIMITS.passMs / 1000),
      });
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  );
}
