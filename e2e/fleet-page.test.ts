import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRowTitles } from './support/tables.ts';
import { openInApp } from './support/walk.ts';

const app = useRealApp();

/** Signs the bakery's manager in and opens the fleet page from the home page. */
async function openFleet(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.getByRole('link', { name: 'Voir toutes mes lignes' }).click();
  await page.waitForURL(/\/pages\/mes-lignes-mobiles/);
  await page.getByText('12 lignes', { exact: true }).waitFor();
}

const rowNumbers = (page: Page) => page.getByRole('table').getByRole('rowheader').allTextContents();

/** Chooses a file in an export menu and waits for the browser to save it; returns its bytes. */
async function exportFile(page: Page, menu: string, choice: string): Promise<{ download: Download; bytes: Buffer }> {
  await page.getByRole('button', { name: menu }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: choice }).click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

/** The value shown next to a term of the line page. */
function detail(page: Page, term: string) {
  return page.locator('dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

describe('fleet page', () => {
  it('searches a number typed the international way, filters, sorts, and exports a selection and the filtered list', async () => {
    const { context, page } = await newPage(app.browser);
    await openFleet(page);
    await expect.poll(() => page.title()).toMatch(/^Mes lignes mobiles – /);
    // A manager of twelve lines has no line chosen: the header names none (and never '???').
    await expect(page.getByText('Ligne :').count()).resolves.toBe(0);
    await expect(page.getByText('???').count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    // A real number of the demo, typed as +33 6 …
    const numbers = await rowNumbers(page);
    expect(numbers).toHaveLength(12);
    const wanted = numbers[3] ?? '';
    expect(wanted).toMatch(/^0[67]( \d\d){4}$/);
    const international = `+33 ${wanted.slice(1)}`;
    await page.getByRole('searchbox', { name: 'Rechercher une ligne' }).fill(international);
    await page.keyboard.press('Enter');
    await page.waitForURL(/recherche=%2B33/);
    await page.getByText(`1 ligne pour « ${international} »`).waitFor();
    await expect(rowNumbers(page)).resolves.toEqual([wanted]);
    // The search is in the address: the back button brings the whole list back.
    await page.goBack();
    await page.getByText('12 lignes', { exact: true }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Rechercher une ligne' }).inputValue()).resolves.toBe('');

    // Status filter: the bakery has one suspended line.
    await page.getByRole('combobox', { name: 'Statut' }).selectOption('SUSPENDU');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/statut=SUSPENDU/);
    await page.getByText('1 ligne (liste filtrée)').waitFor();
    await expect(page.getByRole('table').getByText('Suspendue').count()).resolves.toBe(1);

    // The filtered list as an Excel workbook: a ZIP file.
    const workbook = await exportFile(page, 'Exporter la liste filtrée', 'Classeur Excel (.xlsx)');
    expect(workbook.download.suggestedFilename()).toMatch(/^lignes-\d+-\d{4}-\d\d-\d\d\.xlsx$/);
    expect(workbook.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await page.getByText('12 lignes', { exact: true }).waitFor();

    // Sort by number, the other way round.
    await page.getByRole('button', { name: 'Numéro' }).click();
    await page.waitForURL(/ordre=desc/);
    await expect.poll(() => page.getByRole('columnheader', { name: /Numéro/ }).getAttribute('aria-sort')).toBe('descending');
    // The previous order stays on screen until the server's answer replaces it.
    const descending = [...numbers].sort().reverse();
    await expect.poll(() => rowNumbers(page)).toEqual(descending);

    // Two lines chosen, then exported alone as CSV.
    const [first, second] = descending;
    await page.getByRole('checkbox', { name: `Sélectionner la ligne ${first}` }).check();
    await page.getByRole('checkbox', { name: `Sélectionner la ligne ${second}` }).check();
    await page.getByText('2 lignes sélectionnées').waitFor();
    await expectNoAxeViolations(page);
    const csv = await exportFile(page, 'Exporter la sélection', 'Fichier CSV (.csv)');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csv.bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(rows[0]?.split(';')[0]).toBe('Numéro de ligne');
    expect(rows.slice(1).map((row) => row.split(';')[0])).toEqual([first, second]);

    await page.getByRole('button', { name: 'Tout désélectionner' }).click();
    await expect(page.getByText('lignes sélectionnées').count()).resolves.toBe(0);
    await context.close();
  });

  it('changes a line’s user from the line page, and the fleet finds the line by the new name', async () => {
    const { context, page } = await newPage(app.browser);
    await openFleet(page);
    const row = page.getByRole('row').filter({ hasText: /Active$/ }).nth(2);
    const number = (await row.getByRole('rowheader').textContent()) ?? '';
    await row.getByRole('link').click();
    await page.waitForURL(/\/ligne-mobile\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `Ligne ${number}` }).waitFor();

    await page.getByRole('button', { name: 'Modifier l’utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier l’utilisateur de la ligne' });
    await dialog.getByText(/ne peut pas être communiqué à des entreprises pour de la prospection commerciale/).waitFor();
    // A clear French message for what is missing.
    await dialog.getByLabel(/^Prénom/).fill('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Veuillez indiquer le prénom de l’utilisateur.').waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByLabel(/^Prénom/).fill('Élodie');
    await dialog.getByLabel(/^Nom/).fill('Garnier-Dufour');
    await dialog.getByLabel(/^Adresse e-mail/).fill('elodie.garnier@boulangerie-lemoine.example');
    await dialog.locator('label').filter({ hasText: /^Liste orange/ }).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(`L’utilisateur de la ligne ${number} est enregistré\u00a0: Élodie Garnier-Dufour.`).waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await expect(detail(page, 'Prénom et nom').textContent()).resolves.toBe('Élodie Garnier-Dufour');
    await expect(detail(page, 'Inscription à l’annuaire').textContent()).resolves.toMatch(/^Liste orange/);
    await expectNoAxeViolations(page);

    // Back in the fleet, the line is found by its user's new name.
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Mes lignes mobiles' }).click();
    await page.getByRole('searchbox', { name: 'Rechercher une ligne' }).fill('garnier');
    await page.keyboard.press('Enter');
    await page.getByText('1 ligne pour « garnier »').waitFor();
    await expect(rowNumbers(page)).resolves.toEqual([number]);
    await page.getByRole('cell', { name: 'Élodie Garnier-Dufour' }).waitFor();
    await context.close();
  });

  it('lets a line user choose their own directory listing, with their line named in the header', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    const headerLine = await page.getByText('Ligne :').first().locator('xpath=following-sibling::dd').textContent();
    expect(headerLine).toMatch(/^0[67]( \d\d){4}$/);
    await page.getByRole('link', { name: 'Voir le détail et les actions de ma ligne' }).click();
    await page.waitForURL(/\/ligne-mobile\/\d+$/);
    await expect(page.getByRole('button', { name: 'Modifier l’utilisateur' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Modifier l’inscription à l’annuaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier l’inscription à l’annuaire' });
    await dialog.locator('label').filter({ hasText: /^Parution dans l’annuaire/ }).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/^L’inscription à l’annuaire de la ligne .* est enregistrée/).waitFor();
    await expect(detail(page, 'Inscription à l’annuaire').textContent()).resolves.toBe('Numéro publié dans l’annuaire');
    await context.close();
  });

  it('fits a 375 px wide screen, the lines as cards, without accessibility violations', async () => {
    const narrow = await newPage(app.browser, { width: 375 });
    await openFleet(narrow.page);
    await narrow.page.getByRole('list', { name: /^Lignes mobiles, page 1/ }).waitFor();
    await expect(narrow.page.getByRole('table').count()).resolves.toBe(0);
    const first = (await dataRowTitles(narrow.page))[0] ?? '';
    await narrow.page.getByRole('checkbox', { name: `Sélectionner la ligne ${first}` }).check();
    await narrow.page.getByText('1 ligne sélectionnée').waitFor();
    const widths = await narrow.page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expect(narrow.page.getByText('Ligne :').count()).resolves.toBe(0);
    await expectNoAxeViolations(narrow.page);

    // The line user's dialog, on the same screen.
    await narrow.page.getByRole('link', { name: first }).click();
    await narrow.page.waitForURL(/\/ligne-mobile\/\d+$/);
    await narrow.page.getByRole('button', { name: 'Modifier l’utilisateur' }).click();
    await narrow.page.getByRole('dialog', { name: 'Modifier l’utilisateur de la ligne' }).waitFor();
    await expectNoAxeViolations(narrow.page);

    // The cost centres' page (decision 048): the tree as cards, its deletion asking where the lines go.
    await narrow.page.keyboard.press('Escape');
    await openInApp(narrow.page, '/mon-compte/centres-de-cout');
    await narrow.page.getByRole('list', { name: /^Centres de coût du compte/ }).waitFor();
    await narrow.page.getByRole('button', { name: 'Supprimer le centre Agence Lyon' }).click();
    await narrow.page.getByRole('combobox', { name: 'Déplacer ses lignes vers' }).waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(narrow.page);
    await narrow.context.close();
  });
});
