import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { devMails } from './support/dev-tools.ts';
import { fitsWidth, signInAsAdmin } from './support/admin.ts';
import { useRealApp } from './support/real-app.ts';

// The menu, contact themes, requests and every section's accessibility (admin.test.ts: parameters,
// FAQ, maintenance, refusal), on a server of their own.

const app = useRealApp();

const SECTIONS = [
  { link: 'Paramètres', path: '/administration/parametres', heading: 'Paramètres du portail' },
  { link: 'Textes légaux', path: '/administration/textes-legaux', heading: 'Textes légaux' },
  { link: 'FAQ', path: '/administration/faq', heading: 'FAQ' },
  { link: 'Menu', path: '/administration/menu', heading: 'Menu' },
  { link: 'Thèmes de contact', path: '/administration/contact', heading: 'Thèmes de contact' },
  { link: 'Documents', path: '/administration/documents', heading: 'Documents contractuels' },
  { link: 'Demandes', path: '/administration/demandes', heading: 'Demandes' },
] as const;

/** The administrator signs in and lands in the back office. */
const signIn = (page: Page) => signInAsAdmin(page, app.server.url);

describe('back office', () => {
  it('moves a menu entry with the keyboard and renames a contact theme, which the customer pages then show', async () => {
    const { context, page } = await newPage(app.browser);
    await signIn(page);
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
    await signIn(page);
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

    // The bakery's complaint in progress, accepted with a credit note after a confirmation.
    await page.getByLabel('Type de demande').selectOption('RECLAMATION');
    const complaint = page.getByRole('article').filter({ hasText: 'Communications hors forfait contestées' }).filter({ hasText: 'À trancher' }).first();
    const title = ((await complaint.getByRole('heading').textContent()) ?? '').trim();
    const complaintReference = title.split(' ')[0] ?? '';
    expect(complaintReference).toMatch(/^REC-\d{4}-\d{6}$/);
    await complaint.getByRole('button', { name: `Trancher la réclamation ${complaintReference}` }).click();
    await complaint.getByText('Acceptée avec avoir', { exact: true }).click();
    await complaint.getByRole('textbox', { name: /^Montant HT de l’avoir/ }).fill('10,50');
    await complaint.getByRole('textbox', { name: /^Motif de la décision/ }).fill('Hors forfait d’un appel vers un numéro surtaxé non signalé : remboursé.');
    await expectNoAxeViolations(page);
    await complaint.getByRole('button', { name: 'Trancher la réclamation' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Oui, émettre l’avoir' }).click();
    await page.getByText(new RegExp(`^La réclamation ${complaintReference} est tranchée .*l’avoir AV-\\d{4}-\\d{6} est émis`)).waitFor();
    const decided = page.getByRole('article', { name: new RegExp(`^${complaintReference}`) });
    await decided.getByText(/^Acceptée avec avoir \(avoir AV-\d{4}-\d{6}\)$/).waitFor();
    await expect(decided.getByRole('button', { name: /^Trancher la réclamation/ }).count()).resolves.toBe(0);
    const avoirMail = (await devMails(app.server)).find((row) => row.destinataire === DEMO.gestionnaire.email && /^Telora Pro – Avoir AV-/.test(row.sujet));
    expect(avoirMail?.texte).toContain('10,50');
    await context.close();
  });

  it('has no accessibility violation on any section, at desktop width and at 375 px', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(app.browser, { width });
      await signIn(page);
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

});
