import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** The code an authenticator app shows now for the secret the page gave. */
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

describe('recovery codes regenerated and the recent activity (decision 058)', () => {
  it('regenerates the recovery codes after a confirmation and lists the recent activity as cards at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-compte/securite`);
    await page.getByRole('heading', { level: 1, name: 'Sécurité' }).waitFor();

    // An authenticator app first: the regeneration is for a user with a second factor.
    await page.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
    const secret = (await page.locator('code').first().textContent()) ?? '';
    await page.getByLabel(/^Code à 6 chiffres/).fill(codeFor(secret));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    const codeItems = page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
    await codeItems.first().waitFor();
    const first = await codeItems.allTextContents();
    await page.getByRole('button', { name: 'J’ai conservé mes codes de secours' }).click();

    // New codes, once confirmed: shown once with the usual copy and download, then gone.
    await page.getByRole('button', { name: 'Générer de nouveaux codes de secours' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Générer de nouveaux codes de secours/ });
    await dialog.getByText(/cesseront immédiatement de fonctionner/).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Générer de nouveaux codes' }).click();
    await page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor();
    const fresh = await codeItems.allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => first.includes(code))).toEqual([]);
    await page.getByRole('button', { name: 'Télécharger les codes (TXT)' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'J’ai conservé mes codes de secours' }).click();
    await page.getByText(/Vos nouveaux codes de secours sont actifs/).waitFor();

    // The recent activity: cards on a phone, newest first, nothing wider than the screen.
    await page.getByRole('heading', { name: 'Activité récente' }).scrollIntoViewIfNeeded();
    const cards = page.getByRole('list', { name: 'Activité récente de votre compte' }).getByRole('listitem');
    await expect.poll(() => cards.first().textContent()).toMatch(/^Nouveaux codes de secours générés/);
    const texts = await cards.allTextContents();
    expect(texts.some((text) => text.startsWith('Application d’authentification ajoutée'))).toBe(true);
    expect(texts.at(-1)).toMatch(/^Connexion/);
    expect(texts.at(-1)).toMatch(/Réseau local|Réseau \d/);
    await expectNoAxeViolations(page);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await context.close();
  });
});
