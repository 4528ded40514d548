import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The few parts of `oidc-provider` (which has no types) used here. */
interface ProviderGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface Provider {
  Grant: new (properties: { clientId: string; accountId: string }) => ProviderGrant;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<unknown>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;
/** Named through a variable: the package is loaded untyped, by the tests only (a development dependency). */
const OIDC_PROVIDER_PACKAGE: string = 'oidc-provider';

/**
 * A real OpenID Connect provider on loopback standing for Gaia (decision 034), for the API and
 * browser tests: the `oidc-provider` package, one confidential client (the portal), PKCE
 * required, and a sign-in page of its own (`Identifiant Gaia`, `Se connecter`) that knows the
 * demo agents' Gaia ids plus one that is no agent. Consent is implied; sign-out needs no click.
 */
export const GAIA_TEST_CLIENT = { id: 'espace-client-pro', secret: 'gaia-test-client-secret-0123456789abcdef' } as const;

/** Gaia accounts: the demo counter agent, the inactive agent, and someone who is no agent at all. */
export const GAIA_TEST_ACCOUNTS = ['GAIA-AG100001', 'GAIA-AG100009', 'GAIA-INCONNU'] as const;

export interface GaiaTestProvider {
  issuer: string;
  /** The portal's public address: its callback and sign-out return are registered under it. Set before the first login. */
  setPortal(publicUrl: string): void;
  close(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(uid: string, error: string | null): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Gaia – connexion</title></head>
<body><main><h1>Gaia</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="login">Identifiant Gaia</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Se connecter</button></form></main></body></html>`;
}

export async function startGaiaProvider(): Promise<GaiaTestProvider> {
  const { Provider } = (await import(OIDC_PROVIDER_PACKAGE)) as { Provider: ProviderConstructor };
  let provider: Provider | undefined;
  let portal: string | undefined;
  let handler: ReturnType<Provider['callback']> | undefined;

  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        if (!provider || !handler) throw new Error('the portal address is set before the first login');
        const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '');
        if (match?.[1]) {
          await provider.interactionDetails(request, response);
          if (request.method === 'GET') {
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(match[1], null));
            return;
          }
          const login = (await formBody(request)).get('login')?.trim() ?? '';
          if (!(GAIA_TEST_ACCOUNTS as readonly string[]).includes(login)) {
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(match[1], 'Identifiant Gaia inconnu'));
            return;
          }
          await provider.interactionFinished(request, response, { login: { accountId: login } }, { mergeWithLastSubmission: false });
          return;
        }
        handler(request, response);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    issuer,
    setPortal(publicUrl) {
      if (portal === publicUrl) return;
      portal = publicUrl;
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: GAIA_TEST_CLIENT.id,
            client_secret: GAIA_TEST_CLIENT.secret,
            redirect_uris: [`${publicUrl}/api/gaia/retour`],
            post_logout_redirect_uris: [`${publicUrl}/ecare/gaia-non-autorise?deconnecte=1`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        pkce: { required: () => true },
        ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        cookies: { keys: ['gaia-test-cookie-key-0123456789'] },
        findAccount: (_ctx: unknown, sub: string) =>
          (GAIA_TEST_ACCOUNTS as readonly string[]).includes(sub) ? { accountId: sub, claims: () => ({ sub, name: sub }) } : undefined,
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        features: {
          devInteractions: { enabled: false },
          rpInitiatedLogout: {
            enabled: true,
            // Gaia signs out at once: the form is sent by the page itself.
            logoutSource: (ctx: { body?: unknown }, form: string) => {
              ctx.body = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Gaia – déconnexion</title></head><body>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}<script>document.forms[0].submit()</script></body></html>`;
            },
          },
        },
        // The portal is a first-party client: its scopes are granted without a consent page.
        loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string } }; }) => {
          const grant = new (provider as Provider).Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
          grant.addOIDCScope('openid profile');
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
