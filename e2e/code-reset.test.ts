import { PASSWORD_RESET_MESSAGES } from '@ecare/shared/password';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealApp } from './support/real-app.ts';
import { expectNoAxeViolations } from './support/journey.ts';
import { mailedPath } from './support/dev-tools.ts';

// The mailbox (GET /api/dev/mails) is a development tool: on for this app.server.

const EMAIL = 'gestionnaire@demo.test';
const NEW_CODE = 'Zq7#vLm2pR!x';

const app = useRealApp();

function criterionState(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label }).getAttribute('data-state');
}

describe('forgotten code journey', () => {
  it('requests a link, creates a code with the widget and signs in with it, from the keyboard', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/identification/authentification`);

    await page.getByRole('link', { name: 'Code confidentiel oublié ou première connexion' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/identification\/recuperer-code-confidentiel$/);
    await page.getByRole('heading', { level: 1, name: 'Code confidentiel oublié ou première connexion' }).waitFor();
    await expectNoAxeViolations(page);

    const validate = page.getByRole('button', { name: 'Valider' });
    expect(await validate.isDisabled()).toBe(true);
    await page.getByLabel(/^Adresse e-mail/).focus();
    await page.keyboard.type(EMAIL);
    expect(await validate.isEnabled()).toBe(true);
    await page.keyboard.press('Enter');

    await page.getByText(PASSWORD_RESET_MESSAGES.success).waitFor();
    expect(await page.getByRole('button', { name: 'Valider' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Annuler' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    const path = await mailedPath(app.server, EMAIL, /https?:\/\/\S+\/creer-code-confidentiel\/[\w-]+/);
    await page.goto(`${app.server.url}${path}`);
    await page.getByRole('heading', { level: 1, name: 'Veuillez créer votre mot de passe' }).waitFor();
    await expectNoAxeViolations(page);

    const createButton = page.getByRole('button', { name: 'Valider' });
    await page.getByLabel(/^Nouveau code confidentiel/).focus();
    await page.keyboard.type('zq7');
    expect(await criterionState(page, 'une minuscule')).toBe('met');
    expect(await criterionState(page, 'un chiffre')).toBe('met');
    expect(await criterionState(page, 'une majuscule')).toBe('unmet');
    expect(await createButton.isDisabled()).toBe(true);

    await page.keyboard.press('Control+A');
    await page.keyboard.type(NEW_CODE);
    for (const label of ['minimum 8 caractères', 'une minuscule', 'une majuscule', 'un caractère spécial', 'un chiffre']) {
      expect(await criterionState(page, label)).toBe('met');
    }
    expect(await createButton.isEnabled()).toBe(true);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Votre nouveau code confidentiel' }).waitFor();
    await page.getByText('Votre nouveau code confidentiel a bien été pris en compte.').waitFor();
    expect(await page.getByRole('link', { name: 'Annuler' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/identification\/authentification/);
    await page.getByLabel(/^Identifiant/).focus();
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_CODE);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ecare\/pages\/accueil$/);
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
    await page.close();
  });

  it('sends a used or unknown link to /pages/accueil (the login page for a visitor)', async () => {
    const page = await app.browser.newPage();
    const used = await mailedPath(app.server, EMAIL, /https?:\/\/\S+\/creer-code-confidentiel\/[\w-]+/);
    await page.goto(`${app.server.url}${used}`);
    await page.waitForURL(/\/identification\/authentification\?returnurl=%2Fpages%2Faccueil$/);

    await page.goto(`${app.server.url}/ecare/identification/creer-code-confidentiel`);
    await page.waitForURL(/\/identification\/authentification\?returnurl=%2Fpages%2Faccueil$/);
    await page.close();
  });
});
