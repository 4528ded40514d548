import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends helmet’s set with the strict CSP, HSTS over HTTPS, COOP, CORP and Permissions-Policy', async () => {
    for (const url of ['/api/parametres', '/ecare/version.json', '/api/nulle-part', '/nulle-part']) {
      const { headers } = await t.get(url);
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['permissions-policy'], url).toContain('camera=()');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('keeps them on refusals (401, 403 XSRF)', async () => {
    const unauthenticated = await t.get('/api/comptes_facturation');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['content-security-policy']).toContain("default-src 'self'");
    const refused = await t.app.inject({ method: 'POST', url: '/%61pi/token' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('leaves the CSP out on the API reference page only, decided on the matched route', async () => {
    const docs = await t.get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBeUndefined();
    expect(docs.headers['x-frame-options']).toBe('DENY');
    const elsewhere = await t.get('/api/docsx');
    expect(elsewhere.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends no HSTS when served over plain HTTP without Secure cookies', async () => {
    const plain = await t.anotherInstance({ PUBLIC_URL: 'http://localhost:3000', COOKIE_SECURE: 'false' });
    const response = await plain.inject({ method: 'GET', url: '/api/parametres' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const secure = await t.anotherInstance({ PUBLIC_URL: 'http://localhost:3000', COOKIE_SECURE: 'true' });
    expect((await secure.inject({ method: 'GET', url: '/api/parametres' })).headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('marks authenticated JSON answers no-store, under any spelling of the path; the parameters keep their no-cache', async () => {
    const token = await t.loginAs('mandataire');
    for (const url of ['/api/comptes_facturation', '/%61pi/comptes_facturation', '/api/current_user']) {
      const response = await t.get(url, token);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.get('/api/parametres')).headers['cache-control']).toBe('no-cache');
  });
});
