import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingAccountListSchema } from '@ecare/shared';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { bodyOf, createTestContext, errorOf, tokenErrorOf, type TestContext } from '../test/harness.ts';
import { registerErrorHandling } from './errors.ts';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, validatorCompiler } from './validation.ts';

describe('findControlCharacter', () => {
  it('finds a NUL or another C0 control at any depth, and says where', () => {
    expect(findControlCharacter({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toEqual(['b', 0, 'c']);
    expect(findControlCharacter({ nom: 'Dupont\u0007' })).toEqual(['nom']);
    expect(findControlCharacter('\u001F')).toEqual([]);
    expect(findControlCharacter({ ['cl\u0000e']: 1 })).toEqual(['cl\u0000e']);
  });

  it('lets tabs, line breaks and other values through', () => {
    expect(findControlCharacter({ texte: 'ligne 1\r\nligne 2\tfin', n: 3, d: new Date(0), vide: null, liste: ['é', '’'] })).toBeNull();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'fond\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findControlCharacter(deep)?.length).toBe(50_000);
  });
});

describe('validator compiler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    const schema = {
      params: z.object({ code: z.string() }),
      querystring: z.object({ q: z.string().optional() }),
      headers: z.object({ 'x-libelle': z.string().optional() }),
      body: z.object({ nom: z.string(), adresse: z.object({ voie: z.string() }).optional(), age: z.number().max(100).optional() }),
    };
    app.post('/t/:code', { schema }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: body as object, headers });

  it.each([
    ['params', '/t/a%00b', { nom: 'x' }, 'params/code'],
    ['querystring', '/t/a?q=%00', { nom: 'x' }, 'querystring/q'],
    ['querystring (other C0)', '/t/a?q=a%1Bb', { nom: 'x' }, 'querystring/q'],
    ['body', '/t/a', { nom: 'Du\u0000pont' }, 'body/nom'],
    ['nested body', '/t/a', { nom: 'x', adresse: { voie: 'rue\u0008' } }, 'body/adresse/voie'],
  ])('refuses a control character in %s with 400 VALIDATION and a French issue', async (_where, url, body, path) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', issues: [{ path, message: CONTROL_CHARACTER_MESSAGE }] });
  });

  it('refuses one in a body field or key the schema would drop, and lets tabs and line breaks through', async () => {
    const dropped = await post('/t/a', { nom: 'x', ignore: '\u0000' });
    expect(dropped.statusCode).toBe(400);
    expect(errorOf(dropped).issues?.map((issue) => issue.path)).toEqual(['body/ignore']);
    expect((await post('/t/a', { nom: 'x', ['cl\u0000e']: 1 })).statusCode).toBe(400);
    expect((await post('/t/a', { nom: 'x\ty\r\nz' })).statusCode).toBe(200);
  });

  it('looks only at the headers the schema declares', async () => {
    expect((await post('/t/a', { nom: 'x' }, { 'x-autre': 'a\u0001b' })).statusCode).toBe(200);
  });

  it('checks declared headers too', async () => {
    // Node's HTTP parser already refuses a NUL in a header on the wire; inject lets one through.
    for (const value of ['a\u0000b', 'a\u0001b']) {
      const response = await post('/t/a', { nom: 'x' }, { 'x-libelle': value });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).issues?.map((issue) => issue.path)).toEqual(['headers/x-libelle']);
    }
  });

  it('words zod’s own issues in French', async () => {
    const response = await post('/t/a', { nom: 'x', age: 101 });
    expect(response.statusCode).toBe(400);
    const [issue] = errorOf(response).issues ?? [];
    expect(issue?.path).toBe('body/age');
    expect(issue?.message).toMatch(/trop grand/i);
    expect(issue?.message).not.toMatch(/too big/i);
  });
});

describe('control characters on the real routes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEV_TOOLS: 'true' } });
  });
  afterAll(() => t.close());

  it('refuses a NUL in a search (query) with 400, and the database stays up', async () => {
    const token = await t.loginAs('gestionnaire');
    const [account] = bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema);
    if (!account) throw new Error('demo gestionnaire has no account');
    const response = await t.get(`/api/contrats_pagination/${account.idClientBscs}?recherche=%00`, token);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'querystring/recherche', message: CONTROL_CHARACTER_MESSAGE }] });
    expect((await t.get(`/api/contrats_pagination/${account.idClientBscs}?recherche=06`, token)).statusCode).toBe(200);
  });

  it('refuses a NUL in a query parameter no schema declares, and on a route without a schema', async () => {
    const token = await t.loginAs('gestionnaire');
    for (const url of ['/api/comptes_facturation?x=%00', '/api/current_user?a=b%1F', '/api/parametres?%00', '/?x=%00']) {
      const response = await t.get(url, token);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response), url).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'url', message: CONTROL_CHARACTER_MESSAGE }] });
    }
    expect((await t.get('/api/comptes_facturation?x=%0A%09', token)).statusCode).toBe(200);
  });

  it('refuses a NUL in a path parameter', async () => {
    const response = await t.get('/api/guid/verifier/abcdefghijklmnop%00qrst');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION');
  });

  it('refuses a NUL in the login form (OAuth error) and in JSON bodies', async () => {
    const login = await t.send('POST', '/api/token', { form: { username: 'a\u0000@demo.test', password: 'x', grant_type: 'password' } });
    expect(login.statusCode).toBe(400);
    expect(tokenErrorOf(login).error).toBe('invalid_request');

    const reset = await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email, captcha: 'jeton\u0000' } });
    expect(reset.statusCode).toBe(400);
    expect(errorOf(reset)).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'body/captcha' }] });

    const admin = await t.loginAs('administration');
    const put = (value: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/dev/parametres/messageAuthentification',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${admin}` },
        payload: { value },
      });
    expect((await put('bandeau\u0000')).statusCode).toBe(400);
    expect((await put('bandeau\u001B[31m')).statusCode).toBe(400);
    expect((await put('Ligne 1\nLigne 2\tfin')).statusCode).toBe(200);
  });

  it('refuses a NUL the JSON parse would drop (the first of two identical keys), and takes an escaped backslash for text', async () => {
    const token = await t.loginAs('utilisateur');
    const raw = (payload: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/contacts/optins',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
    const rest = '"smsMarketing":false,"emailActualites":false,"smsActualites":false';
    const smuggled = await raw(`{"emailMarketing":"\\u0000","emailMarketing":false,${rest}}`);
    expect(smuggled.statusCode).toBe(400);
    expect(errorOf(smuggled)).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'body', message: CONTROL_CHARACTER_MESSAGE }] });
    const kept = await raw(`{"emailMarketing":"\\u001b","smsMarketing":false,"emailActualites":false,"smsActualites":false}`);
    expect(errorOf(kept)).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'body/emailMarketing' }] });
    // A backslash written out, then the letters u0000: text, not a control character (the schema refuses it as a boolean).
    const text = await raw(`{"emailMarketing":"\\\\u0000","smsMarketing":false,"emailActualites":false,"smsActualites":false}`);
    expect(errorOf(text).issues?.[0]?.message).not.toBe(CONTROL_CHARACTER_MESSAGE);
    expect((await raw(`{"emailMarketing":true,${rest}}`)).statusCode).toBe(200);
  });
});
