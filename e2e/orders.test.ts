import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';

const app = useRealApp();

/** A real PDF's first bytes, then enough content for an upload that takes a moment on a slowed network. */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% extrait Kbis\n');
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

/** Chromium's own network throttling (DevTools protocol): uploads at `bytesPerSecond`, or back to full speed (-1). */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: false, latency: bytesPerSecond < 0 ? 0 : 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

async function openOrders(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${app.server.url}/ecare/mon-compte/commandes`);
  await page.getByRole('heading', { level: 1, name: 'Mes commandes' }).waitFor();
  await page.getByText('6 commandes', { exact: true }).waitFor();
}

describe('orders', () => {
  it('lists the orders, opens the one waiting for a Kbis, uploads it with progress, downloads it and deletes another document', async () => {
    const { context, page } = await newPage(app.browser);
    await openOrders(page);
    const rows = page.getByRole('table').getByRole('rowheader');
    await expect(rows.count()).resolves.toBe(6);
    await page.getByRole('table').getByText('En attente du virement', { exact: false }).or(page.getByRole('table').getByText('Paiement par virement en attente')).first().waitFor();
    await expectNoAxeViolations(page);

    // Filtered by type: the new phone only.
    await page.getByLabel('Type').selectOption({ label: 'Nouveau téléphone' });
    await page.getByText('1 commande', { exact: true }).waitFor();
    await page.getByLabel('Type').selectOption({ label: 'Tous' });
    await page.getByText('6 commandes', { exact: true }).waitFor();

    // The newest order is the subscription waiting for its Kbis.
    const newest = rows.first().getByRole('link');
    const numero = ((await newest.textContent()) ?? '').replace(/^Commande\s*/, '').trim();
    expect(numero).toMatch(/^CMD-\d{4}-\d{6}$/);
    await newest.click();
    await page.waitForURL(new RegExp(`/mon-compte/commandes/${numero}$`));
    await page.getByRole('heading', { level: 1, name: `Commande ${numero}` }).waitFor();
    await page.getByText('Incomplète (pièces justificatives attendues)').waitFor();
    const timeline = page.getByRole('region', { name: 'Suivi de la commande' }).getByRole('list');
    await expect(timeline.evaluate((list) => list.tagName)).resolves.toBe('OL');
    await timeline.getByText('En attente de l’extrait Kbis').waitFor();
    await expectNoAxeViolations(page);

    // A RIB first (not what is awaited), deleted after a confirmation.
    await choose(page.getByRole('radio', { name: 'Relevé d’identité bancaire' }));
    await page.getByLabel(/^Fichier/).setInputFiles({ name: 'rib.pdf', mimeType: 'application/pdf', buffer: pdfOf(2_000) });
    await page.getByRole('button', { name: 'Envoyer le document' }).click();
    await page.getByText(/^Relevé d.identité bancaire\s: rib\.pdf/).waitFor();
    await page.getByRole('button', { name: 'Supprimer le document rib.pdf' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer le document' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Oui, supprimer le document' }).click();
    await page.getByText('Aucun document envoyé pour cette commande.').waitFor();

    // The Kbis, with its progress: the subscription goes to validation.
    await choose(page.getByRole('radio', { name: 'Extrait Kbis' }));
    const kbis = pdfOf(1_200_000);
    await page.getByLabel(/^Fichier/).setInputFiles({ name: 'kbis.pdf', mimeType: 'application/pdf', buffer: kbis });
    await throttleUploads(page, 400_000);
    await page.getByRole('button', { name: 'Envoyer le document' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText(/^Envoi en cours\s: [\d\s,]+\s(ko|Mo) sur 1,1\sMo \(\d+\s%\)$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByText(/^Extrait Kbis\s: kbis\.pdf \(1,1\sMo\)$/).waitFor({ timeout: 30_000 });
    await throttleUploads(page, -1);
    await page.getByText('En cours de validation').first().waitFor();
    await timeline.getByText('Pièces justificatives reçues : dossier en cours de validation').waitFor();

    // Downloaded as sent.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le document kbis.pdf' }).click()]);
    expect(file.suggestedFilename()).toBe('kbis.pdf');
    expect((await readFile(await file.path())).equals(kbis)).toBe(true);
    // Under validation, it stays.
    await expect(page.getByRole('button', { name: 'Supprimer le document kbis.pdf' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the orders and an order on a 375 px screen without sideways scrolling nor accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openOrders(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await expect(fits()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await dataRows(page).last().getByRole('link').first().click();
    await page.getByRole('heading', { level: 2, name: 'Suivi de la commande' }).waitFor();
    await expect(fits()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
