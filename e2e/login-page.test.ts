import { describe, expect, it } from 'vitest';
import { newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();
const LOGIN = '/ecare/identification/authentification';

describe('login page as sent (decision 012)', () => {
  it('arrives rendered, information banner included, before any script runs', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.server.url}${LOGIN}`);
    await page.getByRole('heading', { level: 1, name: 'CONNECTEZ-VOUS À VOTRE ESPACE CLIENT PRO' }).waitFor();
    await page.getByText('Nouveau : vos factures des 24 derniers mois').waitFor();
    await page.getByLabel('Identifiant').waitFor();
    // Nothing submits the bare HTML form (it would put the code in the address).
    expect(await page.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('is taken over by the app without an error, and fetches the sign-in code only once the form is used', async () => {
    const { context, page } = await newPage(app.browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(`${app.server.url}${LOGIN}`, { waitUntil: 'networkidle' });
    const valider = page.getByRole('button', { name: 'Valider' });
    await expect.poll(() => valider.isEnabled()).toBe(true);
    const idle = [...scripts];
    expect(idle.length).toBeGreaterThan(0);

    await page.getByLabel('Identifiant').focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(idle.length);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed while the app takes the page over', async () => {
    const { context, page } = await newPage(app.browser);
    // Hold the app's code back until something has been typed into the page as sent.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/ecare/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.server.url}${LOGIN}`, { waitUntil: 'commit' });
    await page.getByLabel('Identifiant').fill('gestionnaire@demo.test');
    release();
    await expect.poll(() => page.getByRole('button', { name: 'Valider' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Identifiant').inputValue()).toBe('gestionnaire@demo.test');
    await context.close();
  });
});

describe('addresses outside the app', () => {
  it('show the app’s “page not found” to a browser', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/nimporte/ou`);
    await page.waitForURL(/\/ecare\/404$/);
    await page.getByRole('heading', { level: 1, name: 'Page non trouvée' }).waitFor();
    await context.close();
  });
});
