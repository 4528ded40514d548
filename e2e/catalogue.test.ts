import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** Whether the page fits its window's width (no sideways scrolling). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Prices of the cards in order, in cents HT. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('phone-card').getByText(/ HT$/).allTextContents();
  return texts.map((text) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100));
}

async function openCatalogue(page: Page, search = ''): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${app.server.url}/ecare/mon-telephone/catalogue${search}`);
  await page.getByRole('heading', { level: 1, name: 'Catalogue des téléphones' }).waitFor();
  await page.getByRole('heading', { level: 2, name: /^\d+ téléphones?$/ }).waitFor();
}

describe('phone and plan catalogue', () => {
  it('filters by brand and 5G, sorts, keeps it all in the address, and opens a phone', async () => {
    const { context, page } = await newPage(app.browser);
    await openCatalogue(page);
    await page.getByRole('heading', { level: 2, name: '22 téléphones' }).waitFor();
    // Pictures have their size before they load (no layout shift) and load lazily.
    const picture = page.getByTestId('phone-card').first().locator('img');
    await expect(picture.getAttribute('width')).resolves.toBe('160');
    await expect(picture.getAttribute('height')).resolves.toBe('240');
    await expect(picture.getAttribute('loading')).resolves.toBe('lazy');
    await expect(page.getByTestId('phone-card').first().locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(160);
    await expectNoAxeViolations(page);

    // The boxes show the address: ticked once it holds the filter.
    await page.getByRole('checkbox', { name: 'Samsung' }).click();
    await page.waitForURL(/marque=Samsung/);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Samsung' }).isChecked()).toBe(true);
    await page.getByRole('heading', { level: 2, name: '7 téléphones' }).waitFor();
    await page.getByRole('checkbox', { name: 'Compatible 5G' }).click();
    await page.waitForURL(/cinqG=true/);
    await page.getByRole('heading', { level: 2, name: '6 téléphones' }).waitFor();
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await page.getByLabel('Trier par').selectOption('prix-decroissant');
    await page.waitForURL(/tri=prix-decroissant/);
    await expect.poll(async () => (await cardPrices(page))[0]).toBe(Math.max(...ascending));
    const descending = await cardPrices(page);
    expect(descending).toEqual([...ascending].sort((a, b) => b - a));
    await expect(page.getByTestId('phone-card').getByRole('heading').allTextContents()).resolves.not.toContain('Samsung Galaxy A16');
    await expectNoAxeViolations(page);

    // The address gives the same page back.
    const url = page.url();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: '6 téléphones' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Samsung' }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Trier par').inputValue()).resolves.toBe('prix-decroissant');
    expect(page.url()).toBe(url);

    await page.getByRole('link', { name: 'Samsung Galaxy S25 Ultra' }).click();
    await page.waitForURL(/\/mon-telephone\/catalogue\/1007$/);
    await page.getByRole('heading', { level: 1, name: 'Samsung Galaxy S25 Ultra' }).waitFor();
    await page.getByText('Titane noir, Titane gris, Titane argent').waitFor();
    await page.getByText('1 124,00 € HT').waitFor();
    await page.getByText('soit 1 348,80 € TTC').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the plans by commitment', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-forfait/forfaits`);
    await page.getByRole('heading', { level: 1, name: 'Nos forfaits mobiles' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Forfait Pro 50 Go' }).waitFor();
    await page.getByRole('combobox', { name: 'Engagement', exact: true }).selectOption('0');
    await page.getByRole('heading', { level: 3, name: 'Forfait Pro 20 Go sans engagement' }).waitFor();
    await expect(page.getByTestId('plan-card').getByText('Engagement 24 mois').count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('fits a 375 px wide screen without sideways scrolling and without accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openCatalogue(page, '?esim=true');
    await expect(page.getByRole('checkbox', { name: 'Compatible eSIM' }).isChecked()).resolves.toBe(true);
    await expect(fitsWidth(page)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await page.goto(`${app.server.url}/ecare/mon-forfait/forfaits`);
    await page.getByRole('heading', { level: 3, name: 'Forfait Pro 50 Go' }).waitFor();
    await expect(fitsWidth(page)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
