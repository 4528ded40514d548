import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealApp } from './support/real-app.ts';
import { expectNoAxeViolations } from './support/journey.ts';
import { setParameter } from './support/dev-tools.ts';

// The parameter switch (PUT /api/dev/parametres/{name}) is a development tool: on for this app.server.

const app = useRealApp();

const landmarks = (page: Page) => page.locator('header, footer, [role="banner"], [role="contentinfo"]').count();

describe('maintenance', () => {
  it('sends the visitor to /maintenance while the flag is on, and back to / once it is off', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/identification/authentification`);
    await page.getByRole('heading', { name: 'Identifiez-vous' }).waitFor();
    await page.evaluate(() => {
      localStorage.setItem('current_compte_facturation', '42');
      sessionStorage.setItem('access_token', 'jeton');
    });

    await setParameter(app.server, 'en_maintenance', 'true');
    try {
      // Any API answer now carries the flag: the next page's parameters call is enough.
      await page.getByRole('link', { name: 'Code confidentiel oublié ou première connexion' }).click();
      await page.waitForURL(/\/ecare\/maintenance$/);
      await page.getByRole('heading', { level: 1, name: 'Site en maintenance' }).waitFor();
      await page.getByText(/momentanément indisponibles/).waitFor();
      await page.getByText(/du lundi au samedi de 8 h à 20 h/).waitFor();
      expect(await landmarks(page)).toBe(0);
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await setParameter(app.server, 'en_maintenance', 'false');
    }

    // The page reads the parameters on load (then every 30 s): maintenance over, back to /.
    await page.reload();
    await page.waitForURL(/\/ecare\/identification\/authentification$/);
    await page.close();
  });

  it('shows a short unavailability page instead of any page while activer is not True', async () => {
    const page = await app.browser.newPage();
    await setParameter(app.server, 'activer', 'False');
    try {
      await page.goto(`${app.server.url}/ecare/identification/authentification`);
      await page.getByRole('heading', { level: 1, name: 'Service momentanément indisponible' }).waitFor();
      expect(await page.getByRole('button', { name: 'Valider' }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await setParameter(app.server, 'activer', 'True');
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Identifiez-vous' }).waitFor();
    await page.close();
  });
});

describe('security information page', () => {
  it('shows the full text without header and footer, and leads to the contact form', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/info-securite-ecare`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(/4 juillet 2022/).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('ol > li').count()).toBe(4);
    expect(await page.getByRole('link', { name: /cybermalveillance\.gouv\.fr/ }).getAttribute('href')).toBe(
      'https://www.cybermalveillance.gouv.fr/',
    );
    expect(await page.locator('footer, [role="banner"], [role="contentinfo"]').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Accéder au formulaire' }).click();
    await page.waitForURL(/\/ecare\/assistance\/formulaire-contact\?idTheme=13$/);
    await page.close();
  });
});
