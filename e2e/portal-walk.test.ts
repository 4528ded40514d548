import { agentActionListSchema } from '@ecare/shared/agents';
import { isPlaceholderUrl } from '@ecare/shared/page-paths';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin.ts';
import { completeSecondStep } from './support/second-factor.ts';
import { axeViolations, describeViolations } from './support/browser.ts';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';
import { destinationOf, frameLinks, menuAddresses, openInApp, pageLinks, watchMenu, watchRequests, widerThanScreen } from './support/walk.ts';

/**
 * The portal as its customers use it: every entry of the menu (as the API gives it), of the
 * header and of the footer, for every demo account of the README, on a desktop and on a phone.
 * No entry leads to the "page not found" or to a placeholder address, no page is wider than the
 * screen or has an accessibility violation. The server and the browser keep New York's time: the
 * pages show Paris time all the same.
 */
const TIME_ZONE = 'America/New_York';
const app = useRealApp({ env: () => ({ TZ: TIME_ZONE }) });

const WIDTHS = [1280, 375] as const;
const NOT_FOUND = '404! Page non trouvée...';
const AGENT = { identifiant: 'AG100002', password: 'Agent-Distance-2026!' } as const;

interface Walker {
  page: Page;
  settled: () => Promise<void>;
  menu: () => Promise<string[]>;
}

async function openWalker(): Promise<Walker & { close: () => Promise<void> }> {
  const { context, page } = await newPage(app.browser, { timeZone: TIME_ZONE });
  const settled = watchRequests(page);
  const readMenu = watchMenu(page);
  return { page, settled, menu: async () => menuAddresses(await readMenu()), close: () => context.close() };
}

/** The header's and footer's links at the window's width, the mobile menu opened where there is one. */
async function headerAndFooter(page: Page): Promise<string[]> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  if (await toggle.isVisible()) {
    await toggle.click();
    await page.getByRole('navigation', { name: 'Menu mobile' }).waitFor();
  }
  return frameLinks(page);
}

/**
 * Follows every entry at both widths: a page of the app is asked of the server (not its 404) and
 * opened in the app (not its "page not found"), then measured and checked with axe; an address
 * outside the portal is not a placeholder.
 */
async function walk({ page, settled, menu }: Walker, extra: readonly string[] = []): Promise<number> {
  const origin = app.server.url;
  const fromMenu = await menu().catch(() => []);
  const asked = new Set<string>();
  let visited = 0;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settled();
    const links = [...fromMenu, ...extra, ...(await headerAndFooter(page))];
    const pages = new Set<string>();
    for (const link of links) {
      const destination = destinationOf(link, origin);
      if (destination.kind === 'outside') expect(isPlaceholderUrl(destination.url), `${link} at ${width} px`).toBe(false);
      else pages.add(destination.path);
    }
    for (const path of pages) {
      const where = `${path} at ${width} px`;
      if (!asked.has(path)) {
        asked.add(path);
        const document = await page.request.get(`${origin}/ecare${path}`, { headers: { accept: 'text/html' }, maxRedirects: 0 });
        expect(document.status(), `${path}: the server's answer`).toBe(200);
      }
      await openInApp(page, path);
      await settled();
      await page.locator('h1').first().waitFor();
      expect(appPath(page), where).not.toBe('/404');
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND }).count(), where).resolves.toBe(0);
      await expect(widerThanScreen(page), where).resolves.toEqual([]);
      const outside = (await pageLinks(page)).map((link) => destinationOf(link, origin)).flatMap((to) => (to.kind === 'outside' ? [to.url] : []));
      const placeholders = outside.filter(isPlaceholderUrl);
      expect(placeholders, where).toEqual([]);
      const violations = await axeViolations(page);
      expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
      visited += 1;
    }
  }
  await expectNoAxeViolations(page);
  return visited;
}

async function signIn(walker: Walker, who: { email: string; password: string }, landing: RegExp): Promise<void> {
  await loginWithKeyboard(walker.page, app.server.url, who.email, who.password);
  // The administrator passes the second step administrators must (decision 057).
  await completeSecondStep(walker.page, app.server.url, who.email, landing);
  await walker.page.waitForURL(landing);
  await walker.settled();
}

describe('the portal walked through by every demo account', () => {
  it('a customer-service agent connected to the bakery’s account', async () => {
    const walker = await openWalker();
    const { page } = walker;
    await page.goto(`${app.server.url}/ecare/identification/authen-gc`);
    await page.getByLabel(/^Identifiant/).fill(AGENT.identifiant);
    await page.getByLabel(/^Code confidentiel/).fill(AGENT.password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('link', { name: 'Rechercher un client' }).click();
    await page.getByLabel(/^Adresse e-mail du gestionnaire/).fill(DEMO.gestionnaire.email);
    await page.getByLabel(/^Motif de la connexion/).fill('Appel du client : parcours du portail');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/\/pages\/accueil$/);
    await walker.settled();
    expect(await walk(walker)).toBeGreaterThan(30);
    await walker.close();
  }, 300_000);

  it('the bakery’s manager, who reads the agent’s visit at the time Paris clocks showed', async () => {
    const walker = await openWalker();
    await signIn(walker, DEMO.gestionnaire, /\/pages\/accueil$/);
    expect(await walk(walker)).toBeGreaterThan(30);

    // Server and browser on New York's time: the connection of the agent (the test above) in Paris time.
    const { page } = walker;
    const actions = agentActionListSchema.parse(
      await page.evaluate(async () => {
        const account = localStorage.getItem('current_compte_facturation') ?? '';
        const response = await fetch(`/api/audit/${account}`, { headers: { Authorization: `Bearer ${sessionStorage.getItem('access_token') ?? ''}` } });
        return response.json() as Promise<unknown>;
      }),
    );
    const [newest] = actions;
    if (!newest) throw new Error('no action of the agent on the account');
    await openInApp(page, '/mon-compte/actions-service-client');
    await walker.settled();
    const shown = dataRows(page).filter({ hasText: newest.action }).first();
    await expect(shown.textContent()).resolves.toContain(parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' }).format(new Date(newest.date)));
    await walker.close();
  }, 300_000);

  it('the mandataire of two companies, on the first account they choose', async () => {
    const walker = await openWalker();
    await signIn(walker, DEMO.mandataire, /\/pages\/choix-compte-facturation/);
    // Listed by name: Transports Girard SAS first.
    await walker.page.getByRole('button', { name: /Choisir ce compte/ }).first().click();
    await walker.page.waitForURL(/\/pages\/accueil$/);
    await walker.settled();
    expect(await walk(walker)).toBeGreaterThan(30);
    await walker.close();
  }, 300_000);

  it('the mandataire of a single account with a single line', async () => {
    const walker = await openWalker();
    await signIn(walker, DEMO.solo, /\/pages\/accueil$/);
    expect(await walk(walker)).toBeGreaterThan(30);
    await walker.close();
  }, 300_000);

  it('a simple line user, whose pages ask for no account list', async () => {
    const walker = await openWalker();
    const { page } = walker;
    await signIn(walker, DEMO.utilisateur, /\/pages\/accueil-utilisateur$/);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Bonjour/ }).waitFor();
    await walker.settled();
    expect(asked).toContain('/api/current_user');
    expect(asked).not.toContain('/api/comptes_facturation');
    expect(await walk(walker)).toBeGreaterThan(10);
    await walker.close();
  }, 300_000);

  it('the administrator, in the back office', async () => {
    const walker = await openWalker();
    await signIn(walker, ADMIN, /\/administration\/parametres$/);
    const sections = await walker.page
      .getByRole('navigation', { name: 'Sections de l’administration' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(sections.length).toBeGreaterThan(5);
    expect(await walk(walker, sections)).toBeGreaterThan(10);
    await walker.close();
  }, 300_000);

  it('a visitor, on the login page', async () => {
    const walker = await openWalker();
    await walker.page.goto(`${app.server.url}/ecare/identification/authentification`);
    await walker.settled();
    const loginLinks = await walker.page.locator('main a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(await walk(walker, loginLinks)).toBeGreaterThan(5);
    await walker.close();
  }, 300_000);
});
