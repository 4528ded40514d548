import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The fully paid customer (one account, one line): 'Changer de forfait' in the menu passes the unpaid check and opens the line's page. */
async function openFromMenu(page: Page, mobile: boolean): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
  await page.waitForURL(/\/pages\/accueil$/);
  if (mobile) await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: mobile ? 'Menu mobile' : 'Menu principal' });
  await menu.getByRole('button', { name: 'Mes lignes' }).click();
  await menu.getByRole('link', { name: 'Changer de forfait' }).click();
  await page.waitForURL(/\/mon-forfait\/changer-de-forfait\/\d+$/);
  await page.getByRole('heading', { level: 1, name: /^Changer le forfait de la ligne/ }).waitFor();
}

describe('tariff change of a line', () => {
  for (const width of [1280, 375]) {
    it(`changes a plan (downgrade at the next billing period, DR14 renounced) then cancels the change, at ${width} px`, async () => {
      const { context, page } = await newPage(app.browser, { width });
      await openFromMenu(page, width < 500);
      await page.getByRole('heading', { level: 2, name: 'Votre forfait actuel' }).waitFor();
      await expect(page.title()).resolves.toMatch(/^Changer de forfait – /);
      await expectNoAxeViolations(page);
      expect(await fitsWidth(page)).toBe(true);

      // Nothing chosen: the form says what is missing.
      await page.getByRole('button', { name: 'Vérifier ma demande' }).click();
      await page.getByText('Veuillez choisir le nouveau forfait.').first().waitFor();

      // The cheapest plan (first card): a downgrade, so only at the next billing period.
      const plans = page.getByRole('radiogroup', { name: /Choisissez votre nouveau forfait/ });
      const cheapest = plans.getByRole('radio').first();
      await choose(cheapest);
      const today = page.getByRole('radio', { name: /^Dès aujourd’hui/ });
      await today.waitFor({ state: 'attached' });
      await expect(today.isDisabled()).resolves.toBe(true);
      await choose(page.getByRole('radio', { name: /^Au début de la prochaine période de facturation/ }));
      await choose(page.getByRole('radio', { name: /^Renoncer au droit DR14/ }));
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Vérifier ma demande' }).click();

      // Recap, its PDF, confirmation.
      await page.getByRole('heading', { level: 2, name: 'Vérifiez votre demande' }).waitFor();
      await page.getByText(/Renoncer au droit DR14/).first().waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^changement-forfait-ligne-.*\.pdf$/);
      await expectNoAxeViolations(page);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Confirmer le changement de forfait' }).click();

      await page.getByText('Votre changement de forfait est enregistré').waitFor();
      await page.getByRole('heading', { level: 2, name: /^Changement de forfait programmé le \d{2}\/\d{2}\/\d{4}$/ }).waitFor();
      await expectNoAxeViolations(page);

      // Back on the line page, the pending change shows and leads back here.
      const path = appPath(page);
      await page.getByRole('main').getByRole('link', { name: /^0\d( \d{2}){4}$/ }).first().click();
      await page.waitForURL(/\/ligne-mobile\/\d+$/);
      await page.getByRole('link', { name: 'Voir ou annuler le changement de forfait' }).click();
      await page.waitForURL((url) => url.pathname.endsWith(path));

      // Cancel, with confirmation.
      await page.getByRole('button', { name: 'Annuler le changement de forfait' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Annuler le changement de forfait' });
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Oui, annuler le changement' }).click();
      await page.getByText('Le changement de forfait est annulé').waitFor();
      await expectNoAxeViolations(page);
      expect(await fitsWidth(page)).toBe(true);
      await context.close();
    });
  }
});
