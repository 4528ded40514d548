import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { typeCard } from './support/payment.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** One of the header's entries under "Mes lignes", from the desktop menu or the folded one of a phone. */
async function followMenu(page: Page, entry: string, mobile = false): Promise<void> {
  if (mobile) await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: mobile ? 'Menu mobile' : 'Menu principal' });
  await menu.getByRole('button', { name: 'Mes lignes' }).click();
  await menu.getByRole('link', { name: entry }).click();
}

/**
 * On the line picker: types `search` and sends it with Enter, waits for one line to answer, then
 * reaches it with the keyboard (Tab past the search button) and opens it with Enter.
 */
async function pickBySearch(page: Page, search: string, expected: RegExp): Promise<void> {
  const field = page.getByRole('searchbox', { name: 'Rechercher une ligne' });
  await field.focus();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  const results = page.getByRole('list', { name: 'Lignes du compte' });
  await expect.poll(() => results.getByRole('link').count()).toBe(1);
  await expect.poll(() => results.getByRole('link').first().textContent()).toMatch(expected);
  await page.getByText(/^1 ligne( active)? pour « /).waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(expected);
  await page.keyboard.press('Enter');
}

/** Pays every invoice due by card in the payment sandbox: the unpaid-balance check then lets the journeys through. */
async function payWhatIsDue(page: Page): Promise<void> {
  await page.goto(`${app.server.url}/ecare/mon-compte/paiement`);
  await page.getByRole('heading', { level: 1, name: 'Payer mes factures' }).waitFor();
  await page.getByRole('button', { name: 'Payer par carte' }).click();
  await page.waitForURL(/\/sandbox-paiement\/[\w-]+$/);
  await typeCard(page);
  await page.getByText('Paiement accepté').waitFor();
}

describe('choosing the line of a journey from the menu (an account of several lines)', () => {
  it('the bakery’s manager follows « Nouveau téléphone », « Changer de forfait » and « Suivi conso », finds a line by number or by its user’s name, and goes on with it', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await payWhatIsDue(page);

    // A new phone: the line asked for, found by its number written the international way.
    await followMenu(page, 'Nouveau téléphone');
    await page.waitForURL(/\/mon-telephone\/nouveau-telephone$/);
    await page.getByRole('heading', { level: 1, name: 'Nouveau téléphone' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Nouveau téléphone\s: choix de la ligne – /);
    // Only the lines that may take a new phone: the active ones.
    await page.getByText(/^\d+ lignes actives$/).waitFor();
    await expectNoAxeViolations(page);
    await pickBySearch(page, '+33 6 26 04 35 80', /^06 26 04 35 80/);
    await page.waitForURL(/\/mon-telephone\/nouveau-telephone\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Nouveau téléphone pour la ligne 06 26 04 35 80' }).waitFor();
    await page.getByRole('radiogroup', { name: /Choisissez votre téléphone/ }).waitFor();

    // A plan change: the line found by its user's name.
    await followMenu(page, 'Changer de forfait');
    await page.waitForURL(/\/mon-forfait\/changer-de-forfait$/);
    await page.getByRole('heading', { level: 1, name: 'Changer de forfait' }).waitFor();
    await pickBySearch(page, 'julien roux', /Julien Roux/);
    await page.waitForURL(/\/mon-forfait\/changer-de-forfait\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /^Changer le forfait de la ligne 0[67]( \d\d){4}$/ }).waitFor();
    await context.close();
  });

  it('offers the same choice on a phone (375 px) for « Suivi conso », then shows the chosen line’s consumption', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await followMenu(page, 'Suivi conso', true);
    await page.waitForURL(/\/ligne-mobile\/consommation$/);
    await page.getByRole('heading', { level: 1, name: 'Suivi conso' }).waitFor();
    await page.getByRole('list', { name: 'Lignes du compte' }).getByRole('link').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);

    // Nothing found says so, and the whole list comes back.
    const field = page.getByRole('searchbox', { name: 'Rechercher une ligne' });
    await field.fill('07 99 99 99 99');
    await field.press('Enter');
    await page.getByText('Aucune ligne ne correspond à votre recherche.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Afficher toutes les lignes' }).click();
    await page.getByText(/^\d+ lignes$/).waitFor();
    await field.fill('');

    await pickBySearch(page, '06.26.04.35.80', /^06 26 04 35 80/);
    await page.waitForURL(/\/ligne-mobile\/\d+\/consommation$/);
    await page.getByRole('heading', { level: 1, name: 'Consommation de la ligne 06 26 04 35 80' }).waitFor();
    expect(appPath(page)).toMatch(/^\/ligne-mobile\/\d+\/consommation$/);
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
