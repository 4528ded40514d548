import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devMails } from './support/dev-tools.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

// The mailbox (GET /api/dev/mails) is a development tool: on for this app.server.

const app = useRealApp();

/** A French IBAN of a fictional bank (99906), every key right, and its BIC. */
const NEW_IBAN = 'FR76 9990 6000 1100 0111 2220 621';
const NEW_BIC = 'DEMFFRPP';
/** The same IBAN with its last digit changed: its keys no longer match. */
const WRONG_IBAN = 'FR76 9990 6000 1100 0111 2220 622';
const RUM = /^\d(\.\d+){1,2}-\d{8}-\d{3,}$/;

async function signInAsManager(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
}

async function fitsTheScreen(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

/** The reference the mandate section shows, read from its row. */
async function shownRum(page: Page): Promise<string> {
  const mandate = page.getByRole('region', { name: 'Mandat de prélèvement SEPA' });
  const value = mandate.locator('dt', { hasText: 'Référence unique du mandat (RUM)' }).locator('xpath=following-sibling::dd[1]');
  return (await value.textContent())?.trim() ?? '';
}

describe('bank details and SEPA mandate', () => {
  it('changes the bank details after a refused IBAN, tells the manager by e-mail and gives the new mandate as a PDF', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsManager(page);

    await page.goto(`${app.server.url}/ecare/mon-compte`);
    await page.getByRole('main').getByRole('link', { name: 'Coordonnées bancaires' }).click();
    await page.waitForURL(/\/mon-compte\/coordonnees-bancaires$/);
    await page.getByRole('heading', { level: 1, name: 'Coordonnées bancaires' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Coordonnées bancaires – /);
    const current = page.getByRole('region', { name: 'Mode de paiement et compte bancaire' });
    await current.getByText('Prélèvement SEPA').waitFor();
    await current.getByText('IBAN masqué se terminant par 0 1 6 7').waitFor();
    const former = await shownRum(page);
    expect(former).toMatch(RUM);
    await expectNoAxeViolations(page);

    // A wrong key: the message under the field, focus on it, nothing typed lost.
    const iban = page.getByLabel(/^IBAN/);
    await iban.fill(WRONG_IBAN.replaceAll(' ', '').toLowerCase());
    expect(await iban.inputValue()).toBe(WRONG_IBAN);
    await page.getByLabel(/^BIC/).fill(NEW_BIC);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('La clé de contrôle de l’IBAN (3e et 4e caractères) ne correspond pas au reste', { exact: false }).waitFor();
    expect(await iban.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await iban.getAttribute('aria-invalid')).toBe('true');
    expect(await iban.inputValue()).toBe(WRONG_IBAN);
    expect(await page.getByLabel(/^Titulaire du compte/).inputValue()).toBe('Boulangerie Lemoine SARL');
    expect(await page.getByLabel(/^BIC/).inputValue()).toBe(NEW_BIC);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The right IBAN, typed over the wrong one with the keyboard.
    await iban.fill('');
    await iban.pressSequentially(NEW_IBAN.replaceAll(' ', ''));
    expect(await iban.inputValue()).toBe(NEW_IBAN);
    await page.getByRole('button', { name: 'Valider' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Signer un nouveau mandat de prélèvement\u00a0?' });
    await confirmation.getByText(`Le mandat en vigueur (RUM ${former}) sera révoqué`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await confirmation.getByRole('button', { name: 'Signer le mandat' }).click();
    const saved = page.getByText('Le nouveau mandat de prélèvement SEPA porte la référence', { exact: false });
    await saved.waitFor();
    await confirmation.waitFor({ state: 'detached' });
    const rum = /référence (\S+)\./.exec((await saved.textContent()) ?? '')?.[1] ?? '';
    expect(rum).toMatch(RUM);
    expect(rum).not.toBe(former);
    expect(await shownRum(page)).toBe(rum);
    await current.getByText('IBAN masqué se terminant par 0 6 2 1').waitFor();
    await expectNoAxeViolations(page);

    // The manager's mail: the new reference and the masked IBAN, never the whole one.
    const mail = (await devMails(app.server)).find((message) => message.destinataire === DEMO.gestionnaire.email && message.texte.includes(rum));
    expect(mail?.sujet).toMatch(/Les coordonnées bancaires de votre compte ont été modifiées$/);
    expect(mail?.texte).toContain('**** **** **** **** **** ***0 621 (se terminant par 0621)');
    expect(mail?.texte).toContain(`Il remplace le mandat ${former}, révoqué.`);
    expect(mail?.texte).not.toContain(NEW_IBAN.replaceAll(' ', ''));
    expect(mail?.texte).not.toContain(NEW_IBAN.slice(0, 14));

    // The new mandate as a PDF, under its reference.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le mandat (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`mandat-sepa-${rum}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(`Fichier mandat-sepa-${rum}.pdf téléchargé.`).waitFor({ state: 'attached' });

    // Read again from the server after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Coordonnées bancaires' }).waitFor();
    expect(await shownRum(page)).toBe(rum);

    // The menu's "Mandat SEPA": the mandate alone, and the way back to change it.
    await page.goto(`${app.server.url}/ecare/mon-compte/mandat-sepa`);
    await page.getByRole('heading', { level: 1, name: 'Mandat de prélèvement SEPA' }).waitFor();
    await page.getByRole('region', { name: 'Mandat en vigueur' }).getByText(rum).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Changer de coordonnées bancaires ou de mode de paiement' }).click();
    await page.waitForURL(/\/mon-compte\/coordonnees-bancaires$/);
    await context.close();
  });

  it('fits a 375 px wide screen without sideways scrolling and without accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await signInAsManager(page);
    await page.goto(`${app.server.url}/ecare/mon-compte/coordonnees-bancaires`);
    await page.getByRole('button', { name: 'Télécharger le mandat (PDF)' }).waitFor();
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(/^IBAN/).fill('FR76');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Un IBAN commençant par FR compte 27 caractères', { exact: false }).waitFor();
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('tells a simple line user that the page is the managers’', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    await page.goto(`${app.server.url}/ecare/mon-compte`);
    await page.getByRole('link', { name: 'Préférences de contact' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Coordonnées bancaires' }).count()).toBe(0);
    await page.goto(`${app.server.url}/ecare/mon-compte/coordonnees-bancaires`);
    await page.getByText('Cette page est réservée aux gestionnaires du compte de facturation.').waitFor();
    expect(await page.getByLabel(/^IBAN/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
