import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

const BANNER_TEXT = 'Opération de maintenance prévue le';

/** Where the orange banner is on screen (the shell's while the app is held back, the frame's after). */
async function bannerBox(page: Page) {
  const banner = page.locator('header .bg-accent').filter({ hasText: BANNER_TEXT });
  await banner.waitFor();
  expect(await banner.count()).toBe(1);
  return banner.boundingBox();
}

describe('signed-in pages’ shell', () => {
  it('paints the header and banner before the app runs, where the frame then draws them, on a phone', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();

    // Reloaded with the app's code held back: what the HTML alone shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/ecare\/assets\/app-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('[data-coquille]').waitFor();
    const shell = await bannerBox(page);
    await expect(page.getByRole('link', { name: /Accueil/ }).count()).resolves.toBe(1);

    release();
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    await expect(page.locator('[data-coquille]').count()).resolves.toBe(0);
    const frame = await bannerBox(page);
    expect(frame).toEqual(shell);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('loads the locale data in a worker of its own, which the page’s security policy allows', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const workers: string[] = [];
    const errors: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    expect(workers.some((url) => /\/ecare\/assets\/intl-warm-up-worker-[\w-]+\.js$/.test(url))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not sent once the user has signed out', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/identification\/authentification/);
    const response = await page.request.get(`${app.server.url}/ecare/pages/accueil`, { headers: { accept: 'text/html' } });
    expect(await response.text()).not.toContain('data-coquille');
    await context.close();
  });
});
