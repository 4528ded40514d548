import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** An amount as the spec writes it: '1 234,56 €' (narrow no-break spaces between thousands, a no-break space before €). */
const AMOUNT = /\d{1,3}(?:\u202f\d{3})*,\d{2}\u00a0€/;

/** Signs in and waits for the home page with its menu. */
async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await loginWithKeyboard(page, app.server.url, who.email, who.password);
  await page.waitForURL(/\/pages\/accueil$/);
}

/** 'Changer de forfait' in the desktop menu: Mes lignes › Téléphones et cartes SIM. */
async function planChangeFromDesktopMenu(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Mes lignes' }).click();
  await menu.getByRole('link', { name: 'Changer de forfait' }).click();
}

/** The same entry in the folded menu of a phone. */
async function planChangeFromMobileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu mobile' });
  await menu.getByRole('button', { name: 'Mes lignes' }).click();
  await menu.getByRole('link', { name: 'Changer de forfait' }).click();
}

describe('unpaid-balance gating of the header actions', () => {
  it('stops ‘changer de forfait’ for an account with an overdue invoice: the modal, focus in it, Escape, no navigation', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page, DEMO.gestionnaire);
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    await planChangeFromDesktopMenu(page);

    const dialog = page.getByRole('alertdialog', { name: 'Factures impayées' });
    await dialog.waitFor();
    const message = page.locator('#impayes-message');
    await expect(message.textContent()).resolves.toMatch(AMOUNT);
    await expect(message.textContent()).resolves.toContain('Pour changer de forfait');
    await expect(dialog.getByRole('link', { name: 'Payer mes factures' }).getAttribute('href')).resolves.toBe('/ecare/mon-compte/paiement');
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(appPath(page)).toBe('/pages/accueil');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(appPath(page)).toBe('/pages/accueil');
    await context.close();
  });

  it('shows the same modal on a phone, accessible at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await signIn(page, DEMO.gestionnaire);
    await planChangeFromMobileMenu(page);
    const dialog = page.getByRole('alertdialog', { name: 'Factures impayées' });
    await dialog.waitFor();
    await expect(page.locator('#impayes-message').textContent()).resolves.toMatch(AMOUNT);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(appPath(page)).toBe('/pages/accueil');
    await context.close();
  });

  it('lets the fully paid account through (solo@demo.test)', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page, DEMO.solo);
    await planChangeFromDesktopMenu(page);
    // The plan-change page of the chosen line (decision 037).
    await expect.poll(() => appPath(page)).toMatch(/^\/(mon-forfait\/changer-de-forfait(\/\d+)?|404)$/);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await context.close();
  });
});
