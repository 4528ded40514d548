import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode, tokenResponseSchema } from '@ecare/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { newToken } from '../lib/tokens.ts';
import { bodyOf, createTestContext, type TestContext } from '../test/harness.ts';
import { loggableUrl, REDACTED } from './logging.ts';

describe('loggableUrl', () => {
  const guid = newToken();

  it('hides a secret route parameter, whatever it looks like', () => {
    expect(loggableUrl('/api/guid/verifier/court', '/api/guid/verifier/:guid')).toBe(`/api/guid/verifier/${REDACTED}`);
    expect(loggableUrl(`/api/utilisateurs/email/${guid}/valider`, '/api/utilisateurs/email/:guid/valider')).toBe(
      `/api/utilisateurs/email/${REDACTED}/valider`,
    );
  });

  it('hides opaque values in paths no route names and in the query', () => {
    expect(loggableUrl(`/ecare/identification/creer-code-confidentiel/${guid}`, '/ecare/*')).toBe(
      `/ecare/identification/creer-code-confidentiel/${REDACTED}`,
    );
    expect(loggableUrl(`/ecare/identification/confirmationmodificationemail?guid=abc&x=1`)).toBe(
      `/ecare/identification/confirmationmodificationemail?guid=${REDACTED}&x=1`,
    );
    expect(loggableUrl(`/ailleurs?lien=${guid}`)).toBe(`/ailleurs?lien=${REDACTED}`);
    expect(loggableUrl(`/ecare/identification/deverrouiller/${guid}`, '/ecare/*')).toBe(`/ecare/identification/deverrouiller/${REDACTED}`);
  });

  it('leaves ordinary paths readable', () => {
    for (const url of ['/api/comptes_facturation', '/api/contrats_pagination/1000001?page=2&recherche=06', '/ecare/identification/confirmationannulationemail', '/ecare/assets/index-Bx7f3kQ2.js']) {
      expect(loggableUrl(url)).toBe(url);
    }
  });
});

describe('request log lines', () => {
  let t: TestContext;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestContext();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', PUBLIC_URL: 'https://espace-client.test', WEB_DIST: '/nonexistent' });
    app = await buildApp({ config, db: t.db, clock: t.clock, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('carry the request id and never a link guid, a bearer token or a confidential code', async () => {
    const guid = newToken();
    const { email, password } = DEMO_USERS.solo;
    const hashed = await hashConfidentialCode(email, password);
    const login = await app.inject({
      method: 'POST',
      url: '/api/token',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: hashed, grant_type: 'password' }).toString(),
    });
    const token = bodyOf(login, tokenResponseSchema).access_token;
    expect(token).toBeTruthy();
    await app.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/guid/verifier/${guid}` });
    await app.inject({ method: 'GET', url: `/ap%69/guid/verifier/${guid}` });
    await app.inject({ method: 'GET', url: `/ecare/identification/creer-code-confidentiel/${guid}` });
    await app.inject({ method: 'GET', url: `/ecare/identification/confirmationmodificationemail?guid=${guid}` });

    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    const urls = lines.flatMap((line) => (line.req as { url?: string } | undefined)?.url ?? []);
    expect(urls).toContain(`/api/guid/verifier/${REDACTED}`);
    expect(urls).toContain(`/ecare/identification/creer-code-confidentiel/${REDACTED}`);
    expect(requestLines.length).toBeGreaterThanOrEqual(12);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));

    const all = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(all).not.toContain(guid);
    expect(all).not.toContain(token);
    expect(all).not.toContain(hashed);
    expect(all).not.toContain(password);
  });
});
