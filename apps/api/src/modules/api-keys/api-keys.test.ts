import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, apiKeyCreatedSchema, apiKeysAnswerSchema, oauthTokenAnswerSchema, productSchema, tmfErrorSchema } from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { z } from 'zod';
import { auditLog } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { apiKeys } from './api-keys.schema.ts';

const { t, f } = useTestContext(demoFixture);

const keysUrl = (account: number) => `/api/clients/${account}/cles-api`;
const inAYear = () => addDays(parisDay(t.clock.now()), 300);
const ALL_SCOPES = ['lignes:lecture', 'factures:lecture', 'consommation:lecture', 'commandes:lecture'];

async function createKey(token: string, account: number, body: Record<string, unknown> = {}) {
  const response = await t.send('POST', keysUrl(account), { token, json: { libelle: 'Outil de notes de frais', portees: ALL_SCOPES, expireLe: inAYear(), ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf(response, apiKeyCreatedSchema);
}

const v1 = (path: string, bearer: string) => t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: `Bearer ${bearer}` } });
const tmfError = (response: { json(): unknown }) => tmfErrorSchema.parse(response.json());

/** Sessions opened now: the tests move the clock by days, which ends the fixture's. */
async function signedIn() {
  return { manager: await t.loginAs('gestionnaire'), lineUser: await t.loginAs('utilisateur'), stranger: await t.loginAs('solo'), mandataire: await t.loginAs('mandataire') };
}

async function revokeAll(account: number) {
  await t.db.update(apiKeys).set({ revoqueeLe: t.clock.now(), revoqueePar: 'test' }).where(eq(apiKeys.idClientBscs, account));
}

describe('API keys', () => {
  it('creates a key shown once, lists it without its secret, audits and mails the managers', async () => {
    const before = (await t.outbox()).length;
    const created = await createKey(f.manager, f.account, { portees: ['factures:lecture', 'lignes:lecture'] });
    expect(created.cle.startsWith(`${created.prefixe}_`)).toBe(true);
    const { cles } = bodyOf(await t.get(keysUrl(f.account), f.manager), apiKeysAnswerSchema);
    const listed = cles.find((key) => key.idCle === created.idCle);
    expect(listed).toMatchObject({ prefixe: created.prefixe, portees: ['lignes:lecture', 'factures:lecture'], statut: 'ACTIVE', derniereUtilisation: null });
    expect(JSON.stringify(cles)).not.toContain(created.cle);
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.idCle, created.idCle));
    expect(stored?.secretHash).not.toContain(created.cle.slice(20));
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - before);
    expect(mails.map((mail) => mail.recipient)).toContain(DEMO_USERS.gestionnaire.email);
    expect(mails[0]?.subject).toContain('Clé d’API créée');
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'CLE_API_CREATION'), eq(auditLog.idClientBscs, f.account)));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('reads only its own account, within its scopes, and records its last use', async () => {
    const key = await createKey(f.manager, f.account, { portees: ['lignes:lecture'] });
    const lines = await v1('/productInventory/product?limit=1000', key.cle);
    expect(lines.statusCode, lines.body).toBe(200);
    const products = z.array(productSchema).parse(lines.json());
    expect(products.map((line) => Number(line.id)).sort((a, b) => a - b)).toEqual(f.lines.map((line) => line.idContrat));
    expect(lines.headers['x-total-count']).toBe(String(f.lines.length));
    // Another customer's line is unknown to this key, as an id that does not exist.
    const foreign = await v1(`/productInventory/product/${f.unmanagedLine.idContrat}`, key.cle);
    expect(foreign.statusCode).toBe(404);
    expect(tmfError(foreign)).toMatchObject({ code: 'API_RESOURCE_UNKNOWN', status: '404' });
    // A path the API does not have, in its own shape too (the web app's catch-all never takes it).
    expect(tmfError(await v1('/nothing/here', key.cle))).toMatchObject({ code: 'API_RESOURCE_UNKNOWN', status: '404' });
    expect(tmfError(await t.app.inject({ method: 'GET', url: '/api/v1/nothing' }))).toMatchObject({ code: 'API_CREDENTIALS_INVALID', status: '401' });
    // A scope the key lacks.
    const bills = await v1('/customerBillManagement/customerBill', key.cle);
    expect(bills.statusCode).toBe(403);
    expect(tmfError(bills)).toMatchObject({ code: 'API_SCOPE_MISSING', reason: API_ERRORS.API_SCOPE_MISSING.message });
    const { cles } = bodyOf(await t.get(keysUrl(f.account), f.manager), apiKeysAnswerSchema);
    expect(cles.find((listed) => listed.idCle === key.idCle)?.derniereUtilisation).toBe(t.clock.now().toISOString());
  });

  it('answers 401 at once for a revoked key, an expired one, and malformed credentials', async () => {
    const key = await createKey(f.manager, f.account, { expireLe: addDays(parisDay(t.clock.now()), 1) });
    expect((await v1('/productInventory/product', key.cle)).statusCode).toBe(200);
    expect((await t.send('DELETE', `${keysUrl(f.account)}/${key.idCle}`, { token: f.manager })).statusCode).toBe(200);
    const revoked = await v1('/productInventory/product', key.cle);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('Bearer');
    expect(tmfError(revoked)).toMatchObject({ code: 'API_CREDENTIALS_INVALID', status: '401' });

    const expiring = await createKey(f.manager, f.account, { expireLe: addDays(parisDay(t.clock.now()), 1) });
    t.clock.advance(2 * 24 * 3_600_000);
    expect((await v1('/productInventory/product', expiring.cle)).statusCode).toBe(401);
    const { cles } = bodyOf(await t.get(keysUrl(f.account), await t.loginAs('gestionnaire')), apiKeysAnswerSchema);
    expect(cles.find((listed) => listed.idCle === expiring.idCle)?.statut).toBe('EXPIREE');

    for (const bearer of ['', 'x', `${key.prefixe}_${'A'.repeat(43)}`, key.cle.slice(0, -1), `${key.cle}A`, 'ecpat_' + 'B'.repeat(43), '%00'.repeat(20)]) {
      const response = await v1('/productInventory/product', bearer);
      expect(response.statusCode, bearer).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/productInventory/product' })).statusCode).toBe(401);
  });

  it('refuses a key beyond a year, in the past, without a scope, and an eleventh active one even under concurrent creations', async () => {
    const manager = await t.loginAs('gestionnaire');
    const today = parisDay(t.clock.now());
    const refused = async (body: Record<string, unknown>, code: 'API_KEY_EXPIRY_INVALID' | 'VALIDATION') =>
      expect((await t.send('POST', keysUrl(f.account), { token: manager, json: { libelle: 'x', portees: ['lignes:lecture'], expireLe: inAYear(), ...body } })).json()).toMatchObject({ code });
    await refused({ expireLe: addDays(today, 367) }, 'API_KEY_EXPIRY_INVALID');
    await refused({ expireLe: today }, 'API_KEY_EXPIRY_INVALID');
    await refused({ expireLe: '2026-13-40' }, 'VALIDATION');
    await refused({ portees: [] }, 'VALIDATION');
    await refused({ portees: ['tout:ecriture'] }, 'VALIDATION');
    await refused({ libelle: ' ' }, 'VALIDATION');

    await revokeAll(f.account);
    for (let i = 0; i < 8; i++) await createKey(manager, f.account);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.send('POST', keysUrl(f.account), { token: manager, json: { libelle: 'Concurrente', portees: ['lignes:lecture'], expireLe: inAYear() } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    for (const answer of answers.filter((answer) => answer.statusCode !== 201)) expectError(answer, 409, 'API_KEYS_LIMIT');
    await revokeAll(f.account);
  });

  it('keeps keys to the account’s managers; an agent lists and revokes but never creates', async () => {
    const s = await signedIn();
    expectError(await t.get(keysUrl(f.account), s.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(keysUrl(f.account), s.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('POST', keysUrl(f.notManaged), { token: s.mandataire, json: { libelle: 'x', portees: ['lignes:lecture'], expireLe: inAYear() } }), 403, 'FORBIDDEN_ACCOUNT');
    const key = await createKey(s.manager, f.account);
    expectError(await t.send('DELETE', `${keysUrl(f.strangerAccount)}/${key.idCle}`, { token: s.stranger }), 404, 'API_KEY_UNKNOWN');
    expect((await v1('/productInventory/product', key.cle)).statusCode).toBe(200);

    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: 'Le client veut couper l’accès de son outil' });
    expect(bodyOf(await t.get(keysUrl(f.account), agent), apiKeysAnswerSchema).cles.some((listed) => listed.idCle === key.idCle)).toBe(true);
    expectError(await t.send('POST', keysUrl(f.account), { token: agent, json: { libelle: 'x', portees: ['lignes:lecture'], expireLe: inAYear() } }), 403, 'API_KEY_AGENT_FORBIDDEN');
    expect((await t.send('DELETE', `${keysUrl(f.account)}/${key.idCle}`, { token: agent })).statusCode).toBe(200);
    const { cles } = bodyOf(await t.get(keysUrl(f.account), s.manager), apiKeysAnswerSchema);
    expect(cles.find((listed) => listed.idCle === key.idCle)?.revoqueePar).toContain('service client');
    expect((await v1('/productInventory/product', key.cle)).statusCode).toBe(401);
  });
});

describe('OAuth client credentials', () => {
  const tokenCall = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/oauth/token', payload: new URLSearchParams(payload).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('trades a key for an hour-long token with its scopes, by form or HTTP Basic, void with its key', async () => {
    const s = await signedIn();
    const key = await createKey(s.manager, f.account, { portees: ['lignes:lecture', 'commandes:lecture'] });
    const issued = await tokenCall({ grant_type: 'client_credentials', client_id: key.idCle, client_secret: key.cle });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const token = oauthTokenAnswerSchema.parse(issued.json());
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'lignes:lecture commandes:lecture' });
    expect((await v1('/productInventory/product', token.access_token)).statusCode).toBe(200);

    const basic = Buffer.from(`${key.idCle}:${key.cle}`).toString('base64');
    const byBasic = await tokenCall({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(byBasic.statusCode, byBasic.body).toBe(200);

    t.clock.advance(3_601_000);
    expect((await v1('/productInventory/product', token.access_token)).statusCode).toBe(401);
    const fresh = oauthTokenAnswerSchema.parse((await tokenCall({ grant_type: 'client_credentials', client_id: key.idCle, client_secret: key.cle })).json());
    expect((await t.send('DELETE', `${keysUrl(f.account)}/${key.idCle}`, { token: await t.loginAs('gestionnaire') })).statusCode).toBe(200);
    expect((await v1('/productInventory/product', fresh.access_token)).statusCode).toBe(401);
  });

  it('answers OAuth errors: unknown client 401 invalid_client, another grant 400 unsupported_grant_type', async () => {
    const key = await createKey(await t.loginAs('gestionnaire'), f.account);
    const wrong = await tokenCall({ grant_type: 'client_credentials', client_id: key.idCle, client_secret: `${key.cle.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenCall({ grant_type: 'client_credentials', client_id: 'pas-un-uuid', client_secret: key.cle })).json()).toMatchObject({ error: 'invalid_client' });
    const password = await tokenCall({ grant_type: 'password', client_id: key.idCle, client_secret: key.cle });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const garbage = await t.app.inject({ method: 'POST', url: '/api/v1/oauth/token', payload: '{"grant_type": [1,2]', headers: { 'content-type': 'application/json' } });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('Rate limit per key', () => {
  it('allows 600 requests a minute, then 429 with Retry-After, counted per key', async () => {
    const manager = await t.loginAs('gestionnaire');
    await revokeAll(f.account);
    const busy = await createKey(manager, f.account, { portees: ['lignes:lecture'] });
    const other = await createKey(manager, f.account, { portees: ['lignes:lecture'] });
    const first = await v1('/productInventory/product?limit=1', busy.cle);
    expect(first.headers['ratelimit-limit']).toBe('600');
    expect(first.headers['ratelimit-remaining']).toBe('599');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < 600; i++) {
      const response = await v1('/productInventory/product?limit=1', busy.cle);
      if (response.statusCode !== 200) throw new Error(`request ${i}: ${response.statusCode}`);
    }
    const limited = await v1('/productInventory/product?limit=1', busy.cle);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(tmfError(limited)).toMatchObject({ code: 'API_RATE_LIMITED', status: '429' });
    expect((await v1('/productInventory/product?limit=1', other.cle)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await v1('/productInventory/product?limit=1', busy.cle)).statusCode).toBe(200);
    await revokeAll(f.account);
  });
});
