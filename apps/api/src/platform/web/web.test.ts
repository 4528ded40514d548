import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionSchema } from '@ecare/shared';
import { bodyOf, createTestContext, errorOf, openApiDocumentSchema, type TestContext } from '../../test/harness.ts';
import { BANNER_HINT_COOKIE } from '@ecare/shared/page-shell';
import { eq } from 'drizzle-orm';
import { serverParameters } from '../../db/schema.ts';
import { FRAME_BANNER_MARKER, INFORMATION_MARKER } from './prerendered-pages.ts';

/** A built web app in miniature: the two pages and one asset with its compressed copies. */
function fakeBuild(): { dir: string; script: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecare-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(dir, 'login.html'),
    `<!doctype html><div id="root"><div id="information-connexion">${INFORMATION_MARKER}</div><p>${'Texte de la page. '.repeat(100)}</p></div>`,
  );
  writeFileSync(
    path.join(dir, 'frame.html'),
    `<!doctype html><div id="root"><header><div class="bandeau">${FRAME_BANNER_MARKER}</div></header><main></main></div>`,
  );
  return { dir, script };
}

let ctx: TestContext;
let build: ReturnType<typeof fakeBuild>;

beforeAll(async () => {
  build = fakeBuild();
  ctx = await createTestContext({ env: { WEB_DIST: build.dir } });
});

afterAll(async () => {
  await ctx.close();
  rmSync(build.dir, { recursive: true, force: true });
});

const page = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  ctx.app.inject({ method: 'GET', url, headers: { accept } });

describe('login page', () => {
  it('is where the empty path leads', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ecare/identification/authentification');
  });

  it('is sent with the server’s information banner written in', async () => {
    const response = await page('/ecare/identification/authentification?returnurl=%2Fpages%2Faccueil');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      '<div id="information-connexion">Nouveau : vos factures des 24 derniers mois sont disponibles au format PDF dans votre espace client.</div><p>',
    );
    expect(response.body).not.toContain(INFORMATION_MARKER);
  });

  it('travels compressed when the browser accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/ecare/identification/authentification',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Nouveau : vos factures');
  });
});

describe('built files', () => {
  it('sends the brotli copy to a browser that accepts it, cached for good', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/ecare/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(build.script);
    expect(response.rawPayload.byteLength).toBeLessThan(build.script.length / 10);
  });

  it('sends the gzip copy to a client that only accepts gzip, the file itself to one that accepts neither', async () => {
    const gzip = await ctx.app.inject({ method: 'GET', url: '/ecare/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/ecare/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.script);
  });

  it('answers the app for client routes and 404 for a missing asset', async () => {
    const route = await page('/ecare/pages/accueil');
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe('<!doctype html><div id="root"></div>');
    expect((await page('/ecare/assets/absent.js')).statusCode).toBe(404);
  });

  it('answers the app with HTTP 404 for an address that is none of its pages, and for /404 itself', async () => {
    for (const url of ['/ecare/404', '/ecare/nulle-part', '/ecare/pages/accueil/en-trop', '/ecare/mon-compte/inconnu?x=1', '/ecare/administration/inconnue']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      // The app itself, which shows its "page not found".
      expect(response.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    for (const url of ['/ecare/', '/ecare/pages/accueil/', '/ecare/Pages/Accueil', '/ecare/ligne-mobile/5000001/consommation?periode=2026-01', '/ecare/administration/menu', '/ecare/498']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });
});

describe('signed-in pages’ shell', () => {
  const withHint = (url: string, cookie = `${BANNER_HINT_COOKIE}=1`) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
  const setParameter = (name: string, value: string) =>
    ctx.db.update(serverParameters).set({ value }).where(eq(serverParameters.name, name));

  it('is sent with the orange banner written in to a browser whose pages show it', async () => {
    for (const url of ['/ecare/pages/accueil', '/ecare/ligne-mobile/1001', '/ecare/mon-compte']) {
      const response = await withHint(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/cookie/i);
      expect(response.body, url).toMatch(/^<!doctype html><div id="root"><header><div class="bandeau">Opération de maintenance/);
      expect(response.body, url).not.toContain(FRAME_BANNER_MARKER);
    }
  });

  it('is not sent without the hint, on pages without a session or banner, nor with another hint', async () => {
    const plain = '<!doctype html><div id="root"></div>';
    const withoutHint = await page('/ecare/pages/accueil');
    expect(withoutHint.body).toBe(plain);
    expect(withoutHint.headers.vary).toMatch(/cookie/i);
    expect((await withHint('/ecare/pages/accueil', `${BANNER_HINT_COOKIE}=0`)).body).toBe(plain);
    for (const url of [
      '/ecare/identification/recuperer-code-confidentiel',
      '/ecare/identification/creer-code-confidentiel/abc',
      '/ecare/maintenance',
      '/ecare/info-securite-ecare',
      '/ecare/assistance/formulaire-contact',
    ]) {
      expect((await withHint(url)).body, url).toBe(plain);
    }
  });

  it('carries the banner reduced to harmless markup, and gives way to the app when no banner shows', async () => {
    try {
      await setParameter('titrE_BANDEAU', 'Bonjour <b>à tous</b><script>alert(1)</script><img src=x onerror=alert(2)>');
      expect((await withHint('/ecare/pages/accueil')).body).toContain('<div class="bandeau">Bonjour <b>à tous</b></div>');
      await setParameter('titrE_BANDEAU', '   ');
      expect((await withHint('/ecare/pages/accueil')).body).not.toContain('bandeau');
      await setParameter('titrE_BANDEAU', 'Bandeau');
      await setParameter('est_Bdp', 'true');
      expect((await withHint('/ecare/pages/accueil')).body).not.toContain('bandeau');
      await setParameter('est_Bdp', 'false');
      await setParameter('en_maintenance', 'true');
      expect((await withHint('/ecare/pages/accueil')).body).not.toContain('bandeau');
    } finally {
      await setParameter('en_maintenance', 'false');
      await setParameter('est_Bdp', 'false');
    }
  });
});

describe('addresses outside the app', () => {
  it('sends a browser to the app’s “page not found”', async () => {
    const response = await page('/nimporte/ou');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ecare/404');
  });

  it('answers JSON to an API client, and under /api whatever the client accepts', async () => {
    for (const [url, accept] of [
      ['/nimporte', 'application/json'],
      ['/nimporte', '*/*'],
      ['/api/nimporte', 'text/html'],
      ['/%61pi/nimporte', 'text/html'],
    ] as const) {
      const response = await page(url, accept);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(errorOf(response).code, url).toBe('NOT_FOUND');
    }
  });
});

describe('API answers', () => {
  it('are compressed above 1 KB when the client accepts it, and left as they are below', async () => {
    const large = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(openApiDocumentSchema.parse(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).openapi).toMatch(/^3\./);

    const small = await ctx.app.inject({ method: 'GET', url: '/ecare/version.json', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(bodyOf(small, versionSchema).hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
