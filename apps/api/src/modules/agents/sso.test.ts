import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  compositeUsername,
  contextResponseSchema,
  gaiaInfoSchema,
  gaiaProfileSchema,
  gaiaStateSchema,
  regateProfileSchema,
  ssoKeysSchema,
  ssoValidationSchema,
  tokenResponseSchema,
  urlResponseSchema,
  validateScResponseSchema,
  type OneclicKey,
} from '@ecare/shared';
import { auditLog, sessions, ssoClientContexts } from '../../db/schema.ts';
import { DEMO_AGENTS, DEMO_SSO_CONTEXTS, DEMO_VQD_URL } from '../../db/seed/demo-agents.ts';
import { hashToken } from '../../lib/tokens.ts';
import { startGaiaProvider, GAIA_TEST_CLIENT, type GaiaTestProvider } from '../../test/gaia-provider.ts';
import { bodyOf, createTestContext, errorOf, expectError, type TestContext } from '../../test/harness.ts';
import { signedOneclicQuery, signOneclic } from './oneclic-signature.ts';
import { GAIA_PENDING_COOKIE, SSO_COOKIE } from './sso.routes.ts';

const SECRET = 'sso-test-oneclic-secret-0123456789abcdef';
const PUBLIC_URL = 'https://espace-client.test';
const XSRF = 'sso-test-xsrf';
const BDP = DEMO_AGENTS.bdp;

let t: TestContext;
let gaia: GaiaTestProvider;
beforeAll(async () => {
  gaia = await startGaiaProvider();
  gaia.setPortal(PUBLIC_URL);
  t = await createTestContext({
    env: { SSO_ONECLIC_SECRET: SECRET, GAIA_ISSUER: gaia.issuer, GAIA_CLIENT_ID: GAIA_TEST_CLIENT.id, GAIA_CLIENT_SECRET: GAIA_TEST_CLIENT.secret },
  });
});
afterAll(async () => {
  await t.close();
  await gaia.close();
});

let addresses = 0;
const nextIp = () => `203.0.113.${(addresses++ % 250) + 1}`;

/** A request with the SSO assertion cookie (when given), the XSRF pair, a bearer and a client address. */
function call(
  method: 'GET' | 'POST',
  url: string,
  options: { assertion?: string | undefined; token?: string; json?: unknown; ip?: string; cookies?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextIp(),
    cookies: { 'XSRF-TOKEN': XSRF, ...(options.assertion ? { [SSO_COOKIE]: options.assertion } : {}), ...options.cookies },
    headers: { 'x-xsrf-token': XSRF, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.json !== undefined ? { payload: options.json as object } : {}),
  });
}

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

type Keys = Partial<Record<OneclicKey, string>>;
const AJL_KEYS: Keys = {
  idmodule: 'ajl',
  coderegate: BDP.codeRegate,
  idContexteClient: DEMO_SSO_CONTEXTS.ajl.idContexte,
  urlAppelVQD: DEMO_VQD_URL,
  idrh: BDP.idrh,
};

/** The body the one-click page posts for a signed URL's query. */
function oneclicBody(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

/** An SSO assertion from a signed one-click URL with these keys (a new URL: signed a second later than the last). */
async function oneclicAssertion(keys: Keys = AJL_KEYS): Promise<string> {
  t.clock.advance(1000);
  const response = await call('POST', '/api/sso/oneclic', { json: oneclicBody(signedOneclicQuery(SECRET, keys, t.clock.now())) });
  expect(response.statusCode, response.body).toBe(200);
  const assertion = cookieOf(response, SSO_COOKIE);
  if (!assertion) throw new Error('no assertion cookie');
  return assertion;
}

describe('signed one-click URLs', () => {
  it('accepts a fresh signature and answers the keys under the spec’s names, with an httpOnly assertion', async () => {
    t.clock.advance(1000);
    const response = await call('POST', '/api/sso/oneclic', { json: oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, t.clock.now())) });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, ssoKeysSchema)).toEqual({
      IdModule: 'ajl',
      IdSSO: null,
      UrlAppelVQD: DEMO_VQD_URL,
      CodeRegate: BDP.codeRegate,
      IdContexteClient: DEMO_SSO_CONTEXTS.ajl.idContexte,
      IdRh: BDP.idrh,
    });
    const cookie = response.cookies.find((c) => c.name === SSO_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' });
  });

  it('refuses a forged, tampered, expired or future signature, and malformed input, without a 5xx', async () => {
    const now = t.clock.now();
    const ts = Math.floor(now.getTime() / 1000);
    const good = oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, now));
    const cases: Record<string, string>[] = [
      { ...good, sig: signOneclic('another-secret-of-at-least-32-characters', AJL_KEYS, ts) },
      { ...good, idContexteClient: DEMO_SSO_CONTEXTS.lpmPro.idContexte },
      { ...good, coderegate: 'BDP002' },
      { ...good, idmodule: '' },
      { ...good, ts: String(ts + 1) },
      oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, new Date(now.getTime() - 301_000))),
      oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, new Date(now.getTime() + 120_000))),
      { ...good, sig: 'zz' },
      { ...good, sig: '' },
      { ...good, ts: 'abc' },
      { ...good, ts: '-1' },
      { ...good, sig: `${good.sig ?? ''}%00` },
    ];
    for (const json of cases) {
      const response = await call('POST', '/api/sso/oneclic', { json });
      expectError(response, 403, 'SSO_ONECLIC_INVALID');
      expect(cookieOf(response, SSO_COOKIE)).toBeUndefined();
    }
    expect((await call('POST', '/api/sso/oneclic', { json: { ...good, urlAppelVQD: 'x'.repeat(5000) } })).statusCode).toBe(400);
    expect((await call('POST', '/api/sso/oneclic', { json: ['pas un objet'] })).statusCode).toBe(400);
  });

  it('opens one session per URL: the same signed URL again, even at once, is refused', async () => {
    t.clock.advance(1000);
    const json = oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, t.clock.now()));
    const [first, second] = await Promise.all([call('POST', '/api/sso/oneclic', { json }), call('POST', '/api/sso/oneclic', { json })]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 403]);
    t.clock.advance(60_000);
    const replayed = await call('POST', '/api/sso/oneclic', { json });
    expectError(replayed, 403, 'SSO_ONECLIC_INVALID');
    expect(cookieOf(replayed, SSO_COOKIE)).toBeUndefined();
    // A new URL for the same agent and customer, signed a second later, is a new entry.
    t.clock.advance(1000);
    expect((await call('POST', '/api/sso/oneclic', { json: oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, t.clock.now())) })).statusCode).toBe(200);
  });

  it('accepts a signature until its fifth minute ends', async () => {
    const signedAt = new Date(t.clock.now().getTime() - 299_000);
    const response = await call('POST', '/api/sso/oneclic', { json: oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, signedAt)) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses keys naming no active agent even when signed', async () => {
    const response = await call('POST', '/api/sso/oneclic', { json: oneclicBody(signedOneclicQuery(SECRET, { ...AJL_KEYS, coderegate: 'ZZZ999' }, t.clock.now())) });
    expectError(response, 404, 'SSO_AGENT_UNKNOWN');
  });

  it('limits one-click entries per address', async () => {
    const ip = nextIp();
    const json = { ...oneclicBody(signedOneclicQuery(SECRET, AJL_KEYS, t.clock.now())), sig: '0'.repeat(64) };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await call('POST', '/api/sso/oneclic', { json, ip })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('validation by SSO id, acores code and Régate code', () => {
  // Each test starts a new minute: the per-agent window holds only its own validations.
  beforeEach(() => t.clock.advance(61_000));
  const endpoints = [
    { path: '/api/validate_sc_sso', check: '/api/sso/valider', code: BDP.idSso },
    { path: '/api/validate_sc_codeacores', check: '/api/sso/valider_ca', code: BDP.codeAcores },
    { path: '/api/validate_sc_coderegate', check: '/api/sso/valider_cr', code: BDP.codeRegate },
  ];

  it.each(endpoints)('$path answers the asserted agent with their own session; $check says estValide', async ({ path, check, code }) => {
    const assertion = await oneclicAssertion();
    const response = await call('GET', `${path}/${code}`, { assertion });
    expect(response.statusCode, response.body).toBe(200);
    const agent = bodyOf(response, validateScResponseSchema);
    expect(agent).toMatchObject({ loginSc: BDP.loginSc, nomSc: BDP.nomSc, profil: 'BDP' });
    expect((await t.get('/api/service-client/agent', agent.access_token)).statusCode).toBe(200);

    const checked = bodyOf(await call('GET', `${check}/${code}`, { assertion }), ssoValidationSchema);
    expect(checked).toEqual({ estValide: true, idsso: BDP.idSso, codeAcores: BDP.codeAcores, codeRegate: BDP.codeRegate });
  });

  it.each(endpoints)('$path refuses a caller without an SSO assertion, or with a forged one', async ({ path, check, code }) => {
    expectError(await call('GET', `${path}/${code}`), 403, 'SSO_ASSERTION_REQUIRED');
    expectError(await call('GET', `${check}/${code}`), 403, 'SSO_ASSERTION_REQUIRED');
    const forged = `v1.${Buffer.from(JSON.stringify({ src: 'gaia', agentId: 1, exp: 9_999_999_999 })).toString('base64url')}.AAAA`;
    expectError(await call('GET', `${path}/${code}`, { assertion: forged }), 403, 'SSO_ASSERTION_REQUIRED');
  });

  it.each(endpoints)('$path refuses another agent’s code, an unknown one and malformed ones', async ({ path, check }) => {
    const assertion = await oneclicAssertion();
    for (const code of ['INCONNU', 'GAIA-AG100009', 'x'.repeat(64), '%00', '..%2F..', '%E2%82%AC']) {
      const response = await call('GET', `${path}/${code}`, { assertion });
      expect([400, 404]).toContain(response.statusCode);
      if (response.statusCode === 404) expect(errorOf(response).code).toBe('SSO_AGENT_UNKNOWN');
    }
    expect(bodyOf(await call('GET', `${check}/INCONNU`, { assertion }), ssoValidationSchema).estValide).toBe(false);
    expect((await call('GET', `${path}/${'x'.repeat(300)}`, { assertion })).statusCode).toBe(400);
  });

  it('limits validations per address, assertion or not', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('GET', `/api/validate_sc_coderegate/GUESS${i}`, { ip })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
    const limited = await call('GET', '/api/validate_sc_coderegate/BDP001', { ip });
    expectError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits validations per asserted agent across addresses', async () => {
    const assertion = await oneclicAssertion();
    // The agent's window may already hold this file's earlier validations: 21 more always cross it.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await call('GET', `/api/sso/valider_cr/${BDP.codeRegate}`, { assertion })).statusCode);
    expect(statuses).toContain(429);
    t.clock.advance(61_000);
  });
});

describe('POST /api/service-client/regate', () => {
  it('answers the asserted agent’s profile by Régate code, and a French exceptionMessage otherwise', async () => {
    t.clock.advance(61_000);
    const assertion = await oneclicAssertion();
    const found = await call('POST', '/api/service-client/regate', { assertion, json: { codeRegate: 'bdp001' } });
    expect(bodyOf(found, regateProfileSchema)).toEqual({ codeRegate: 'BDP001', nomSc: BDP.nomSc, loginSc: BDP.loginSc, profil: 'BDP', idrh: BDP.idrh });
    const unknown = await call('POST', '/api/service-client/regate', { assertion, json: { codeRegate: 'ZZ9' } });
    expectError(unknown, 404, 'SSO_AGENT_UNKNOWN');
    expect(errorOf(unknown).exceptionMessage).toBe('Aucun conseiller actif ne correspond à ce code pour votre authentification.');
    expectError(await call('POST', '/api/service-client/regate', { json: { codeRegate: 'BDP001' } }), 403, 'SSO_ASSERTION_REQUIRED');
    expect((await call('POST', '/api/service-client/regate', { assertion, json: { codeRegate: 12 } })).statusCode).toBe(400);
  });
});

describe('one-click contexts and connection', () => {
  const read = (assertion: string | undefined, idContexte: string, idRh: string = BDP.idrh, urlAppel = DEMO_VQD_URL) =>
    call('POST', '/api/contexte/lire', { assertion, json: { IdContexte: idContexte, IdRh: idRh, UrlAppel: urlAppel } });

  it('reads the context the signed URL names, and no other', async () => {
    t.clock.advance(61_000);
    const assertion = await oneclicAssertion();
    const context = bodyOf(await read(assertion, DEMO_SSO_CONTEXTS.ajl.idContexte), contextResponseSchema);
    expect(context).toEqual({
      estConnexionOk: true,
      email: 'gestionnaire@demo.test',
      idClientLPM: 'LPM-DEMO-1',
      idCoclico: 'COC-DEMO-1',
      idSouscriptionLPM: null,
      typeContexteClient: 'standard',
    });
    expectError(await read(assertion, DEMO_SSO_CONTEXTS.lpmPro.idContexte), 404, 'SSO_CONTEXT_NOT_FOUND');
    expectError(await read(assertion, DEMO_SSO_CONTEXTS.ajl.idContexte, 'RH999'), 404, 'SSO_CONTEXT_NOT_FOUND');
    expectError(await read(assertion, DEMO_SSO_CONTEXTS.ajl.idContexte, BDP.idrh, 'https://ailleurs.test'), 404, 'SSO_CONTEXT_NOT_FOUND');
    expectError(await read(undefined, DEMO_SSO_CONTEXTS.ajl.idContexte), 403, 'SSO_ASSERTION_REQUIRED');
  });

  it('refuses an expired context', async () => {
    const now = t.clock.now();
    await t.db.insert(ssoClientContexts).values({ idContexte: 'CTX-TEST-EXPIRE', idRh: BDP.idrh, urlAppel: DEMO_VQD_URL, estConnexionOk: true, email: 'gestionnaire@demo.test', expiresAt: new Date(now.getTime() - 1000) });
    const assertion = await oneclicAssertion({ ...AJL_KEYS, idContexteClient: 'CTX-TEST-EXPIRE' });
    expectError(await read(assertion, 'CTX-TEST-EXPIRE'), 404, 'SSO_CONTEXT_NOT_FOUND');
  });

  it('connects the asserted agent to the context’s customer, then updates the context (audited)', async () => {
    t.clock.advance(61_000);
    const assertion = await oneclicAssertion();
    const agent = bodyOf(await call('GET', `/api/validate_sc_coderegate/${BDP.codeRegate}`, { assertion }), validateScResponseSchema);
    const username = compositeUsername(BDP.codeRegate, 'gestionnaire@demo.test');
    // Without the assertion, or for another customer than the context's: refused.
    expectError(await call('POST', '/api/sso/connexion', { token: agent.access_token, json: { username, idContexte: 'CTX-DEMO-AJL' } }), 403, 'SSO_ASSERTION_REQUIRED');
    expectError(
      await call('POST', '/api/sso/connexion', { assertion, token: agent.access_token, json: { username: compositeUsername(BDP.codeRegate, 'mandataire@demo.test'), idContexte: 'CTX-DEMO-AJL' } }),
      404,
      'SSO_CONTEXT_NOT_FOUND',
    );
    expectError(await call('POST', '/api/sso/connexion', { assertion, json: { username } }), 401, 'AGENT_UNAUTHENTICATED');

    const connected = await call('POST', '/api/sso/connexion', { assertion, token: agent.access_token, json: { username, idContexte: 'CTX-DEMO-AJL' } });
    expect(connected.statusCode, connected.body).toBe(200);
    const customer = bodyOf(connected, tokenResponseSchema).access_token;
    const [session] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(customer)));
    expect(session?.agentMotif).toBe('Connexion en un clic, contexte client CTX-DEMO-AJL');
    const idClientBscs = session?.agentIdClientBscs ?? 0;

    const update = { estGestionnaire: true, idContexte: 'CTX-DEMO-AJL', idRh: BDP.idrh, urlAppel: DEMO_VQD_URL, idCoclico: 'COC-DEMO-1', idSouscriptionLPM: 'SOUS-1', typeContexteClient: 'standard', idClientBscs };
    expectError(await call('POST', '/api/contexte/maj', { assertion, json: update }), 401, 'UNAUTHENTICATED');
    expectError(await call('POST', '/api/contexte/maj', { assertion, token: await t.loginAs('gestionnaire'), json: update }), 403, 'AGENT_FORBIDDEN');
    expectError(await call('POST', '/api/contexte/maj', { assertion, token: customer, json: { ...update, idClientBscs: idClientBscs + 1 } }), 403, 'FORBIDDEN_ACCOUNT');
    const updated = await call('POST', '/api/contexte/maj', { assertion, token: customer, json: update });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = await t.db.select().from(ssoClientContexts).where(eq(ssoClientContexts.idContexte, 'CTX-DEMO-AJL'));
    expect(row).toMatchObject({ estGestionnaire: true, idClientBscs, idSouscriptionLpm: 'SOUS-1' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'MAJ_CONTEXTE_SSO'), eq(auditLog.idClientBscs, idClientBscs)));
    expect(entry?.details).toMatchObject({ motif: 'Connexion en un clic, contexte client CTX-DEMO-AJL', apres: { idSouscriptionLPM: 'SOUS-1' } });
  });

  it('does not connect a context whose connection is not OK', async () => {
    t.clock.advance(61_000);
    const assertion = await oneclicAssertion({ ...AJL_KEYS, idmodule: undefined, idContexteClient: DEMO_SSO_CONTEXTS.ko.idContexte });
    expect(bodyOf(await read(assertion, DEMO_SSO_CONTEXTS.ko.idContexte), contextResponseSchema).estConnexionOk).toBe(false);
    const agent = bodyOf(await call('GET', `/api/validate_sc_coderegate/${BDP.codeRegate}`, { assertion }), validateScResponseSchema);
    const response = await call('POST', '/api/sso/connexion', {
      assertion,
      token: agent.access_token,
      json: { username: compositeUsername(BDP.codeRegate, 'gestionnaire@demo.test'), idContexte: DEMO_SSO_CONTEXTS.ko.idContexte },
    });
    expectError(response, 404, 'SSO_CONTEXT_NOT_FOUND');
  });
});

/** Follows the provider's pages as a browser would, signing in as `login`; the address it sends back to the portal. */
async function signInAtGaia(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(PUBLIC_URL)) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    if (!page.includes('Identifiant Gaia')) throw new Error(`unexpected Gaia page ${response.status}: ${page.slice(0, 200)}`);
    body = new URLSearchParams({ login }).toString();
  }
  throw new Error('too many hops at Gaia');
}

async function gaiaLogin(login: string, query = ''): Promise<{ location: string; assertion: string | undefined }> {
  const start = await call('GET', `/api/gaia/connexion${query}`);
  expect(start.statusCode, start.body).toBe(302);
  const pending = cookieOf(start, GAIA_PENDING_COOKIE);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(gaia.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  const back = new URL(await signInAtGaia(authorization.href, login));
  const callback = await call('GET', `${back.pathname}${back.search}`, { cookies: pending ? { [GAIA_PENDING_COOKIE]: pending } : {} });
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: callback.headers.location as string, assertion: cookieOf(callback, SSO_COOKIE) };
}

describe('Gaia (OpenID Connect against a loopback provider)', () => {
  it('says Gaia is configured, signs a demo agent in and answers their Gaia info, profile and functions', async () => {
    expect(bodyOf(await call('GET', '/api/gaia/etat'), gaiaStateSchema)).toEqual({ configure: true, authentifie: false });
    const { location, assertion } = await gaiaLogin(BDP.idSso);
    expect(location).toBe(`/ecare/gaia?id_sso_oidc=${BDP.idSso}`);
    expect(assertion).toBeDefined();
    expect(bodyOf(await call('GET', '/api/gaia/etat', { assertion }), gaiaStateSchema).authentifie).toBe(true);
    expect(bodyOf(await call('GET', `/api/gaia/info/${BDP.idSso}`, { assertion }), gaiaInfoSchema)).toEqual({ codeRegate: BDP.codeRegate, idrh: BDP.idrh, idsso: BDP.idSso });
    expectError(await call('GET', '/api/gaia/info/GAIA-AG100009', { assertion }), 404, 'SSO_AGENT_UNKNOWN');
    expect(bodyOf(await call('GET', '/api/gaia/profil', { assertion }), gaiaProfileSchema)).toMatchObject({ nomSc: BDP.nomSc, codeAcores: BDP.codeAcores });
    expect(bodyOf(await call('GET', '/api/gaia/redirection/ajl', { assertion }), urlResponseSchema)).toEqual({ url: '/ecare/ajout-ligne/ajouter-une-ligne-mobile' });
    expectError(await call('GET', '/api/gaia/redirection/https:%2F%2Fevil.test', { assertion }), 404, 'SSO_GAIA_FUNCTION_UNKNOWN');
    expectError(await call('GET', '/api/gaia/redirection/ajl'), 403, 'SSO_ASSERTION_REQUIRED');
    // The Gaia assertion opens the agent's session by their SSO id, without a code.
    expect(bodyOf(await call('GET', `/api/validate_sc_sso/${BDP.idSso}`, { assertion }), validateScResponseSchema).loginSc).toBe(BDP.loginSc);
    // A one-click assertion is no Gaia one.
    expectError(await call('GET', `/api/gaia/info/${BDP.idSso}`, { assertion: await oneclicAssertion() }), 403, 'SSO_ASSERTION_REQUIRED');
  });

  it('comes back from Gaia to the function the agent opened /gaia for, and drops a malformed one', async () => {
    const { location, assertion } = await gaiaLogin(BDP.idSso, '?codefonction=ajl');
    expect(location).toBe('/ecare/gaia?codefonction=ajl');
    expect(bodyOf(await call('GET', '/api/gaia/redirection/ajl', { assertion }), urlResponseSchema)).toEqual({ url: '/ecare/ajout-ligne/ajouter-une-ligne-mobile' });
    expect((await gaiaLogin(BDP.idSso, `?codefonction=${encodeURIComponent('//evil.test/x')}`)).location).toBe(`/ecare/gaia?id_sso_oidc=${BDP.idSso}`);
    expect((await call('GET', `/api/gaia/connexion?codefonction=${'a'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('sends an inactive agent or a stranger to the Gaia-not-allowed page, and signs out through Gaia', async () => {
    for (const login of ['GAIA-AG100009', 'GAIA-INCONNU']) {
      const { location, assertion } = await gaiaLogin(login);
      expect(location).toBe('/ecare/gaia-non-autorise');
      expect(assertion).toBeFalsy();
    }
    const signOut = bodyOf(await call('POST', '/api/gaia/deconnexion'), urlResponseSchema);
    const url = new URL(signOut.url);
    expect(url.origin).toBe(gaia.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/ecare/gaia-non-autorise?deconnecte=1`);
  });

  it('refuses a callback without its pending cookie, or with a forged state', async () => {
    const missing = await call('GET', '/api/gaia/retour?code=abc&state=def');
    expect(missing.headers.location).toBe('/ecare/gaia?erreur=session');
    const start = await call('GET', '/api/gaia/connexion');
    const pending = cookieOf(start, GAIA_PENDING_COOKIE) ?? '';
    const forged = await call('GET', '/api/gaia/retour?code=abc&state=forged', { cookies: { [GAIA_PENDING_COOKIE]: pending } });
    expect(forged.headers.location).toBe('/ecare/gaia?erreur=gaia');
    expect(cookieOf(forged, SSO_COOKIE)).toBeUndefined();
  });
});

describe('Gaia not configured', () => {
  it('says so and never starts a login', async () => {
    const other = await t.anotherInstance({ GAIA_ISSUER: '' });
    const state = await other.inject({ method: 'GET', url: '/api/gaia/etat' });
    expect(bodyOf(state, gaiaStateSchema)).toEqual({ configure: false, authentifie: false });
    const start = await other.inject({ method: 'GET', url: '/api/gaia/connexion' });
    expect(start.headers.location).toBe('/ecare/gaia?erreur=configuration');
  });
});
