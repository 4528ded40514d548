import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../apps/api/src/test/wait-for.ts';
import { devMails } from './support/dev-tools.ts';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRows } from './support/tables.ts';

const app = useRealApp();

/** A real PDF's first bytes, then enough content for an upload that takes a moment on a slowed network. */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% extrait Kbis\n');
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

/** Chromium's own network throttling (DevTools protocol): uploads at `bytesPerSecond`, or back to full speed. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: false, latency: bytesPerSecond < 0 ? 0 : 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Signs the manager in and opens the n-th active line of the fleet list; returns its contract id and number. */
async function openActiveLine(page: Page, nth: number): Promise<{ idContrat: number; number: string }> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
  const row = dataRows(page).filter({ hasText: /Active$/ }).nth(nth);
  const link = row.getByRole('link').first();
  const number = (await link.textContent()) ?? '';
  await link.click();
  await page.waitForURL(/\/ligne-mobile\/\d+$/);
  await page.getByRole('heading', { level: 1, name: `Ligne ${number}` }).waitFor();
  return { idContrat: Number(appPath(page).split('/').pop()), number };
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();

describe('termination of a line', () => {
  it('terminates a line for a company’s liquidation with its proof (sent with progress, deleted, sent again), mails the recap as a PDF, then cancels it', async () => {
    const { context, page } = await newPage(app.browser);
    const { idContrat, number } = await openActiveLine(page, 1);

    await page.getByRole('link', { name: 'Résilier la ligne' }).click();
    await page.waitForURL(new RegExp(`/ligne-mobile/${idContrat}/resiliation$`));
    await page.getByRole('heading', { level: 1, name: `Résilier la ligne ${number}` }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Résiliation de la ligne – /);
    await page.getByText('Étape 1 sur 6').waitFor();
    await expectNoAxeViolations(page);

    // Reason, then its precision.
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Veuillez choisir un motif de résiliation.').first().waitFor();
    await choose(page.getByRole('radio', { name: /^Cessation d’activité de l’entreprise/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Précision du motif');
    await expectNoAxeViolations(page);
    await choose(page.getByRole('radio', { name: /^Liquidation judiciaire/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Commitment and fees: waived for a liquidation, on proof.
    await stepHeading(page, 'Engagement et frais');
    await page.getByRole('table', { name: 'Détail des frais de résiliation anticipée' }).waitFor();
    await page.getByRole('row', { name: /^Total TTC/ }).getByText('0,00\u00a0€').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer' }).click();

    // The proof: required, sent with its progress, deleted, sent again.
    await stepHeading(page, 'Justificatifs');
    await page.getByText(/Ce motif demande\s: extrait Kbis/).waitFor();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Veuillez joindre le justificatif demandé avant de continuer.').waitFor();
    await expectNoAxeViolations(page);

    const kbis = pdfOf(1_200_000);
    await page.getByLabel(/^Fichier à joindre/).setInputFiles({ name: 'kbis-liquidation.pdf', mimeType: 'application/pdf', buffer: kbis });
    await throttleUploads(page, 400_000);
    await page.getByRole('button', { name: 'Envoyer le fichier' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText(/^Envoi en cours\s: [\d\s,]+\s(ko|Mo) sur 1,1\sMo \(\d+\s%\)$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByText(/^kbis-liquidation\.pdf \(1,1\sMo\)$/).waitFor({ timeout: 30_000 });
    await throttleUploads(page, -1);

    await page.getByRole('button', { name: 'Supprimer le fichier kbis-liquidation.pdf' }).click();
    await page.getByText('Aucun fichier joint pour l’instant.').waitFor();
    await page.getByLabel(/^Fichier à joindre/).setInputFiles({ name: 'kbis-liquidation.pdf', mimeType: 'application/pdf', buffer: kbis });
    await page.getByRole('button', { name: 'Envoyer le fichier' }).click();
    await page.getByText(/^kbis-liquidation\.pdf \(1,1\sMo\)$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Recap, then a double click on the confirmation: one request.
    await stepHeading(page, 'Récapitulatif');
    const recap = page.getByRole('region', { name: 'Votre demande de résiliation' }).or(page.locator('section').filter({ hasText: 'Votre demande de résiliation' }).first());
    await recap.getByText('Liquidation judiciaire').waitFor();
    await recap.getByText(/kbis-liquidation\.pdf/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirmer la résiliation' }).dblclick();

    await page.getByText('Votre demande de résiliation est enregistrée').waitFor();
    await page.getByText('Étape 6 sur 6').waitFor();
    await expectNoAxeViolations(page);

    // The confirmation mail, once, with the recap as a PDF.
    const scheduled = async () => (await devMails(app.server)).filter((mail) => mail.destinataire === DEMO.gestionnaire.email && mail.sujet.includes(`Résiliation de la ligne ${number} programmée`));
    await waitFor(async () => (await scheduled()).length === 1, { timeoutMs: 15_000, what: 'the confirmation mail' });
    const [confirmation] = await scheduled();
    expect(confirmation?.piecesJointes).toEqual([expect.objectContaining({ type: 'application/pdf', nom: expect.stringMatching(/^resiliation-\d+-ligne-\d{10}\.pdf$/) })]);
    expect(confirmation?.texte).toContain('Liquidation judiciaire');

    // The line page says so.
    await page.goto(`${app.server.url}/ecare/ligne-mobile/${idContrat}`);
    await page.getByText(/^Résiliation programmée le \d\d\/\d\d\/\d{4}$/).waitFor();
    await expectNoAxeViolations(page);

    // Cancelled from its page, after a confirmation.
    await page.getByRole('link', { name: 'Voir ou annuler la résiliation' }).click();
    await page.getByRole('button', { name: 'Annuler la résiliation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Annuler la résiliation' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Oui, annuler la résiliation' }).click();
    await page.getByText('La résiliation est annulée').waitFor();
    await waitFor(async () => (await devMails(app.server)).some((mail) => mail.sujet.includes(`Résiliation de la ligne ${number} annulée`)), { timeoutMs: 15_000, what: 'the cancellation mail' });
    await page.goto(`${app.server.url}/ecare/ligne-mobile/${idContrat}`);
    await page.getByRole('link', { name: 'Résilier la ligne' }).waitFor();
    await context.close();
  });

  it('walks every step on a 375 px screen without sideways scrolling nor accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    const { idContrat } = await openActiveLine(page, 2);
    await page.goto(`${app.server.url}/ecare/ligne-mobile/${idContrat}/resiliation`);
    await page.getByText('Étape 1 sur 6').waitFor();
    const check = async () => {
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page);
    };
    await check();
    await choose(page.getByRole('radio', { name: /^Ligne plus utilisée/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Précision du motif');
    await check();
    await choose(page.getByRole('radio', { name: /^Réduction de la flotte/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Engagement et frais');
    await page.getByRole('row', { name: /^Total TTC/ }).waitFor();
    await check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Justificatifs');
    await page.getByText(/ne demande pas de justificatif/).waitFor();
    await check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Récapitulatif');
    await page.getByRole('button', { name: 'Confirmer la résiliation' }).waitFor();
    await check();
    // "Modifier" goes back to the step, the answers kept.
    await page.getByRole('link', { name: 'Modifier précision' }).click();
    await stepHeading(page, 'Précision du motif');
    await expect(page.getByRole('radio', { name: /^Réduction de la flotte/ }).isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('keeps every answer and the proof sent when the recap step is reloaded, or opened again after signing in elsewhere', async () => {
    const { context, page } = await newPage(app.browser);
    const { idContrat } = await openActiveLine(page, 4);
    await page.goto(`${app.server.url}/ecare/ligne-mobile/${idContrat}/resiliation`);
    // The step is shown once its draft is read: a choice made before would be made on the way.
    await page.getByText('Étape 1 sur 6').waitFor();
    await choose(page.getByRole('radio', { name: /^Ligne plus utilisée/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Précision du motif');
    await choose(page.getByRole('radio', { name: /^Réduction de la flotte/ }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Engagement et frais');
    await page.getByRole('row', { name: /^Total TTC/ }).waitFor();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Justificatifs');
    await page.getByLabel(/^Fichier à joindre/).setInputFiles({ name: 'attestation.pdf', mimeType: 'application/pdf', buffer: pdfOf(2_000) });
    await page.getByRole('button', { name: 'Envoyer le fichier' }).click();
    await page.getByText(/^attestation\.pdf \(2\sko\)$/).waitFor();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await stepHeading(page, 'Récapitulatif');
    await page.waitForURL(/\?etape=recapitulatif$/);
    const recap = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Votre demande de résiliation' }) });
    await recap.getByText(/^\d[\d\s]*,\d\d\s€$/).waitFor();
    const before = await recap.innerText();
    expect(before).toContain('Réduction de la flotte');
    expect(before).toContain('attestation.pdf');

    await page.reload();
    await stepHeading(page, 'Récapitulatif');
    await page.getByText('Étape 5 sur 6').waitFor();
    await recap.getByText(/^\d[\d\s]*,\d\d\s€$/).waitFor();
    expect(await recap.innerText()).toBe(before);

    // Signed in again elsewhere (another tab, or after the session ended): the same recap, kept by the server.
    const elsewhere = await newPage(app.browser);
    await loginWithKeyboard(elsewhere.page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await elsewhere.page.waitForURL(/\/pages\/accueil$/);
    await elsewhere.page.goto(`${app.server.url}/ecare/ligne-mobile/${idContrat}/resiliation?etape=recapitulatif`);
    await stepHeading(elsewhere.page, 'Récapitulatif');
    const recapElsewhere = elsewhere.page.locator('section').filter({ has: elsewhere.page.getByRole('heading', { name: 'Votre demande de résiliation' }) });
    await recapElsewhere.getByText(/^\d[\d\s]*,\d\d\s€$/).waitFor();
    expect(await recapElsewhere.innerText()).toBe(before);
    await elsewhere.context.close();
    await page.getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await page.getByText('Votre demande de résiliation est enregistrée').waitFor();
    await page.getByText('attestation.pdf').first().waitFor();
    await context.close();
  });

  it('brings a manager who signs in with ?resilie= to that line’s termination', async () => {
    const first = await newPage(app.browser);
    const { idContrat, number } = await openActiveLine(first.page, 3);
    await first.context.close();

    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/identification/authentification?resilie=${idContrat}`);
    await page.getByLabel('Identifiant').fill(DEMO.gestionnaire.email);
    await page.getByLabel('Code confidentiel').fill(DEMO.gestionnaire.password);
    await page.getByRole('button', { name: 'Valider' }).and(page.locator(':enabled')).click();
    await page.waitForURL(new RegExp(`/ligne-mobile/${idContrat}/resiliation$`));
    await page.getByRole('heading', { level: 1, name: `Résilier la ligne ${number}` }).waitFor();
    // Saved at login, then spent once followed.
    await waitFor(async () => (await page.evaluate(() => localStorage.getItem('resilie'))) === null, { timeoutMs: 5_000, what: 'resilie spent' });
    await expectNoAxeViolations(page);
    await context.close();
  });
});
