import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PARAMETER_NAMES, serverParametersSchema, versionSchema } from '@ecare/shared';
import { bodyOf, createTestContext, errorOf, openApiDocumentSchema, type TestContext } from './test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('public endpoints', () => {
  it('serves every public server parameter as text', async () => {
    const response = await t.get('/api/parametres');
    expect(response.statusCode).toBe(200);
    const parameters = bodyOf(response, serverParametersSchema);
    expect(Object.keys(parameters).sort()).toEqual([...PUBLIC_PARAMETER_NAMES].sort());
    expect(parameters.activer).toBe('True');
  });

  it('serves the build hash without authentication', async () => {
    const response = await t.get('/ecare/version.json');
    expect(response.statusCode).toBe(200);
    // 'dev' without a built web app, else the start of the page's SHA-256.
    expect(bodyOf(response, versionSchema).hash).toMatch(/^(dev|[0-9a-f]{16})$/);
  });

  it('redirects / to the web app', async () => {
    const response = await t.get('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ecare/');
  });

  it('serves an OpenAPI document generated from the schemas, and its reference page', async () => {
    const spec = await t.get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(bodyOf(spec, openApiDocumentSchema).paths);
    for (const path of ['/api/token', '/api/comptes_facturation', '/api/contrats_pagination/{id_client_bscs}', '/api/ligne/{id_contrat}', '/api/menu/{statut_cpt_fact}/{statut_ligne_mobile}/{id_gamme_ligne}/{statut_ligne_adsl}', '/api/parametres']) {
      expect(paths).toContain(path);
    }
    const page = await t.get('/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await t.get('/api/parametres');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app serving', () => {
  it('answers a JSON 404 when the built page is missing, never a 500', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const path = await import('node:path');
    const os = await import('node:os');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'ecare-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const app = await t.anotherInstance({ WEB_DIST: dist });
    try {
      expect((await app.inject({ method: 'GET', url: '/ecare/pages/accueil' })).statusCode).toBe(200);
      rmSync(path.join(dist, 'index.html'));
      const missing = await app.inject({ method: 'GET', url: '/ecare/pages/accueil' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('content security policy', () => {
  it('allows reCAPTCHA’s origins only when a captcha secret is configured', async () => {
    const strict = (await t.get('/api/parametres')).headers['content-security-policy'];
    expect(strict).not.toContain('google');
    expect(strict).toContain("frame-src 'none'");
    const withCaptcha = await t.anotherInstance({ RECAPTCHA_SECRET: 'secret' });
    const csp = (await withCaptcha.inject({ method: 'GET', url: '/api/parametres' })).headers['content-security-policy'];
    expect(csp).toContain('script-src \'self\' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/');
    expect(csp).toContain('frame-src https://www.google.com/recaptcha/');
  });
});
