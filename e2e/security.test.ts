import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** The code an authenticator app shows now for the secret the page gave (grouped by 4 on screen). */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function openSecurityPage(page: Page): Promise<void> {
  await page.goto(`${app.server.url}/ecare/mon-compte/securite`);
  await page.getByRole('heading', { level: 1, name: 'Sécurité' }).waitFor();
}

describe('security page and two-step sign-in (issue 29)', () => {
  it('enrols an authenticator app at 375 px, then signs in with the code and a code of the app, and lists the sessions', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await openSecurityPage(page);
    await page.getByRole('heading', { name: 'Sessions ouvertes' }).waitFor();
    await expectNoAxeViolations(page);

    // Enrolment: the QR code and the key, a first code, the recovery codes shown once.
    await page.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
    await page.getByRole('img', { name: /QR code/i }).waitFor();
    const secret = (await page.locator('code').first().textContent()) ?? '';
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Code à 6 chiffres/).fill(codeFor(secret));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor();
    const codes = await page.locator('li').filter({ hasText: /^[0-9a-z]{5}-[0-9a-z]{5}$/i }).allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'J’ai conservé mes codes de secours' }).click();
    await page.getByText(/Activée depuis le \d\d\/\d\d\/\d{4}/).waitFor();
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await context.close();

    // A new browser: the right code asks for the second step; a wrong code is refused; the app's code signs in.
    const second = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(second.page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await second.page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await expectNoAxeViolations(second.page);
    const field = second.page.getByLabel(/^Code/).first();
    await field.fill('000000' === codeFor(secret, 1) ? '111111' : '000000');
    await second.page.getByRole('button', { name: 'Valider' }).click();
    await second.page.getByRole('alert').filter({ hasText: /code/i }).first().waitFor();
    // The next step's code: the one confirmed at enrolment may not be used twice.
    await field.fill(codeFor(secret, 1));
    await second.page.getByRole('button', { name: 'Valider' }).click();
    await second.page.waitForURL(/\/pages\/accueil$/);

    // The sessions: this one marked, the first browser's still open beside it, ended from here.
    await openSecurityPage(second.page);
    await second.page.getByText('Cette session').first().waitFor();
    await second.page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    await second.page.getByRole('alertdialog').getByRole('button', { name: /Déconnecter/ }).click();
    await expect.poll(() => second.page.getByRole('button', { name: /^Déconnecter$/ }).count()).toBe(0);
    await expectNoAxeViolations(second.page);
    await second.context.close();
  });
});
