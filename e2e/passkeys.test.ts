import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, workerBrowser } from './support/browser.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** A port free on the loopback now, so that the server's public address can name it before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// WebAuthn wants a domain as the relying party: the browser goes to http://localhost (a secure
// context), which is the server's public address, so its RP ID is `localhost` (decision 056).
let server: RunningServer;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ port, env: { PUBLIC_URL: base } });
  browser = await workerBrowser();
  await closeContexts(browser);
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await server?.stop();
});

/** Chromium's virtual authenticator on this page: a platform authenticator with resident keys and user verification, the user always verified. */
async function virtualAuthenticator(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

/** Signs out through the phone's menu (the page is 375 px wide). */
async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL(/\/identification\/authentification/);
}

describe('passkeys (issue 29, decision 056)', () => {
  it('registers a passkey on the security page, then signs in with the code and the passkey, and with the passkey alone', async () => {
    const { context, page } = await newPage(browser, { width: 375 });
    const credentials = await virtualAuthenticator(page);
    const user = DEMO.solo;
    await loginWithKeyboard(page, base, user.email, user.password);
    await page.waitForURL(/\/ecare\/(?!identification)/);
    await page.goto(`${base}/ecare/mon-compte/securite`);
    await page.getByRole('heading', { level: 1, name: 'Sécurité' }).waitFor();
    await page.getByRole('heading', { name: 'Clés d’accès' }).waitFor();
    await page.getByText('Aucune clé d’accès', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // A name, the device's confirmation, then the recovery codes of this first factor.
    await page.getByLabel(/^Nom de la nouvelle clé d’accès/).fill('Téléphone de test');
    await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor();
    expect(await credentials()).toBe(1);
    const codes = await page.locator('li').filter({ hasText: /^[0-9a-z]{5}-[0-9a-z]{5}$/i }).allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'J’ai conservé mes codes de secours' }).click();
    await page.getByText('Téléphone de test').first().waitFor();
    await page.getByText('Jamais utilisée').first().waitFor();
    await expectNoAxeViolations(page);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);

    // Renamed in its dialog.
    await page.getByRole('button', { name: /^Renommer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Renommer la clé d’accès' });
    await dialog.getByLabel(/^Nouveau nom/).fill('Téléphone pro');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('La clé d’accès s’appelle désormais «\u00a0Téléphone pro\u00a0».').waitFor();

    // The code, then the passkey.
    await signOut(page);
    await loginWithKeyboard(page, base, user.email, user.password);
    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
    await page.waitForURL(/\/ecare\/(?!identification)/);

    // The passkey alone.
    await signOut(page);
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).and(page.locator(':enabled')).click();
    await page.waitForURL(/\/ecare\/(?!identification)/);
    await page.goto(`${base}/ecare/mon-compte/securite`);
    await page.getByText('Téléphone pro').first().waitFor();
    await expect.poll(() => page.getByText('Jamais utilisée').count()).toBe(0);
    await context.close();
  });
});
