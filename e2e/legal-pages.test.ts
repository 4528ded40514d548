import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** The legal and information pages: address, heading, document title, and a text each must show. */
const LEGAL_PAGES = [
  { path: '/pages/mentions-legales', heading: 'Mentions légales', title: 'Mentions légales', text: 'Directrice de la publication' },
  { path: '/pages/conditions-et-tarifs', heading: 'Conditions et tarifs', title: 'Conditions et tarifs', text: 'Le prix de nos forfaits' },
  { path: '/pages/environnement', heading: 'Environnement', title: 'Environnement', text: 'L’équivalent carbone de vos données' },
  { path: '/pages/donnees-personnelles', heading: 'Données personnelles', title: 'Données personnelles', text: 'Délégué à la protection des données' },
  { path: '/pages/accessibilite', heading: 'Déclaration d’accessibilité', title: 'Déclaration d’accessibilité', text: 'Voies de recours' },
] as const;

type LegalPageCase = (typeof LEGAL_PAGES)[number];

/** Opens a legal page and waits for its text: one h1, the date of the last change, the expected section. */
async function openLegalPage(page: Page, { path, heading, title, text }: LegalPageCase): Promise<void> {
  await page.goto(`${app.server.url}/ecare${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('heading', { level: 2, name: text }).waitFor();
  await page.getByText(/^Dernière mise à jour le \d\d\/\d\d\/\d{4}$/).waitFor();
  await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
  await expect(page.title()).resolves.toMatch(new RegExp(`^${title} – `));
}

/** The login page, once the app has taken over its prerendered HTML (its links then go through the router). */
async function openLoginPage(page: Page): Promise<void> {
  await page.goto(`${app.server.url}/ecare/identification/authentification`);
  await page.getByRole('button', { name: 'Valider' }).and(page.locator(':enabled')).waitFor();
}

/** Whether the page fits its window's width (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('legal and information pages', () => {
  it('shows every legal page to a visitor without a session, on a desktop screen and at 375 px, without accessibility violations', async () => {
    const desktop = await newPage(app.browser);
    const narrow = await newPage(app.browser, { width: 375 });
    for (const legal of LEGAL_PAGES) {
      await openLegalPage(desktop.page, legal);
      await expectNoAxeViolations(desktop.page);
      await openLegalPage(narrow.page, legal);
      expect(await fitsWidth(narrow.page), legal.path).toBe(true);
      if (legal.path === '/pages/donnees-personnelles') {
        // Its table fits the screen; were it wider, it would scroll in its own box, which the
        // keyboard reaches (a box that does not scroll is no stop for the keyboard).
        const box = narrow.page.getByRole('region', { name: /^Pourquoi nous traitons vos données/ });
        const scrolls = await box.evaluate((element) => element.scrollWidth > element.clientWidth);
        await expect(box.getAttribute('tabindex')).resolves.toBe(scrolls ? '0' : null);
      }
      await expectNoAxeViolations(narrow.page);
    }
    await desktop.context.close();
    await narrow.context.close();
  });

  it('shows them to a signed-in manager in the page frame', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    for (const legal of LEGAL_PAGES) {
      await openLegalPage(page, legal);
      await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
      await expectNoAxeViolations(page);
    }
    await context.close();
  });

  it('leads from the footer’s Accessibilité link to the accessibility statement, and from the legal notice to it through the router', async () => {
    const { context, page } = await newPage(app.browser);
    await openLoginPage(page);
    const footer = page.getByRole('navigation', { name: 'Informations légales' });
    await footer.getByRole('link', { name: 'Accessibilité (non conforme)' }).click();
    await page.waitForURL(/\/ecare\/pages\/accessibilite$/);
    await page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }).waitFor();
    await page.getByText('non conforme', { exact: true }).waitFor();

    await footer.getByRole('link', { name: 'Mentions légales' }).click();
    await page.getByRole('heading', { level: 2, name: 'Éditeur du site' }).waitFor();
    // A link of the text into the portal changes the page without reloading the app.
    await page.evaluate(() => Object.assign(window, { sameApp: true }));
    await page.getByRole('main').getByRole('link', { name: 'déclaration d’accessibilité' }).click();
    await page.waitForURL(/\/ecare\/pages\/accessibilite$/);
    await page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }).waitFor();
    await expect(page.evaluate(() => (window as { sameApp?: boolean }).sameApp)).resolves.toBe(true);
    await context.close();
  });

  it('downloads the general terms of sale as a PDF from the terms and prices page', async () => {
    const { context, page } = await newPage(app.browser);
    await openLegalPage(page, LEGAL_PAGES[1]);
    const documents = page.getByRole('region', { name: 'Télécharger les documents contractuels' });
    await expect(documents.getByRole('listitem').count()).resolves.toBe(3);
    await documents.getByText(/^Version [\d.]+, en vigueur depuis le \d\d\/\d\d\/\d{4}$/).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: /^Télécharger le document « ?Conditions générales de vente ?» \(PDF\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cgv-telora-pro-[\d.]+\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2_000);
    await documents.getByText(/^Fichier cgv-telora-pro-[\d.]+\.pdf téléchargé\.$/).waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('after-sales page', () => {
  it('gives the support hours and number, and leads to the contact form on its after-sales theme, signed out and at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await page.goto(`${app.server.url}/ecare/assistance/sav`);
    await page.getByRole('heading', { level: 1, name: 'Service après-vente' }).waitFor();
    await page.getByText('du lundi au samedi de 8 h à 20 h').waitFor();
    await expect(page.getByRole('link', { name: '3901' }).first().getAttribute('href')).resolves.toBe('tel:3901');
    await expect(page.getByRole('main').getByRole('link', { name: 'Vos lignes mobiles' }).getAttribute('href')).resolves.toBe('/ecare/pages/mes-lignes-mobiles');
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Écrire au service après-vente' }).click();
    await page.waitForURL(/\/ecare\/assistance\/formulaire-contact\?idTheme=7$/);
    await page.getByRole('heading', { level: 1, name: 'Formulaire de contact' }).waitFor();
    await context.close();
  });

  it('is reached from the login page’s link and reads the same for a signed-in manager', async () => {
    const { context, page } = await newPage(app.browser);
    await openLoginPage(page);
    await page.getByRole('link', { name: 'Service après vente' }).click();
    await page.waitForURL(/\/ecare\/assistance\/sav$/);
    await page.getByRole('heading', { level: 1, name: 'Service après-vente' }).waitFor();

    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/assistance/sav`);
    await page.getByRole('heading', { level: 1, name: 'Service après-vente' }).waitFor();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Vos lignes mobiles' }).click();
    await page.waitForURL(/\/pages\/mes-lignes-mobiles$/);
    expect(appPath(page)).toBe('/pages/mes-lignes-mobiles');
    await context.close();
  });
});
