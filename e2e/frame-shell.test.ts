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
    // Recorded by the page itself: the worker ends as soon as its calls are done, sometimes
    // before the browser has told the test it started.
    await page.addInitScript(() => {
      const started: string[] = [];
      const failed: string[] = [];
      Object.assign(window, { startedWorkers: started, failedWorkers: failed });
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          started.push(new URL(url, location.href).pathname);
          this.addEventListener('error', () => failed.push(String(url)));
        }
      };
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    const workers = await page.evaluate(() => {
      const recorded = window as unknown as { startedWorkers: string[]; failedWorkers: string[] };
      return { started: recorded.startedWorkers, failed: recorded.failedWorkers };
    });
    expect(workers.started).toEqual([expect.stringMatching(/^\/ecare\/assets\/intl-warm-up-worker-[\w-]+\.js$/)]);
    expect(workers.failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts from files compiled as they download, and asks again for none it has loaded', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const starts = new Map<string, string>();
    page.on('response', (response) => {
      const name = /\/ecare\/assets\/(index|app|frame)-[\w-]+\.js$/.exec(response.url())?.[1];
      if (name) void response.text().then((body) => starts.set(name, body.slice(0, 40)));
    });
    const html = (await (await page.reload())?.text()) ?? '';
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    await expect.poll(() => starts.size).toBe(3);
    // V8's compile hint, first line of the files whose code runs as soon as they arrive.
    expect(starts.get('app')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    expect(starts.get('frame')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    expect(starts.get('index')).not.toContain('allFunctionsCalledOnLoad');
    // Every page loads the entry and the app anyway: the code adds no preload link for them to
    // those the HTML has.
    const loadedFirst = (hrefs: string[]) => hrefs.filter((href) => /\/assets\/(?:index|app)-[\w-]+\.js$/.test(href));
    const inHtml = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '');
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(loadedFirst(preloaded)).toEqual(loadedFirst(inHtml));
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
