import { nextWorkingDay } from '@ecare/shared/add-line';
import { parisDay } from '@ecare/shared/paris-time';
import { buildRio } from '@ecare/shared/rio';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

/** The number ported from another operator, and its RIO there (operator 02, business line). */
const PORTED = '0612345678';
const PORTED_RIO = buildRio({ operateur: '02', qualite: 'E', reference: 'AB12CD', numero: PORTED });
/** The same RIO with a key that is not the number's. */
const WRONG_RIO = `${PORTED_RIO.slice(0, 9)}${PORTED_RIO.endsWith('000') ? '111' : '000'}`;

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Chooses a radio card or option as a person does: a tap on its label. */
async function choose(radio: Locator): Promise<void> {
  await radio.locator('xpath=ancestor::label').click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

async function currentStep(page: Page): Promise<string> {
  return (await page.getByRole('navigation', { name: 'Étapes de l’ajout de lignes' }).locator('[aria-current="step"]').textContent()) ?? '';
}

/** The orders of the account, as its orders page counts them. */
async function orderCount(page: Page): Promise<number> {
  await page.goto(`${app.server.url}/ecare/mon-compte/commandes`);
  await page.getByRole('heading', { level: 1, name: 'Mes commandes' }).waitFor();
  const text = (await page.getByText(/^(Aucune commande|\d+ commandes?)$/).first().textContent()) ?? '';
  return text === 'Aucune commande' ? 0 : Number.parseInt(text, 10);
}

async function stepChecked(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  await expect(currentStep(page)).resolves.toBe(heading);
  await expectNoAxeViolations(page);
  expect(await fitsWidth(page)).toBe(true);
}

describe('adding lines', () => {
  it('adds a ported SIM line and an eSIM phone line, opens both recaps and orders them by transfer, at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    // The fully paid customer (one account, one line): the unpaid check (AJL) lets the menu entry through.
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const ordersBefore = await orderCount(page);
    await page.goto(`${app.server.url}/ecare/pages/accueil`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await menu.getByRole('button', { name: 'Mes lignes' }).click();
    await menu.getByRole('link', { name: 'Ajouter une ligne' }).click();
    await page.waitForURL(/\/ajout-ligne\/ajouter-une-ligne-mobile$/);
    await page.getByRole('heading', { level: 1, name: 'Ajouter une ligne mobile' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Ajouter une ligne mobile – /);
    await stepChecked(page, 'Choix des options');

    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Ajouter la ligne au panier' }).click();
    await page.getByText('Veuillez choisir le forfait de la ligne.').first().waitFor();

    // Line 1: a plan with a SIM card only.
    await choose(page.getByRole('radiogroup', { name: /Forfait de la ligne/ }).getByRole('radio').first());
    await choose(page.getByRole('radio', { name: 'Carte SIM seule' }));
    await page.getByRole('button', { name: 'Ajouter la ligne au panier' }).click();
    await page.getByText('Vous modifiez la ligne 1 du panier.').waitFor();
    expect(page.url()).toMatch(/[?&]ligne=\d+/);
    await page.getByRole('heading', { level: 3, name: 'Accessoires' }).waitFor();
    await expectNoAxeViolations(page);

    // Line 2: the iPhone 17 in black with an eSIM, and its promo code.
    await page.getByRole('link', { name: 'Ajouter une autre ligne' }).click();
    await page.getByText(/^Votre panier compte 1 ligne/).waitFor();
    await choose(page.getByRole('radiogroup', { name: /Forfait de la ligne/ }).getByRole('radio').first());
    await choose(page.getByRole('radio', { name: 'Avec un téléphone' }));
    await choose(page.getByRole('radio', { name: /^Apple iPhone 17 256 Go/ }));
    await choose(page.getByRole('radio', { name: 'Noir', exact: true }));
    await choose(page.getByRole('radio', { name: 'eSIM', exact: true }));
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Ajouter la ligne au panier' }).click();
    await page.getByText('Vous modifiez la ligne 2 du panier.').waitFor();
    await page.getByRole('textbox', { name: 'Code promotionnel' }).fill('NIMPORTEQUOI');
    await page.getByRole('button', { name: 'Appliquer le code' }).click();
    await page.getByText('Ce code promotionnel n’existe pas. Vérifiez sa saisie.').waitFor();
    await page.getByRole('textbox', { name: 'Code promotionnel' }).fill('IPHONE17');
    await page.getByRole('button', { name: 'Appliquer le code' }).click();
    await page.getByText(/remise sur l’iPhone 17 : −100,00\s€ HT$/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif des lignes' }).click();

    // The lines: quantity, number, deletion asked for confirmation.
    await page.waitForURL(/[?&]etape=lignes/);
    await stepChecked(page, 'Récapitulatif des lignes');
    const totals = page.getByTestId('cart-totals');
    await totals.getByText('2 nouvelles lignes').waitFor();
    const lines = page.getByTestId('cart-line');
    await expect(lines.count()).resolves.toBe(2);
    await page.getByLabel('Nombre de lignes de la ligne 2').fill('3');
    await page.getByRole('button', { name: 'Mettre à jour le nombre de lignes de la ligne 2' }).click();
    await totals.getByText('4 nouvelles lignes').waitFor();
    await page.getByLabel('Nombre de lignes de la ligne 2').fill('1');
    await page.getByRole('button', { name: 'Mettre à jour le nombre de lignes de la ligne 2' }).click();
    await totals.getByText('2 nouvelles lignes').waitFor();

    await page.getByRole('button', { name: 'Supprimer la ligne 1' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer la ligne du panier' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(lines.count()).resolves.toBe(2);

    // Line 1 takes the number of another operator: a RIO that is not the number's is refused.
    const first = lines.first();
    await choose(first.getByRole('radio', { name: /^Portabilité du numéro/ }));
    await first.getByLabel(/^Numéro de mobile/).fill('06 12 34 56 78');
    await first.getByLabel(/^RIO du numéro/).fill(WRONG_RIO);
    const today = parisDay(new Date());
    await first.getByLabel(/^Date de portabilité/).fill(nextWorkingDay(nextWorkingDay(today)));
    await first.getByRole('button', { name: 'Enregistrer le numéro' }).click();
    await first.getByText('Le RIO ne correspond pas au numéro indiqué. Vérifiez les deux.').waitFor();
    await first.getByLabel(/^RIO du numéro/).fill(PORTED_RIO);
    await first.getByRole('button', { name: 'Enregistrer le numéro' }).click();
    await first.getByText(/^Portabilité du numéro : 06 12 34 56 78, le \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Continuer vers les coordonnées' }).click();

    // Delivery to another address (postal code, then its commune), transfer; the card waits.
    await page.waitForURL(/[?&]etape=coordonnees/);
    await stepChecked(page, 'Coordonnées');
    await expect(page.getByRole('radio', { name: /^Carte bancaire/ }).isDisabled()).resolves.toBe(true);
    await page.getByText('Le paiement par carte des commandes sera bientôt disponible.').waitFor();
    await choose(page.getByRole('radio', { name: /^À une autre adresse/ }));
    await page.getByLabel(/^Numéro$/).fill('12');
    await page.getByLabel(/^Voie/).fill('rue des Forges');
    const communes = page.waitForResponse((response) => response.url().endsWith('/api/ajout-lignes/communes/21000'));
    await page.getByLabel(/^Code postal/).fill('21000');
    expect((await communes).status()).toBe(200);
    const city = page.getByRole('combobox', { name: /^Ville/ });
    await city.click();
    await page.getByRole('option', { name: 'Dijon', exact: true }).click();
    await expect(city.inputValue()).resolves.toBe('Dijon');
    await expectNoAxeViolations(page);

    // A reload keeps the step and what was typed.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Coordonnées' }).waitFor();
    await expect(page.getByLabel(/^Voie/).inputValue()).resolves.toBe('rue des Forges');
    await expect(page.getByRole('combobox', { name: /^Ville/ }).inputValue()).resolves.toBe('Dijon');
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    // The recap: both documents opened before the order may be confirmed.
    await page.waitForURL(/[?&]etape=recapitulatif/);
    await stepChecked(page, 'Récapitulatif de la commande');
    await page.getByText(/12 rue des Forges, 21000 Dijon/).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirmer la commande' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    const firstPdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ouvrir l’information précontractuelle (PDF)' }).click();
    expect((await firstPdf).suggestedFilename()).toMatch(/^information-precontractuelle-panier-\d+\.pdf$/);
    await expect(confirm.isDisabled()).resolves.toBe(true);
    const secondPdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ouvrir le récapitulatif contractuel (PDF)' }).click();
    expect((await secondPdf).suggestedFilename()).toMatch(/^recapitulatif-contractuel-panier-\d+\.pdf$/);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);

    // A double click sends one order.
    await confirm.dblclick();
    await page.waitForURL(/[?&]etape=confirmation/);
    await stepChecked(page, 'Commande confirmée');
    const success = page.getByText(/^Votre commande CMD-\d{4}-\d{6} est enregistrée$/);
    const numero = /CMD-\d{4}-\d{6}/.exec((await success.textContent()) ?? '')?.[0] ?? '';
    expect(numero).not.toBe('');
    await page.getByText(`VIR-${numero}`).waitFor();

    // The order in the account's orders, and its page.
    await page.getByRole('link', { name: `Suivre la commande ${numero}` }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/mon-compte/commandes/${numero}`));
    await page.getByRole('heading', { level: 1, name: `Commande ${numero}` }).waitFor();
    await expect(orderCount(page)).resolves.toBe(ordersBefore + 1);
    await page.getByRole('table').getByText(numero).first().waitFor();

    // The new lines in the fleet, being activated: the ported number and a new one.
    await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('table').getByText('En cours d’activation').count()).toBe(2);
    await page.getByRole('table').getByRole('rowheader', { name: '06 12 34 56 78' }).waitFor();
    expect(appPath(page)).toBe('/pages/mes-lignes-mobiles');
    await context.close();
    // One journey through every step, with an accessibility check on each: longer than one page's test.
  }, 120_000);
});
