import { errorMessage, hashConfidentialCode } from '@ecare/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { devMails } from './support/dev-tools.ts';

// The attack below comes from many addresses: the server trusts one proxy hop, so that this
// test's own calls may name their client address in X-Forwarded-For. The browser sends none and
// is seen at its socket address. Read by the server started for this file.
process.env.TRUST_PROXY = '1';

const { email, password } = DEMO.gestionnaire;
const UNLOCK_LINK = /https?:\/\/\S+\/identification\/deverrouiller\/[\w-]{43}/;

const app = useRealApp();

/** 100 wrong codes for the identifier, each from an address of its own network, as a rotating attacker makes them. */
async function attackFromManyAddresses(): Promise<void> {
  const first = await fetch(`${app.server.url}/api/parametres`);
  const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  const wrong = await hashConfidentialCode(email, 'Mauvais#Code1');
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${app.server.url}/api/token`, {
      method: 'POST',
      headers: {
        cookie,
        'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)),
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': `10.0.${i}.1`,
      },
      body: new URLSearchParams({ username: email, password: wrong, grant_type: 'password', captcha: '', ip: '' }),
    });
    expect(response.status).toBe(400);
  }
}

/** The in-app path of the unlock link mailed to `to` (it goes out just after the refusal). */
function unlockPathFromMailbox(to: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const mails = await devMails(app.server);
      const link = mails.map((mail) => (mail.destinataire === to ? UNLOCK_LINK.exec(mail.texte)?.[0] : undefined)).find(Boolean);
      if (!link) throw new Error(`no unlock link mailed to ${to} yet`);
      return new URL(link).pathname;
    },
    { timeout: 10_000, interval: 100 },
  );
}

const refusalAlert = (page: Page) => page.getByRole('alert').getByText(/Un lien de déverrouillage a été envoyé/);

describe('login unlock link', () => {
  it('lets the customer refused under attack follow the e-mailed link and sign in from that browser, by keyboard', async () => {
    await attackFromManyAddresses();
    const { context, page } = await newPage(app.browser);

    // A typo from the customer's own address, now that the identifier is under attack…
    await loginWithKeyboard(page, app.server.url, email, 'Mauvais-Code-1');
    await page.getByRole('alert').getByText(errorMessage('INVALID_GRANT')).waitFor();
    // …and the right code from there is refused with the server's explanation, shown as is.
    await loginWithKeyboard(page, app.server.url, email, password);
    await refusalAlert(page).waitFor();
    expect(appPath(page)).toBe('/identification/authentification');

    const unlockPath = await unlockPathFromMailbox(email);
    await page.goto(`${app.server.url}${unlockPath}`);
    await page.getByRole('heading', { level: 1, name: 'Déverrouiller votre connexion' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Déverrouillage de la connexion/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Déverrouiller ma connexion' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/Votre connexion est déverrouillée/).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/identification\/authentification/);
    await loginWithKeyboard(page, app.server.url, email, password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();

    // The link served once.
    await page.goto(`${app.server.url}${unlockPath}`);
    await page.getByRole('button', { name: 'Déverrouiller ma connexion' }).click();
    await page.getByRole('alert').getByText(/Ce lien de déverrouillage n’est plus valide/).waitFor();
    await context.close();
  });

  it('unlocks the browser that followed the link, not every browser at its address', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, email, password);
    await refusalAlert(page).waitFor();
    await context.close();
  });
});
