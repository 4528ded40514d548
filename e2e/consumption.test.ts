import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';

const FEED_TOKEN = 'e2e-usage-feed-token-0123456789abcdef';
const app = useRealApp({ env: () => ({ USAGE_FEED_TOKEN: FEED_TOKEN }) });

/** Pushes usage of the line `number` a minute ago through the usage feed, as the mediation system does. */
async function feed(number: string, records: { type: string; volume: number }[]): Promise<void> {
  const horodatage = new Date(Date.now() - 60_000).toISOString();
  const response = await fetch(`${app.server.url}/api/interne/usages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FEED_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      evenements: records.map((record, index) => ({
        idEvenement: `e2e-${Date.now()}-${index}`,
        numeroLigne: number,
        horodatage,
        zone: 'FRANCE',
        montantHorsForfaitCentimes: 0,
        ...record,
      })),
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as { acceptes: number }).acceptes).toBe(records.length);
}

/** Signs the manager in and opens an active line from the fleet list; returns its number as shown. */
async function openActiveLine(page: Page): Promise<string> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.getByRole('link', { name: 'Voir toutes mes lignes' }).click();
  await page.waitForURL(/\/pages\/mes-lignes-mobiles/);
  const row = dataRows(page).filter({ hasText: /Active$/ }).first();
  const number = (await row.getByRole('link').first().textContent()) ?? '';
  expect(number).toMatch(/^0[67]( \d\d){4}$/);
  await row.getByRole('link').first().click();
  await page.waitForURL(/\/ligne-mobile\/\d+$/);
  await page.getByRole('heading', { level: 1, name: `Ligne ${number}` }).waitFor();
  return number;
}

/** From the line page to its consumption page. */
async function openConsumption(page: Page, number: string): Promise<void> {
  await page.getByRole('link', { name: 'Suivre la consommation' }).click();
  await page.waitForURL(/\/ligne-mobile\/\d+\/consommation$/);
  await page.getByRole('heading', { level: 1, name: `Consommation de la ligne ${number}` }).waitFor();
  // A table, or on a phone a list of cards.
  await page.getByRole('table', { name: 'Détail par période' }).or(page.getByRole('list', { name: 'Détail par période' })).waitFor();
}

describe('line consumption and contract', () => {
  it('shows a line’s consumption as charts and as a table, for the running period and an earlier one', async () => {
    const { context, page } = await newPage(app.browser);
    const number = await openActiveLine(page);
    await openConsumption(page, number);
    await expect(page.title()).resolves.toMatch(/^Consommation de la ligne – /);

    for (const name of ['Données mobiles', 'Appels', 'SMS']) await page.getByRole('img', { name }).waitFor();
    const table = page.getByRole('table', { name: 'Détail par période' });
    await expect(table.getByRole('row').count()).resolves.toBe(7);
    const newest = table.getByRole('row').nth(1);
    await expect(newest.textContent()).resolves.toMatch(/en cours/);
    await expect(newest.textContent()).resolves.toMatch(/\d+(,\d+)?\s(Go|Mo)/);
    await expectNoAxeViolations(page);

    // An earlier period: the address says it, the figures follow.
    const select = page.getByLabel('Période de facturation');
    const options = await select.locator('option').allTextContents();
    // Only the periods with figures are offered: the demo records the running one and the five before it.
    expect(options).toHaveLength(6);
    const earlier = (await select.locator('option').nth(2).getAttribute('value')) ?? '';
    await select.selectOption(earlier);
    await page.waitForURL(new RegExp(`/consommation\\?periode=${earlier}$`));
    await page.getByRole('heading', { level: 2, name: options[2] ?? '-' }).waitFor();
    await expect(table.getByRole('row').nth(1).textContent()).resolves.not.toMatch(/en cours/);
    await expectNoAxeViolations(page);

    // The oldest period offered has its figures too.
    const oldest = (await select.locator('option').last().getAttribute('value')) ?? '';
    await select.selectOption(oldest);
    await page.waitForURL(new RegExp(`/consommation\\?periode=${oldest}$`));
    await page.getByRole('heading', { level: 2, name: options.at(-1) ?? '-' }).waitFor();
    await page.getByText('Hors forfait', { exact: true }).waitFor();
    await expect(page.getByText(/^Aucune consommation n’a été relevée/).count()).resolves.toBe(0);

    // The breadcrumb leads back to the line.
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: number }).click();
    await page.getByRole('heading', { level: 1, name: `Ligne ${number}` }).waitFor();
    await context.close();
  });

  it('fits a 375 px wide screen without sideways scrolling and without accessibility violations', async () => {
    const narrow = await newPage(app.browser, { width: 375 });
    const number = await openActiveLine(narrow.page);
    await openConsumption(narrow.page, number);
    await narrow.page.getByRole('img', { name: 'Données mobiles' }).waitFor();
    const widths = await narrow.page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expectNoAxeViolations(narrow.page);
    await narrow.context.close();
  });

  it('shows the running period day by day once the usage feed has counted some, as a table and on a phone as cards', async () => {
    const { context, page } = await newPage(app.browser);
    const number = await openActiveLine(page);
    await feed(number, [
      { type: 'DATA', volume: 3 * 1024 * 1024 },
      { type: 'VOIX', volume: 90 },
      { type: 'SMS', volume: 2 },
    ]);
    await openConsumption(page, number);
    const days = page.getByRole('region', { name: 'Période en cours, jour par jour' });
    await days.getByText(/^Mis à jour en continu\s; dernière lecture à \d\d:\d\d\./).waitFor();
    await days.getByRole('img', { name: 'Données mobiles par jour' }).waitFor();
    const table = days.getByRole('table', { name: 'Détail jour par jour (par jour, arrondi)' });
    // Today (in France) first, every day of the period since the 1st.
    await expect(table.getByRole('row').count()).resolves.toBe(Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', day: 'numeric' }).format(new Date())) + 1);
    await expect(table.getByRole('row').filter({ hasText: /2\sSMS/ }).textContent()).resolves.toMatch(/3\sMo.*2\smin/);
    await expectNoAxeViolations(page);
    await context.close();

    const narrow = await newPage(app.browser, { width: 375 });
    await openActiveLine(narrow.page);
    await openConsumption(narrow.page, number);
    const cards = narrow.page.getByRole('list', { name: 'Détail jour par jour (par jour, arrondi)' });
    await cards.waitFor();
    await expect(cards.getByRole('listitem').first().textContent()).resolves.toMatch(/3\sMo/);
    const widths = await narrow.page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expectNoAxeViolations(narrow.page);
    await narrow.context.close();
  });

  it('sends a line user’s consumption address to their own line’s', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    await page.goto(`${app.server.url}/ecare/ligne-mobile/consommation`);
    await page.waitForURL(/\/ligne-mobile\/\d+\/consommation$/);
    await page.getByRole('heading', { level: 1, name: /^Consommation de la ligne 0[67]( \d\d){4}$/ }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(breadcrumb.getByRole('link').allTextContents()).resolves.toEqual(['Accueil', expect.stringMatching(/^0[67]/)]);
    await page.getByRole('table', { name: 'Détail par période' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('downloads the line’s contract as a PDF from the line page', async () => {
    const { context, page } = await newPage(app.browser);
    const number = await openActiveLine(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le contrat (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`contrat-${number.replace(/ /g, '')}.pdf`);
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1_000);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
