import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

const BLOCKS = ['Alertes en cours', 'À payer', 'Dernière facture', 'Mes lignes mobiles', 'Plus gros consommateurs', 'Commandes en cours', 'Actions du service client'];

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Signs the bakery's manager in and waits for every block of the home page. */
async function openHome(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  for (const name of BLOCKS) await page.getByRole('region', { name }).waitFor();
  // The blocks that read on their own have answered.
  await page.getByRole('region', { name: 'À payer' }).getByRole('link', { name: 'Voir mes factures' }).waitFor();
  await page.getByRole('region', { name: 'Dernière facture' }).getByRole('link', { name: /^Facture / }).waitFor();
  await page.getByRole('region', { name: 'Actions du service client' }).getByRole('listitem').first().waitFor();
}

describe('manager home page', () => {
  it('opens on the demo account’s blocks, each leading to its page', async () => {
    const { context, page } = await newPage(app.browser);
    await openHome(page);
    const h2 = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(h2).toEqual(expect.arrayContaining(BLOCKS));

    // The demo has something in each block: what is due, lines, heavy users, an order in progress, agent actions.
    await expect(page.getByRole('region', { name: 'À payer' }).textContent()).resolves.toMatch(/Montant dû/);
    await expect(page.getByRole('region', { name: 'Plus gros consommateurs' }).getByRole('listitem').count()).resolves.toBe(5);
    await expect(page.getByRole('region', { name: 'Commandes en cours' }).textContent()).resolves.toMatch(/\d+ commandes? en cours/);
    await expect(page.getByRole('region', { name: 'Actions du service client' }).textContent()).resolves.toContain('Camille Martin (cmartin)');

    // A status leads to the fleet list filtered on it.
    await page.getByRole('region', { name: 'Mes lignes mobiles' }).getByRole('link', { name: 'Active' }).click();
    await page.waitForURL(/\/pages\/mes-lignes-mobiles\?statut=ACTIF$/);
    await page.goBack();
    await page.waitForURL(/\/pages\/accueil$/);

    // The last invoice's change leads to its explanation, opened.
    const why = page.getByRole('region', { name: 'Dernière facture' }).getByRole('link', { name: /^Pourquoi ma facture a changé/ });
    await why.click();
    await page.waitForURL(/\/mon-compte\/factures\/[^/]+#pourquoi$/);
    await expect(page.getByRole('button', { name: /^Pourquoi ma facture a changé/ }).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.goBack();
    await page.waitForURL(/\/pages\/accueil$/);

    // The alerts in progress lead to the account's alerts and thresholds.
    await expect(page.getByRole('region', { name: 'Alertes en cours' }).textContent()).resolves.toMatch(/alerte en cours|alertes en cours/);

    // A heavy user leads to its consumption page.
    await page.getByRole('region', { name: 'Plus gros consommateurs' }).getByRole('link', { name: /^Consommation de la ligne / }).first().click();
    await page.waitForURL(/\/ligne-mobile\/\d+\/consommation$/);
    expect(appPath(page)).toMatch(/^\/ligne-mobile\/\d+\/consommation$/);
    await context.close();
  });

  it('stacks its blocks on a 375 px phone, nothing wider than the screen, without accessibility violation', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openHome(page);
    await expect(fitsTheScreen(page)).resolves.toBe(true);
    const lefts = await Promise.all(BLOCKS.map(async (name) => (await page.getByRole('region', { name }).boundingBox())?.x));
    expect(new Set(lefts).size).toBe(1);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows a line user the running period’s use of their line', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    const card = page.getByRole('region', { name: 'Ma consommation' });
    await card.getByText('Données mobiles').waitFor();
    await page.getByRole('region', { name: 'Alertes en cours' }).getByText(/alertes? en cours/).first().waitFor();
    await expect(fitsTheScreen(page)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name: 'Voir le détail de ma consommation' }).click();
    await page.waitForURL(/\/ligne-mobile\/\d+\/consommation$/);
    await context.close();
  });
});
