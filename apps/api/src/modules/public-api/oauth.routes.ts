import { oauthErrorSchema, oauthTokenAnswerSchema, oauthTokenRequestSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { sendOAuthError } from '../auth/index.ts';

/** HTTP Basic client authentication (RFC 6749 §2.3.1): each part form-encoded, then base64. */
function basicCredentials(header: string | undefined): { id?: string; secret?: string } {
  const match = /^basic +([A-Za-z0-9+/=]{1,400})$/i.exec(header ?? '');
  if (!match?.[1]) return {};
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return {};
  try {
    const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return {};
  }
}

/** POST /api/v1/oauth/token: a key traded for an hour-long bearer token (decision 061). */
export async function oauthRoutes(app: ModuleApp) {
  app.post(
    '/oauth/token',
    {
      // The customer's own tools call it: no session, no XSRF pair; the key proves the client.
      config: { xsrf: false },
      schema: {
        tags: ['oauth'],
        summary: 'Échange une clé d’API contre un jeton d’une heure (OAuth 2, client credentials)',
        description:
          'grant_type=client_credentials, client_id = l’identifiant de la clé (idCle), client_secret = la clé ; dans le corps (formulaire ou JSON) ou en authentification HTTP Basic. Le jeton porte les portées de la clé et cesse avec elle.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthTokenRequestSchema,
        response: { 200: oauthTokenAnswerSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
      errorHandler: (error, _request, reply) => sendOAuthError(error, reply),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const basic = basicCredentials(request.headers.authorization);
      const body = request.body ?? {};
      return app.apiKeys.token(body.grant_type, basic.id ?? body.client_id, basic.secret ?? body.client_secret);
    },
  );
}
