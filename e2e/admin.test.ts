import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { setParameter } from './support/dev-tools.ts';
import { ADMIN, signInAsAdmin } from './support/admin.ts';
import { completeSecondStep } from './support/second-factor.ts';
import { useRealApp } from './support/real-app.ts';

// The back office's sections are split over two files, each with its own server: a server takes
// ten sign-ins a minute from one address, and one file signing in more often would be refused.

const app = useRealApp();

/** The administrator signs in and lands in the back office. */
const signIn = (page: Page) => signInAsAdmin(page, app.server.url);

describe('back office', () => {
  it('changes the banner (previewed sanitised), which a customer then sees on their home page', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page);
    await expect(page.title()).resolves.toMatch(/^Paramètres du portail – Administration – /);
    await expectNoAxeViolations(page);

    const field = page.getByRole('textbox', { name: /Bandeau des pages connectées/ });
    // An onclick typed goes too (unit and API tests); typed here, the browser would log its parse as refused by the CSP.
    await field.fill('Travaux <strong>ce soir</strong> de 22 h à <a href="javascript:alert(1)">minuit</a><script>alert(2)</script>');
    const preview = page.getByRole('region', { name: 'Aperçu de « Bandeau des pages connectées »' });
    await preview.getByText('ce soir', { exact: true }).waitFor();
    const shown = await preview.innerHTML();
    expect(shown).toContain('<strong>ce soir</strong>');
    expect(shown).toContain('<a>minuit</a>');
    expect(shown).not.toMatch(/script|javascript|alert/);

    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByText('Les paramètres ont été enregistrés.').waitFor();
    await page.getByText(/balise <script> et son contenu, adresse de lien non autorisée \(href\)/).waitFor();
    await expect(field.inputValue()).resolves.toBe('Travaux <strong>ce soir</strong> de 22 h à <a>minuit</a>');
    await expectNoAxeViolations(page);

    // A customer, in a browser of their own, sees the new banner on their home page.
    const customer = await newPage(app.browser);
    await loginWithKeyboard(customer.page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await customer.page.waitForURL(/\/pages\/accueil$/);
    const banner = customer.page.locator('header .bg-accent').filter({ hasText: 'Travaux ce soir de 22 h à minuit' });
    await banner.waitFor();
    await expect(banner.locator('strong').textContent()).resolves.toBe('ce soir');
    await expect(banner.innerHTML()).resolves.not.toMatch(/script|javascript/);
    await customer.context.close();
    await context.close();
  });

  it('edits an FAQ answer, which the public FAQ then shows', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Questions du thème « Factures »' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Modifier la question « Quand ma facture est-elle émise/ }).click();
    const answer = page.getByRole('textbox', { name: /^Réponse/ });
    await answer.fill('<p>Votre facture est émise le <strong>5 de chaque mois</strong> pour toutes vos lignes.</p>');
    await page.getByRole('region', { name: 'Aperçu de « Réponse »' }).getByText('5 de chaque mois').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Enregistrer la question' }).click();
    await page.getByText('La question a été enregistrée.').waitFor();

    // A visitor opens the theme and the question: the new answer.
    const visitor = await newPage(app.browser);
    await visitor.page.goto(`${app.server.url}/ecare/assistance/faq`);
    await visitor.page.getByRole('button', { name: /^Factures \(\d+ questions\)$/ }).click();
    // Within its theme: the most read questions may list it too.
    const theme = visitor.page.getByRole('group', { name: /^Factures \(\d+ questions\)$/ });
    await theme.getByRole('button', { name: /^Quand ma facture est-elle émise/ }).click();
    await theme.getByText(/Votre facture est émise le 5 de chaque mois pour toutes vos lignes\./).waitFor();
    await visitor.context.close();
    await context.close();
  });


  it('keeps the back office open during a maintenance it switched on, sign-in included, until it is switched off', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page);
    await page.getByRole('checkbox', { name: /Portail en maintenance/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mettre le portail en maintenance ?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Mettre en maintenance' }).click();
    await page.getByText('Les paramètres ont été enregistrés.').waitFor();
    try {
      // A customer is sent to the maintenance page…
      const customer = await newPage(app.browser);
      await customer.page.goto(`${app.server.url}/ecare/identification/authentification`);
      await customer.page.waitForURL(/\/ecare\/maintenance$/);
      await customer.context.close();

      // … while the administrator moves around the back office, and another one signs in there.
      await page.getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { level: 2, name: 'Questions du thème « Factures »' }).waitFor();
      const other = await newPage(app.browser);
      await other.page.goto(`${app.server.url}/ecare/administration`);
      await other.page.getByRole('heading', { level: 1, name: 'Connexion à l’administration' }).waitFor();
      await expectNoAxeViolations(other.page);
      await other.page.getByLabel('Identifiant').fill(ADMIN.email);
      await other.page.getByLabel('Code confidentiel').fill(ADMIN.password);
      await other.page.getByRole('button', { name: 'Valider' }).click();
      await completeSecondStep(other.page, app.server.url, ADMIN.email, other.page.getByRole('heading', { level: 1, name: 'Paramètres du portail' }));
      await other.page.getByRole('heading', { level: 1, name: 'Paramètres du portail' }).waitFor();
      await expect(other.page.getByRole('checkbox', { name: /Portail en maintenance/ }).isChecked()).resolves.toBe(true);
      await other.page.getByRole('checkbox', { name: /Portail en maintenance/ }).focus();
      await other.page.keyboard.press('Space');
      await other.page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
      await other.page.getByText('Les paramètres ont été enregistrés.').waitFor();
      expect(new URL(other.page.url()).pathname).toBe('/ecare/administration/parametres');
      await other.context.close();
    } finally {
      await setParameter(app.server, 'en_maintenance', 'false');
    }
    await context.close();
  });

  it('refuses a customer who opens it, with a way back', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/administration`);
    await page.getByRole('heading', { level: 1, name: 'Accès réservé' }).waitFor();
    await page.getByText('Cette partie du portail est réservée aux administrateurs.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Retourner à votre espace client' }).click();
    await page.waitForURL(/\/pages\/accueil$/);
    await context.close();
  });
});
