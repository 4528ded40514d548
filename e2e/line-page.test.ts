import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, choose, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';

const app = useRealApp();

/** A day that is surely past in France, whatever the hour of the run. */
function yesterdayInFrance(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - 86_400_000),
  );
}

/** The value shown next to a term of the line's details. */
function detail(page: Page, term: string) {
  return page.locator('dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Signs the manager in and opens an active line from the fleet list; returns the line page's path. */
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
  return appPath(page);
}

describe('line page', () => {
  it('opens a line from the fleet list, reads its PUK and RIO, declares a theft and restores the line', async () => {
    const { context, page } = await newPage(app.browser);
    await openActiveLine(page);
    await expect(page.title()).resolves.toMatch(/^Ligne mobile – /);
    const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await breadcrumb.getByRole('link', { name: 'Mes lignes mobiles' }).waitFor();
    await expect(detail(page, 'Statut').textContent()).resolves.toBe('Active');
    await expect(detail(page, 'Prix mensuel').textContent()).resolves.toMatch(/^\d+,\d\d\s€ HTsoit \d+,\d\d\s€ TTC$/);
    await expect(detail(page, 'Date d’activation').textContent()).resolves.toMatch(/^\d\d\/\d\d\/\d{4}$/);
    await expectNoAxeViolations(page);

    // PUK: read on demand.
    await page.getByRole('button', { name: 'Afficher le code PUK' }).click();
    await expect(detail(page, 'Code PUK').textContent()).resolves.toMatch(/^\d{8}$/);
    await expect(detail(page, 'Code PUK2').textContent()).resolves.toMatch(/^\d{8}$/);

    // RIO, with what it is for.
    await page.getByText(/conserver votre numéro si vous changez d’opérateur/).waitFor();
    await page.getByRole('button', { name: 'Afficher le RIO' }).click();
    await expect(detail(page, 'RIO').textContent()).resolves.toMatch(/^T1 E [0-9A-Z]{6} [0-9A-Z+]{3}$/);

    // Theft: the form, the confirmation that says the line is suspended at once, the outcome.
    await page.locator('label').filter({ hasText: /^Vol$/ }).click();
    await page.getByLabel(/^Date de la perte ou du vol/).fill(yesterdayInFrance());
    await page.getByLabel(/^Commentaire/).fill('Téléphone volé dans le train.');
    await page.getByRole('button', { name: 'Déclarer la perte ou le vol' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Confirmer la déclaration de vol' });
    await confirmation.getByText(/sera suspendue immédiatement/).waitFor();
    await expectNoAxeViolations(page);
    await confirmation.getByRole('button', { name: 'Suspendre la ligne' }).click();
    await page.getByText(/Votre déclaration de vol est enregistrée/).waitFor();
    await expect(detail(page, 'Statut').textContent()).resolves.toBe('Suspendue');
    await expect(page.getByRole('button', { name: 'Déclarer la perte ou le vol' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Retour à mes lignes mobiles' }).waitFor();
    await expectNoAxeViolations(page);

    // Restoration, confirmed.
    await page.getByRole('button', { name: 'Rétablir la ligne' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer le rétablissement' }).click();
    await page.getByText(/est rétablie/).waitFor();
    await expect(detail(page, 'Statut').textContent()).resolves.toBe('Active');
    await page.getByRole('button', { name: 'Déclarer la perte ou le vol' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('fits a 375 px wide screen without sideways scrolling and without accessibility violations, and bars roaming there', async () => {
    const narrow = await newPage(app.browser, { width: 375 });
    await openActiveLine(narrow.page);
    await narrow.page.getByRole('button', { name: 'Afficher le RIO' }).click();
    await detail(narrow.page, 'RIO').waitFor();
    const widths = await narrow.page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expectNoAxeViolations(narrow.page);

    // Restrictions: roaming barred, saved, still barred once the page is read again.
    const roaming = narrow.page.getByRole('checkbox', { name: /^Bloquer l’itinérance/ });
    await choose(roaming);
    await narrow.page.getByRole('button', { name: 'Enregistrer les restrictions' }).click();
    await narrow.page.getByText(/sont enregistrées\s: itinérance bloquée, appels vers l’international autorisés\./).waitFor();
    await expectNoAxeViolations(narrow.page);
    await narrow.page.reload();
    await narrow.page.getByRole('heading', { name: 'Restrictions' }).waitFor();
    await expect.poll(() => roaming.isChecked()).toBe(true);
    await narrow.context.close();
  });
});
