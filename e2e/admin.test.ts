import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { devMails, setParameter } from './support/dev-tools.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

const ADMIN = { email: 'admin@demo.test', password: 'Demo-Admin-2026!' } as const;
const SECTIONS = [
  { link: 'Paramètres', path: '/administration/parametres', heading: 'Paramètres du portail' },
  { link: 'Textes légaux', path: '/administration/textes-legaux', heading: 'Textes légaux' },
  { link: 'FAQ', path: '/administration/faq', heading: 'FAQ' },
  { link: 'Menu', path: '/administration/menu', heading: 'Menu' },
  { link: 'Thèmes de contact', path: '/administration/contact', heading: 'Thèmes de contact' },
  { link: 'Documents', path: '/administration/documents', heading: 'Documents contractuels' },
  { link: 'Demandes', path: '/administration/demandes', heading: 'Demandes' },
] as const;

/** The administrator signs in on the customers' login page and lands in the back office. */
async function signInAsAdmin(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/ecare\/administration\/parametres$/);
  await page.getByRole('heading', { level: 1, name: 'Paramètres du portail' }).waitFor();
}

/** Whether the page fits its window's width (no sideways scrolling). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('back office', () => {
  it('changes the banner (previewed sanitised), which a customer then sees on their home page', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsAdmin(page);
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
    await signInAsAdmin(page);
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

  it('moves a menu entry with the keyboard and renames a contact theme, which the customer pages then show', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsAdmin(page);
    const navigation = page.getByRole('navigation', { name: 'Sections de l’administration' });
    await navigation.getByRole('link', { name: 'Menu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await expectNoAxeViolations(page);

    // "Nos offres", the last rubrique, goes up one place before "Assistance": by keyboard.
    await page.getByRole('button', { name: 'Monter la rubrique « Nos offres »' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('L’entrée « Nos offres » est maintenant en position 5 sur 6.').waitFor();
    // Focus stays on the entry moved.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Monter la rubrique « Nos offres »');
    await expectNoAxeViolations(page);

    await navigation.getByRole('link', { name: 'Thèmes de contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thèmes de contact' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Renommer le thème « Facturation »' }).click();
    const label = page.getByRole('textbox', { name: /^Nouveau libellé du thème « Facturation »/ });
    await label.fill('Factures et avoirs');
    await page.getByRole('button', { name: 'Renommer', exact: true }).click();
    await page.getByText('Le thème a été renommé « Factures et avoirs ».').waitFor();
    await page.getByRole('button', { name: 'Sous-thèmes du thème « Factures et avoirs »' }).click();
    await page.getByRole('textbox', { name: /^Nouveau sous-thème de « Factures et avoirs »/ }).waitFor();
    await expectNoAxeViolations(page);

    // A customer, in a browser of their own: the menu's new order, the contact form's new theme name.
    const customer = await newPage(app.browser);
    await loginWithKeyboard(customer.page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await customer.page.waitForURL(/\/pages\/accueil$/);
    const entries = customer.page.getByRole('navigation', { name: 'Menu principal' }).locator(':scope > ul > li');
    await entries.filter({ hasText: 'Nos offres' }).waitFor();
    const names = (await entries.allInnerTexts()).map((text) => text.trim());
    const offers = names.findIndex((name) => name.startsWith('Nos offres'));
    const help = names.findIndex((name) => name.startsWith('Assistance'));
    expect(offers, names.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(offers, names.join(' | ')).toBeLessThan(help);

    await customer.page.goto(`${app.server.url}/ecare/assistance/formulaire-contact?idTheme=1`);
    await expect
      .poll(() => customer.page.getByRole('combobox', { name: /^Thème/ }).inputValue())
      .toBe('Factures et avoirs');
    await customer.context.close();
    await context.close();
  });

  it('changes a support ticket’s status with a reply, e-mailed to its sender', async () => {
    // A visitor's message, sent as the contact form sends it (multipart, XSRF pair).
    const first = await fetch(`${app.server.url}/api/parametres`);
    const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
    const form = new FormData();
    const fields = { idTheme: '7', idSousTheme: '701', objet: 'Écran cassé', message: 'L’écran du téléphone est fissuré.', prenom: 'Claire', nom: 'Fontaine', email: 'claire.fontaine@atelier.example' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const sent = await fetch(`${app.server.url}/api/faq/envoyerEmail`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) },
      body: form,
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { reference } = (await sent.json()) as { reference: string };

    const { context, page } = await newPage(app.browser);
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('link', { name: 'Demandes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demandes' }).waitFor();
    await page.getByRole('searchbox', { name: 'Référence' }).fill(reference);
    const ticket = page.getByRole('article', { name: new RegExp(`^${reference}`) });
    await ticket.getByText('Reçue', { exact: true }).waitFor();
    await ticket.getByRole('button', { name: `Changer le statut de la demande ${reference}` }).click();
    await ticket.getByRole('combobox', { name: /^Nouveau statut/ }).selectOption({ label: 'En attente de votre réponse' });
    await ticket.getByRole('textbox', { name: /^Réponse à l’expéditeur/ }).fill('Pouvez-vous nous envoyer une photo de l’écran ?');
    await expectNoAxeViolations(page);
    await ticket.getByRole('button', { name: 'Changer le statut' }).click();
    await page.getByText(`La demande ${reference} est maintenant « En attente de votre réponse » ; son expéditeur en a été informé par e-mail.`).waitFor();
    await ticket.getByText('En attente de votre réponse', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    const mail = (await devMails(app.server)).find((row) => row.destinataire === fields.email && row.sujet.includes(reference) && row.sujet.includes('en attente'));
    expect(mail?.texte).toContain('Pouvez-vous nous envoyer une photo de l’écran ?');
    await context.close();
  });

  it('has no accessibility violation on any section, at desktop width and at 375 px', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(app.browser, { width });
      await signInAsAdmin(page);
      for (const section of SECTIONS) {
        const navigation = page.getByRole('navigation', { name: 'Sections de l’administration' });
        await navigation.getByRole('link', { name: section.link }).click();
        await page.waitForURL(new RegExp(`/ecare${section.path}$`));
        await page.getByRole('heading', { level: 1, name: section.heading }).waitFor();
        await expect(navigation.getByRole('link', { name: section.link }).getAttribute('aria-current')).resolves.toBe('page');
        // Each section's content, not only its heading.
        await page.locator('form, ol').first().waitFor();
        expect(await fitsWidth(page), `${section.path} at ${width} px`).toBe(true);
        await expectNoAxeViolations(page);
      }
      await context.close();
    }
  });

  it('keeps the back office open during a maintenance it switched on, sign-in included, until it is switched off', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsAdmin(page);
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
