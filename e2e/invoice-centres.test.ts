import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { contracts, costCentres, invoiceItems, invoices, userBillingAccounts, users } from '../apps/api/src/db/schema.ts';
import { closeContexts, workerBrowser } from './support/browser.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { e2eDatabaseUrl, prepareServerDatabase, startServer, type RunningServer } from './support/server.ts';

/**
 * The invoice page by cost centre (decision 049). Whatever the demo's own centres, the bakery gets
 * two known ones, straight in the database while the server is stopped, and its two latest
 * invoices get them on their lines' charges (the last line in none) as if they had been issued so.
 */

let server: RunningServer;
let browser: Browser;
let reference = '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'ecare-e2e-centres-'));

async function giveCentres(): Promise<void> {
  const handle = openDatabase({ databaseUrl: e2eDatabaseUrl(), dataDir });
  try {
    const { db } = handle;
    const [manager] = await db
      .select({ idClientBscs: userBillingAccounts.idClientBscs })
      .from(userBillingAccounts)
      .innerJoin(users, eq(users.id, userBillingAccounts.userId))
      .where(and(eq(users.email, DEMO.gestionnaire.email), eq(userBillingAccounts.isGestionnaire, true)));
    if (!manager) throw new Error('no bakery account');
    const account = manager.idClientBscs;
    const [north, south] = await db
      .insert(costCentres)
      .values([
        { idClientBscs: account, code: 'CC-NORD', libelle: 'Agence Nord' },
        { idClientBscs: account, code: 'CC-SUD', libelle: 'Agence Sud' },
      ])
      .returning();
    if (!north || !south) throw new Error('centres not made');
    const lines = await db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.idClientBscs, account)).orderBy(contracts.idContrat);
    const half = Math.ceil(lines.length / 2);
    const northLines = lines.slice(0, half).map((line) => line.idContrat);
    const southLines = lines.slice(half, lines.length - 1).map((line) => line.idContrat);
    await db.update(contracts).set({ idCentre: north.idCentre }).where(inArray(contracts.idContrat, northLines));
    await db.update(contracts).set({ idCentre: south.idCentre }).where(inArray(contracts.idContrat, southLines));
    const latest = await db.select({ id: invoices.id, referenceNumber: invoices.referenceNumber }).from(invoices).where(eq(invoices.idClientBscs, account)).orderBy(desc(invoices.dateFacture)).limit(2);
    const ids = latest.map((invoice) => invoice.id);
    reference = latest[0]?.referenceNumber ?? '';
    // The demo's own centres taken off these two invoices first: the last line stays in none.
    await db.update(invoiceItems).set({ idCentre: null, centreCode: null, centreLibelle: null }).where(inArray(invoiceItems.invoiceId, ids));
    await db
      .update(invoiceItems)
      .set({ idCentre: north.idCentre, centreCode: north.code, centreLibelle: north.libelle })
      .where(and(inArray(invoiceItems.invoiceId, ids), inArray(invoiceItems.idContrat, northLines)));
    await db
      .update(invoiceItems)
      .set({ idCentre: south.idCentre, centreCode: south.code, centreLibelle: south.libelle })
      .where(and(inArray(invoiceItems.invoiceId, ids), inArray(invoiceItems.idContrat, southLines)));
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  // The database made from the run's template, the centres added, then the server started on it.
  await prepareServerDatabase(dataDir);
  await giveCentres();
  server = await startServer({ dataDir, resetDatabase: false });
  browser = await workerBrowser();
  await closeContexts(browser);
});

afterAll(async () => {
  if (browser) await closeContexts(browser);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openInvoice(page: Page): Promise<void> {
  await loginWithKeyboard(page, server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${server.url}/ecare/mon-compte/factures/${reference}`);
  await page.getByRole('heading', { level: 2, name: 'Par centre de coût' }).waitFor();
}

describe('an invoice by cost centre', () => {
  it('shows its centres with the invoice’s total, sorts them, and says which centres moved since the previous invoice', async () => {
    const { context, page } = await newPage(browser);
    await openInvoice(page);
    const table = page.getByRole('table', { name: 'Montants de la facture par centre de coût' });
    await expect(table.getByRole('rowheader').allTextContents()).resolves.toEqual(['Agence Nord (CC-NORD)', 'Agence Sud (CC-SUD)', 'Sans centre de coût', 'Total de la facture']);
    await table.getByRole('row', { name: /Agence Nord/ }).getByText(/lignes?$/).click();
    await table.getByText(/^0[67]( \d\d){4}/).first().waitFor();
    await expectNoAxeViolations(page);
    await table.getByRole('button', { name: 'Montant TTC' }).click();
    await expect(table.getByRole('columnheader', { name: 'Montant TTC' }).getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(table.getByRole('rowheader').last().textContent()).resolves.toBe('Total de la facture');
    await page.getByRole('button', { name: /^Pourquoi ma facture a changé/ }).click();
    await page.getByText(/, soit /).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Par centre de coût' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('is a list of cards on a 375 px screen, without sideways scrolling nor accessibility violations', async () => {
    const { context, page } = await newPage(browser, { width: 375 });
    await openInvoice(page);
    await page.getByRole('list', { name: 'Montants de la facture par centre de coût' }).waitFor();
    await page.getByText('Total de la facture').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
