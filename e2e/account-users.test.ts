import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devMails, mailedPath } from './support/dev-tools.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage, pressLabel } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRowNamed } from './support/tables.ts';

// The mailbox (GET /api/dev/mails) is a development tool: on for this app.server.

const app = useRealApp();

const INVITED = { prenom: 'Élodie', nom: 'Garnier', email: 'elodie.garnier@boulangerie-lemoine.example' } as const;
const INVITED_NAME = `${INVITED.prenom} ${INVITED.nom}`;
const INVITED_CODE = 'Pain#Chaud2026';
const LINK = /https?:\/\/\S+\/creer-code-confidentiel\/[\w-]+/;

async function signInAsManager(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
}

/** A row of the users table (a card on a phone), found by the name in its header cell. */
function userRow(page: Page, name: string): Locator {
  return dataRowNamed(page, new RegExp(`^${name}`));
}

async function manage(page: Page, name: string, action: string): Promise<void> {
  await userRow(page, name).getByRole('button', { name: `Gérer ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** A checkbox of the contact preferences, by block, kind of message and channel. */
function choice(page: Page, block: string | RegExp, topic: string, channel: 'Par e-mail' | 'Par SMS'): Locator {
  return page.getByRole('region', { name: block }).getByRole('group', { name: topic }).getByRole('checkbox', { name: channel });
}

async function fitsTheScreen(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

describe('users of the account', () => {
  it('invites a line user who creates their code from the mail, changes their role and removes them, after confirmation', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsManager(page);

    // From the account area's home, to the users page.
    await page.goto(`${app.server.url}/ecare/mon-compte`);
    await page.getByRole('link', { name: 'Utilisateurs du compte' }).click();
    await page.waitForURL(/\/mon-compte\/utilisateurs$/);
    await page.getByRole('heading', { level: 1, name: 'Utilisateurs du compte' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Utilisateurs du compte – /);
    await userRow(page, 'Sophie Lemoine').getByText('Seul gestionnaire du compte').waitFor();
    await userRow(page, 'Julien Roux').getByText('Utilisateur', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // The invitation, in its dialog, with the keyboard for the line.
    await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
    await dialog.getByLabel(/^Prénom/).fill(INVITED.prenom);
    await dialog.getByLabel(/^Nom/).fill(INVITED.nom);
    await dialog.getByLabel(/^Adresse e-mail/).fill(INVITED.email);
    expect(await dialog.getByRole('radio', { name: /^Utilisateur/ }).isChecked()).toBe(true);
    await dialog.getByText(/Les lignes du compte qui n’ont pas encore d’utilisateur/).waitFor();
    const line = dialog.getByRole('combobox', { name: /^Ligne mobile de l’utilisateur/ });
    await line.focus();
    await page.getByRole('listbox').waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const chosen = await line.inputValue();
    expect(chosen).toMatch(/^0[67]( \d\d){4} – .+ – utilisée par /);
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    // The demo line names its user: replacing them is asked first, naming them.
    const replacing = page.getByRole('alertdialog', { name: 'Remplacer l’utilisateur de la ligne ?' });
    const current = chosen.replace(/^.* – utilisée par /, '');
    await replacing.getByText(`est aujourd’hui utilisée par ${current}.`, { exact: false }).waitFor();
    await replacing.getByText(`${INVITED_NAME} la remplacera`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await replacing.getByRole('button', { name: 'Oui, remplacer' }).click();
    await page.getByText(`Invitation envoyée à ${INVITED.email}`).waitFor();
    await userRow(page, INVITED_NAME).getByText('Invitation envoyée').waitFor();
    await userRow(page, INVITED_NAME).getByText(chosen.slice(0, 14)).waitFor();
    await expectNoAxeViolations(page);

    // The first-connection mail, and its link, opened in another browser.
    const mail = (await devMails(app.server)).find((message) => message.destinataire === INVITED.email);
    expect(mail?.texte).toContain('Sophie Lemoine vous invite');
    expect(mail?.texte).toContain(chosen.slice(0, 14));
    const invitation = await newPage(app.browser);
    await invitation.page.goto(`${app.server.url}${await mailedPath(app.server, INVITED.email, LINK)}`);
    await invitation.page.getByRole('heading', { level: 1, name: 'Veuillez créer votre mot de passe' }).waitFor();
    await invitation.page.getByLabel(/^Nouveau code confidentiel/).fill(INVITED_CODE);
    await invitation.page.getByRole('button', { name: 'Valider' }).click();
    await invitation.page.getByText('Votre nouveau code confidentiel a bien été pris en compte.').waitFor();
    // The invited user signs in to their own home.
    await invitation.page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
    await invitation.page.waitForURL(/\/identification\/authentification/);
    await invitation.page.getByLabel(/^Identifiant/).fill(INVITED.email);
    await invitation.page.getByLabel(/^Code confidentiel/).fill(INVITED_CODE);
    await invitation.page.getByRole('button', { name: 'Valider' }).click();
    await invitation.page.waitForURL(/\/pages\/accueil-utilisateur$/);
    await invitation.context.close();

    await page.reload();
    await userRow(page, INVITED_NAME).getByText('Activé').waitFor();

    // The role: made a manager.
    await manage(page, INVITED_NAME, 'Changer le rôle');
    const roleDialog = page.getByRole('dialog', { name: `Changer le rôle de ${INVITED_NAME}` });
    await pressLabel(roleDialog.getByRole('radio', { name: /^Gestionnaire/ }));
    await expectNoAxeViolations(page);
    await roleDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(`${INVITED_NAME} est maintenant gestionnaire du compte.`).waitFor();
    await userRow(page, INVITED_NAME).getByText('Gestionnaire', { exact: true }).waitFor();
    expect(await userRow(page, 'Sophie Lemoine').getByText('Seul gestionnaire du compte').count()).toBe(0);

    // The removal, once confirmed.
    await manage(page, INVITED_NAME, 'Retirer du compte');
    const confirmation = page.getByRole('alertdialog', { name: `Retirer ${INVITED_NAME} du compte\u00a0?` });
    await confirmation.getByText('n’aura plus accès à ce compte de facturation', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await confirmation.getByRole('button', { name: 'Retirer du compte' }).click();
    await page.getByText(`${INVITED_NAME} n’a plus accès à ce compte de facturation.`).waitFor();
    await userRow(page, INVITED_NAME).waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('keeps the contact preferences of the manager and of the account after a reload', async () => {
    const { context, page } = await newPage(app.browser);
    await signInAsManager(page);
    await page.goto(`${app.server.url}/ecare/mon-compte/preferences`);
    await page.getByRole('heading', { level: 1, name: 'Préférences de contact' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Préférences de contact – /);
    const account = /^Préférences du compte Boulangerie Lemoine SARL$/;
    // The demo bakery already receives the service news by e-mail.
    expect(await choice(page, account, 'Actualités du service', 'Par e-mail').isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    await pressLabel(choice(page, 'Mes préférences', 'Offres commerciales', 'Par e-mail'));
    await pressLabel(choice(page, 'Mes préférences', 'Actualités du service', 'Par SMS'));
    await page.getByRole('button', { name: 'Enregistrer mes préférences' }).click();
    await page.getByText('Vos préférences de contact ont été enregistrées.').waitFor();

    await pressLabel(choice(page, account, 'Actualités du service', 'Par e-mail'));
    await pressLabel(choice(page, account, 'Offres commerciales', 'Par SMS'));
    await page.getByRole('button', { name: 'Enregistrer les préférences du compte' }).click();
    await page.getByText('Les préférences de contact du compte ont été enregistrées.').waitFor();
    await expectNoAxeViolations(page);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Préférences de contact' }).waitFor();
    await choice(page, account, 'Offres commerciales', 'Par SMS').waitFor();
    const states = {
      ownOffersMail: await choice(page, 'Mes préférences', 'Offres commerciales', 'Par e-mail').isChecked(),
      ownOffersSms: await choice(page, 'Mes préférences', 'Offres commerciales', 'Par SMS').isChecked(),
      ownNewsMail: await choice(page, 'Mes préférences', 'Actualités du service', 'Par e-mail').isChecked(),
      ownNewsSms: await choice(page, 'Mes préférences', 'Actualités du service', 'Par SMS').isChecked(),
      accountOffersSms: await choice(page, account, 'Offres commerciales', 'Par SMS').isChecked(),
      accountNewsMail: await choice(page, account, 'Actualités du service', 'Par e-mail').isChecked(),
    };
    expect(states).toEqual({ ownOffersMail: true, ownOffersSms: false, ownNewsMail: false, ownNewsSms: true, accountOffersSms: true, accountNewsMail: false });
    await page.getByText(/^Préférences enregistrées le \d\d\/\d\d\/\d{4} à \d\d:\d\d\.$/).first().waitFor();
    await context.close();
  });

  it('fits a 375 px wide screen without sideways scrolling and without accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await signInAsManager(page);
    await page.goto(`${app.server.url}/ecare/mon-compte/utilisateurs`);
    await userRow(page, 'Sophie Lemoine').waitFor();
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
    await page.getByRole('dialog', { name: 'Inviter un utilisateur' }).getByLabel(/^Prénom/).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.goto(`${app.server.url}/ecare/mon-compte/preferences`);
    await page.getByRole('button', { name: 'Enregistrer les préférences du compte' }).waitFor();
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('tells a simple line user that the users page is the managers’', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    await page.goto(`${app.server.url}/ecare/mon-compte`);
    await page.getByRole('link', { name: 'Préférences de contact' }).waitFor();
    expect(await page.getByRole('link', { name: 'Utilisateurs du compte' }).count()).toBe(0);
    await page.goto(`${app.server.url}/ecare/mon-compte/utilisateurs`);
    await page.getByText('Cette page est réservée aux gestionnaires du compte de facturation.').waitFor();
    expect(await page.getByRole('button', { name: 'Inviter un utilisateur' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
