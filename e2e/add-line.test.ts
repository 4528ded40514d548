import { nextWorkingDay } from '@ecare/shared/add-line';
import { parisDay } from '@ecare/shared/paris-time';
import { buildRio } from '@ecare/shared/rio';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { typeCard } from './support/payment.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRowNamed, dataRows } from './support/tables.ts';

const app = useRealApp();

/** The number ported from another operator, and its RIO there (operator 02, business line). */
const PORTED = '0612345678';
const PORTED_RIO = buildRio({ operateur: '02', qualite: 'E', reference: 'AB12CD', numero: PORTED });
/** The number ported in the card journey. */
const PORTED_BY_CARD = '0698765432';
const PORTED_BY_CARD_RIO = buildRio({ operateur: '02', qualite: 'E', reference: 'EF34GH', numero: PORTED_BY_CARD });
/** The same RIO with a key that is not the number's. */
const WRONG_RIO = `${PORTED_RIO.slice(0, 9)}${PORTED_RIO.endsWith('000') ? '111' : '000'}`;

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
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

    // Delivery to the account's address, kept by the server.
    await page.waitForURL(/[?&]etape=coordonnees/);
    await stepChecked(page, 'Coordonnées');
    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    await page.getByText('Veuillez choisir où recevoir la commande.').first().waitFor();
    await choose(page.getByRole('radio', { name: /^À l’adresse du compte/ }));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    // The recap: both documents opened before the order may be confirmed.
    await page.waitForURL(/[?&]etape=recapitulatif/);
    await stepChecked(page, 'Récapitulatif de la commande');
    await page.getByText(/^À l’adresse du compte : /).waitFor();
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
    await expect(page.getByRole('radio', { name: /^Virement bancaire/ }).isChecked()).resolves.toBe(true);
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
    await dataRows(page).getByText(numero).first().waitFor();

    // The new lines in the fleet, being activated: the ported number and a new one.
    await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
    await dataRows(page).first().waitFor();
    await expect.poll(() => dataRows(page).filter({ hasText: 'En cours d’activation' }).count()).toBe(2);
    await dataRowNamed(page, '06 12 34 56 78').waitFor();
    expect(appPath(page)).toBe('/pages/mes-lignes-mobiles');
    await context.close();
    // One journey through every step, with an accessibility check on each: longer than one page's test.
  }, 120_000);

  it('adds a ported SIM line and an insured eSIM phone line, keeps the Coordonnées over a reload, and pays by card in the sandbox, at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const ordersBefore = await orderCount(page);
    await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
    await dataRows(page).first().waitFor();
    const activatingBefore = await dataRows(page).filter({ hasText: 'En cours d’activation' }).count();
    await page.goto(`${app.server.url}/ecare/ajout-ligne/ajouter-une-ligne-mobile`);
    await stepChecked(page, 'Choix des options');

    // Line 1: a plan with a SIM card only.
    await choose(page.getByRole('radiogroup', { name: /Forfait de la ligne/ }).getByRole('radio').first());
    await choose(page.getByRole('radio', { name: 'Carte SIM seule' }));
    await page.getByRole('button', { name: 'Ajouter la ligne au panier' }).click();
    await page.getByText('Vous modifiez la ligne 1 du panier.').waitFor();
    // No phone, no insurance offered.
    await page.getByRole('heading', { level: 3, name: 'Accessoires' }).waitFor();
    await expect(page.getByRole('heading', { level: 3, name: 'Assurance du téléphone' }).count()).resolves.toBe(0);

    // Line 2: the iPhone 17 with an eSIM, insured: the insurances that cover its price, with price, deductible and cover.
    await page.getByRole('link', { name: 'Ajouter une autre ligne' }).click();
    await page.getByText(/^Votre panier compte 1 ligne/).waitFor();
    await choose(page.getByRole('radiogroup', { name: /Forfait de la ligne/ }).getByRole('radio').first());
    await choose(page.getByRole('radio', { name: 'Avec un téléphone' }));
    await choose(page.getByRole('radio', { name: /^Apple iPhone 17 256 Go/ }));
    await choose(page.getByRole('radio', { name: 'Noir', exact: true }));
    await choose(page.getByRole('radio', { name: 'eSIM', exact: true }));
    await page.getByRole('button', { name: 'Ajouter la ligne au panier' }).click();
    await page.getByText('Vous modifiez la ligne 2 du panier.').waitFor();
    const insurance = page.getByRole('region', { name: 'Assurance du téléphone' });
    await insurance.getByRole('button', { name: 'Choisir Assurance Casse et Vol' }).waitFor();
    // Its ceiling (500 €) is below the phone's price alone: not offered.
    await expect(insurance.getByRole('button', { name: 'Choisir Assurance Casse', exact: true }).count()).resolves.toBe(0);
    await insurance.getByText(/8,32\s€ HT par mois \(9,98\s€ TTC\) – franchise 94,80\s€ TTC par sinistre/).waitFor();
    await insurance.getByText(/vol avec effraction/).waitFor();
    await insurance.getByRole('button', { name: 'Choisir Assurance Casse et Vol' }).click();
    await insurance.getByText(/^Assurance choisie : Assurance Casse et Vol, 8,32\s€ HT par mois\.$/).waitFor();
    await insurance.getByRole('button', { name: 'Retirer Assurance Casse et Vol' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif des lignes' }).click();

    // Line 1 takes the number of another operator.
    await page.waitForURL(/[?&]etape=lignes/);
    await stepChecked(page, 'Récapitulatif des lignes');
    const first = page.getByTestId('cart-line').first();
    await choose(first.getByRole('radio', { name: /^Portabilité du numéro/ }));
    await first.getByLabel(/^Numéro de mobile/).fill('06 98 76 54 32');
    await first.getByLabel(/^RIO du numéro/).fill(PORTED_BY_CARD_RIO);
    await first.getByLabel(/^Date de portabilité/).fill(nextWorkingDay(nextWorkingDay(parisDay(new Date()))));
    await first.getByRole('button', { name: 'Enregistrer le numéro' }).click();
    await first.getByText(/^Portabilité du numéro : 06 98 76 54 32, le \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await page.getByRole('button', { name: 'Continuer vers les coordonnées' }).click();

    // Coordonnées: another address, its city chosen among the postal code's communes, kept by the server; a reload of the step finds it again.
    await page.waitForURL(/[?&]etape=coordonnees/);
    await stepChecked(page, 'Coordonnées');
    await choose(page.getByRole('radio', { name: /^À une autre adresse/ }));
    await page.getByLabel(/^Voie/).fill('12 rue des Lilas');
    await page.getByLabel(/^Code postal/).fill('69003');
    // The list offers the communes of 69003 once they are read (the select waits for the option).
    await page.getByLabel(/^Ville/).selectOption('Lyon');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/commande/adresse/enregistrer/LIVRAISON'));
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/[?&]etape=recapitulatif/);
    await page.getByRole('link', { name: 'Retour aux coordonnées' }).click();
    await page.waitForURL(/[?&]etape=coordonnees/);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Coordonnées' }).waitFor();
    await expect(page.getByRole('radio', { name: /^À une autre adresse/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel(/^Code postal/).inputValue()).resolves.toBe('69003');
    await expect.poll(() => page.getByLabel(/^Ville/).inputValue()).toBe('Lyon');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

    // The recap: the insurance counted monthly, both documents opened, card chosen.
    await page.waitForURL(/[?&]etape=recapitulatif/);
    await stepChecked(page, 'Récapitulatif de la commande');
    await page.getByText(/, 12 rue des Lilas, 69003 Lyon$/).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirmer la commande' });
    const firstPdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ouvrir l’information précontractuelle (PDF)' }).click();
    await firstPdf;
    const secondPdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ouvrir le récapitulatif contractuel (PDF)' }).click();
    await secondPdf;
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await choose(page.getByRole('radio', { name: /^Carte bancaire/ }));
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    await confirm.click();

    // The sandbox's page, paid with the accepted test card.
    await page.waitForURL(/\/sandbox-paiement\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Paiement par carte' }).waitFor();
    await expectNoAxeViolations(page);
    await typeCard(page);

    // Back to the portal's return page, which names the order, confirmed by the provider's signed notification.
    await page.waitForURL(/\/ecare\/mon-compte\/paiement\/retour\?transactionReference=PAI-[A-Z0-9]{16}$/);
    const orderLink = page.getByRole('link', { name: /^Suivre la commande CMD-\d{4}-\d{6}$/ });
    await orderLink.waitFor();
    const numero = /CMD-\d{4}-\d{6}/.exec((await orderLink.textContent()) ?? '')?.[0] ?? '';
    expect(numero).not.toBe('');
    await page.getByText(`Votre commande ${numero} est confirmée`).waitFor();
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);

    // The add-line page's confirmation says the same, read from the server.
    await page.goto(`${app.server.url}/ecare/ajout-ligne/ajouter-une-ligne-mobile?etape=confirmation`);
    await stepChecked(page, 'Commande confirmée');
    await page.getByText(`Votre commande ${numero} est confirmée`).waitFor();
    await page.getByText(/Votre paiement par carte a été accepté/).waitFor();

    // The order in the account's orders, and the new lines in the fleet.
    await page.getByRole('link', { name: `Suivre la commande ${numero}` }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/mon-compte/commandes/${numero}`));
    await page.getByRole('heading', { level: 1, name: `Commande ${numero}` }).waitFor();
    await expect(orderCount(page)).resolves.toBe(ordersBefore + 1);
    await dataRows(page).getByText(numero).first().waitFor();
    await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
    await dataRowNamed(page, '06 98 76 54 32').waitFor();
    await expect.poll(() => dataRows(page).filter({ hasText: 'En cours d’activation' }).count()).toBe(activatingBefore + 2);
    await context.close();
  }, 150_000);
});
