import {
  billingAccountListSchema,
  hashConfidentialCode,
  invoiceDetailSchema,
  invoicesDueSchema,
  paymentTransactionSchema,
  tokenResponseSchema,
} from '@ecare/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { CARDS, typeCard } from './support/payment.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRowNamed, dataRows, dataRowTitles } from './support/tables.ts';
import type { RunningServer } from './support/server.ts';

const app = useRealApp();

const RETURN_PAGE = /\/ecare\/mon-compte\/paiement\/retour\?transactionReference=(PAI-[A-Z0-9]{16})$/;

/** The API as a signed-in person reads it, beside the browser. */
async function apiAs(server: RunningServer, who: { email: string; password: string }) {
  const first = await fetch(`${server.url}/api/parametres`);
  const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  const login = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: who.email, password: await hashConfidentialCode(who.email, who.password), grant_type: 'password' }),
  });
  expect(login.status).toBe(200);
  const headers = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).access_token}` };
  return async (path: string): Promise<unknown> => {
    const response = await fetch(`${server.url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return response.json();
  };
}

/** The payment page of the chosen account, the first invoice payable by card, and the start of its payment on the provider's page. */
async function startPaying(page: Page, options: { axe?: boolean } = {}): Promise<string> {
  await page.goto(`${app.server.url}/ecare/mon-compte/paiement`);
  await page.getByRole('heading', { level: 1, name: 'Payer mes factures' }).waitFor();
  await dataRows(page).first().waitFor();
  const reference = (await dataRowTitles(page))[0] ?? '';
  // Every invoice is chosen at first: the test pays the first one alone.
  const boxes = page.getByRole('checkbox', { name: /^Payer la facture / });
  for (let i = 1; i < (await boxes.count()); i++) await boxes.nth(i).uncheck();
  await expect(page.getByText(/^Total à payer pour 1 facture/).textContent()).resolves.toBeTruthy();
  if (options.axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Payer par carte' }).click();
  await page.waitForURL(/\/sandbox-paiement\/[\w-]+$/);
  await page.getByRole('heading', { level: 1, name: 'Paiement par carte' }).waitFor();
  return reference;
}

describe('card payment of unpaid invoices', () => {
  it('a refused card leaves the invoice to pay and offers to try again; every page passes axe at 375 px', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const reference = await startPaying(page, { axe: true });
    await expectNoAxeViolations(page);

    // A wrong form is said field by field, on an accessible page.
    await page.getByLabel('Numéro de carte').fill('1234');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.getByRole('heading', { name: 'Le paiement n’a pas pu être envoyé' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Erreur : /);
    await expectNoAxeViolations(page);

    await typeCard(page, CARDS.refused);
    await page.waitForURL(RETURN_PAGE);
    await page.getByText('Paiement refusé').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Payer à nouveau' }).click();
    await dataRowNamed(page, reference).waitFor();
    await context.close();
  });

  it('the bakery’s manager pays an unpaid invoice with the accepted card: paid once, the list updated', async () => {
    const read = await apiAs(app.server, DEMO.gestionnaire);
    const [account] = billingAccountListSchema.parse(await read('/api/comptes_facturation'));
    if (!account) throw new Error('the demo manager has no account');
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    const reference = await startPaying(page, { axe: true });
    await expectNoAxeViolations(page);
    await typeCard(page, CARDS.accepted);
    await page.waitForURL(RETURN_PAGE);
    const transactionReference = RETURN_PAGE.exec(page.url())?.[1] ?? '';
    await page.getByText('Paiement accepté').waitFor();
    await page.getByText(new RegExp(`la facture ${reference} est réglée`)).waitFor();
    await expectNoAxeViolations(page);

    // Back on the provider's page: already done, nothing more taken.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Paiement déjà traité' }).waitFor();
    await expectNoAxeViolations(page);

    const transaction = paymentTransactionSchema.parse(await read(`/api/paiement/transaction/${transactionReference}`));
    expect(transaction).toMatchObject({ statut: 'ACCEPTEE', referenceNumbers: [reference] });
    const detail = invoiceDetailSchema.parse(await read(`/api/detail-facture/${account.idClientBscs}/${reference}`));
    expect(detail.facture).toMatchObject({ resteAPayer: 0, statut: 'PAYEE' });
    expect(detail.paiements.filter((payment) => payment.moyen === 'CARTE')).toEqual([expect.objectContaining({ montant: transaction.montant })]);
    const due = invoicesDueSchema.parse(await read(`/api/factures_a_payer/${account.idClientBscs}`));
    expect(due.factures.map((invoice) => invoice.referenceNumber)).not.toContain(reference);

    // The list no longer offers it.
    await page.goto(`${app.server.url}/ecare/mon-compte/paiement`);
    await page.getByRole('heading', { level: 1, name: 'Payer mes factures' }).waitFor();
    await page.getByText(/Vous n’avez aucune facture à payer par carte|Factures à payer/).first().waitFor();
    await expect(page.getByRole('rowheader', { name: reference }).count()).resolves.toBe(0);
    await context.close();
  });

  it('a card asking for 3-D Secure is accepted with the code 123456', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.mandataire.email, DEMO.mandataire.password);
    await page.waitForURL(/\/pages\/choix-compte-facturation/);
    await page.getByRole('button', { name: /Choisir ce compte/ }).first().click();
    await page.waitForURL(/\/pages\/accueil$/);
    const reference = await startPaying(page);
    await typeCard(page, CARDS.challenge);
    await page.getByRole('heading', { level: 1, name: 'Authentification 3-D Secure' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Code de confirmation').fill('123456');
    await page.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await page.waitForURL(RETURN_PAGE);
    await page.getByText('Paiement accepté').waitFor();
    await page.getByText(new RegExp(`la facture ${reference} est réglée`)).waitFor();
    await context.close();
  });
});
