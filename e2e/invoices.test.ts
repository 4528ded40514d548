import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';

const app = useRealApp();

/** This year and month in France: the demo's latest invoice is dated the 1st of this month. */
const parisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(new Date());

/** Whether the page fits its window's width (no sideways scrolling; a wide table scrolls in its own region). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Signs the bakery's manager in and opens the invoices from the account area. */
async function openInvoices(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${app.server.url}/ecare/mon-compte`);
  await page.getByRole('link', { name: 'Mes factures' }).first().click();
  await page.waitForURL(/\/mon-compte\/factures$/);
  await page.getByRole('heading', { level: 1, name: 'Mes factures' }).waitFor();
  await page.getByText('24 factures', { exact: true }).waitFor();
}

/** Saves the file a button gives and returns its name and bytes. */
async function download(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('invoices', () => {
  it('lists, filters, downloads, explains and contests an invoice', async () => {
    const { context, page } = await newPage(app.browser);
    await openInvoices(page);
    await expect.poll(() => page.title()).toMatch(/^Mes factures – /);
    const invoicesTable = page.getByRole('table', { name: /^Mes factures/ });
    const rows = invoicesTable.getByRole('rowheader');
    await expect(rows.count()).resolves.toBe(12);
    // The bakery pays by direct debit: the latest is still to come, one bounced and is late, the others are paid.
    const latestRow = page.getByRole('row').filter({ has: page.getByRole('rowheader') }).first();
    await latestRow.getByText('Prélèvement à venir').waitFor();
    await invoicesTable.getByText('En retard').waitFor();
    await expect(invoicesTable.getByText('Payée').count()).resolves.toBeGreaterThan(5);
    await expect(page.getByText(/^\d[\d\s]*,\d\d\s€$/).first().textContent()).resolves.toMatch(/^\d{1,3}(\s\d{3})*,\d\d\s€$/);
    await page.getByText(/restent? à payer, dont 1 facture en retard\.$/).waitFor();
    await expect(page.getByRole('link', { name: 'Payer mes factures' }).getAttribute('href')).resolves.toBe('/ecare/mon-compte/paiement');
    await expectNoAxeViolations(page);

    // A PDF from its row.
    const reference = ((await rows.first().textContent()) ?? '').replace(/^Facture\s*/, '').trim();
    expect(reference).toMatch(/^F\d{4}\d+$/);
    const pdf = await download(page, page.getByRole('button', { name: `PDF de la facture ${reference}` }));
    expect(pdf.name).toBe(`facture-${reference}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length).toBeGreaterThan(2_000);

    // The credit note the customer service issued on an earlier complaint, with the invoice it credits and its files.
    await page.getByRole('heading', { level: 2, name: 'Avoirs', exact: true }).waitFor();
    const notes = page.getByRole('table', { name: 'Mes avoirs' });
    const note = ((await notes.getByRole('rowheader').first().textContent()) ?? '').trim();
    expect(note).toMatch(/^AV-\d{4}-\d{6}$/);
    await notes.getByText(/remboursés/).waitFor();
    const notePdf = await download(page, page.getByRole('button', { name: `PDF de l’avoir ${note}` }));
    expect(notePdf.name).toBe(`avoir-${note}.pdf`);
    expect(notePdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The last twelve months' invoices and credit notes as one archive.
    const archive = await download(page, page.getByRole('button', { name: 'Télécharger l’archive (ZIP)' }));
    expect(archive.name).toMatch(/^factures-\d+-\d{4}-\d\d-01-\d{4}-\d\d-\d\d\.zip$/);
    expect(archive.bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

    // This year only, kept in the address; its invoices as one ZIP.
    const [year, month] = parisMonth().split('-');
    await page.getByLabel('Année').selectOption(year ?? '');
    await page.waitForURL(new RegExp(`annee=${year}$`));
    await page.getByText(`${Number(month) === 1 ? '1 facture' : `${Number(month)} factures`} en ${year}`, { exact: true }).waitFor();
    const zip = await download(page, page.getByRole('button', { name: `Télécharger les factures ${year} (ZIP)` }));
    expect(zip.name).toBe(`factures-${reference.slice(5)}-${year}.zip`);
    expect(zip.bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    await expectNoAxeViolations(page);

    // The latest invoice, line by line, and why it changed.
    await page.getByRole('link', { name: `Facture ${reference}` }).click();
    await page.waitForURL(new RegExp(`/mon-compte/factures/${reference}$`));
    await page.getByRole('heading', { level: 1, name: `Facture ${reference}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Détail par ligne' }).waitFor();
    await page.getByRole('heading', { name: /^Ligne 0[67]( \d\d){4}/ }).first().waitFor();
    await page.getByRole('heading', { name: 'Frais du compte' }).waitFor();
    // A Factur-X e-invoice, whose data also come alone.
    await page.getByText(/^Facture électronique Factur-X/).waitFor();
    await page.getByRole('button', { name: 'Données de la facture (XML)' }).click();
    const ubl = await download(page, page.getByRole('menuitem', { name: 'Format UBL 2.1' }));
    expect(ubl.name).toBe(`facture-${reference}-ubl.xml`);
    expect(ubl.bytes.toString('utf8')).toContain(`<cbc:ID>${reference}</cbc:ID>`);
    await page.getByRole('button', { name: /^Pourquoi ma facture a changé/ }).click();
    await page.getByText(/Frais de rejet de prélèvement/).first().waitFor();
    await page.getByText(/TTC pour la facture F\d+ du \d\d\/\d\d\/\d{4}, soit/).waitFor();
    await expectNoAxeViolations(page);

    // A complaint about it: refused without a motif, then filed, with its reference.
    await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
    await page.getByText('Veuillez choisir le motif de votre réclamation.').waitFor();
    await page.getByText('Communications hors forfait contestées', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Communications hors forfait contestées' }).isChecked()).resolves.toBe(true);
    await page.getByLabel(/^Votre message/).fill('Bonjour,\nles communications hors forfait de cette ligne nous paraissent anormales.');
    const firstLine = page.getByRole('group', { name: /Lignes concernées/ }).getByRole('checkbox').first();
    await page.getByRole('group', { name: /Lignes concernées/ }).locator('label').first().click();
    await expect(firstLine.isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
    await page.getByRole('heading', { name: 'Votre réclamation a bien été enregistrée' }).waitFor();
    await expect(page.getByText(/^REC-\d{4}-\d{6}$/).textContent()).resolves.toMatch(/^REC-\d{4}-\d{6}$/);
    await page.getByText('Réclamation en cours').first().waitFor();
    await expectNoAxeViolations(page);

    // Back in the list, the invoice says so.
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Mes factures' }).click();
    await page.waitForURL(/\/mon-compte\/factures$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Facture ${reference}` }) });
    await row.getByText('Réclamation en cours').waitFor();
    expect(appPath(page)).toBe('/mon-compte/factures');
    await context.close();
  });

  it('shows the invoices and an invoice on a 375 px screen without sideways scrolling nor accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openInvoices(page);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await dataRows(page).nth(2).getByRole('link').first().click();
    await page.getByRole('heading', { level: 2, name: 'Détail par ligne' }).waitFor();
    await page.getByRole('button', { name: /^Pourquoi ma facture a changé/ }).click();
    await page.getByText(/, soit /).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
