import { EMAIL_CHANGE_MESSAGES } from '@ecare/shared/email-change';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealApp } from './support/real-app.ts';
import { expectNoAxeViolations } from './support/journey.ts';
import { mailedPath } from './support/dev-tools.ts';

// The mailbox (GET /api/dev/mails) is a development tool: on for this app.server.

const OLD_EMAIL = 'utilisateur@demo.test';
const NEW_EMAIL = 'utilisateur.nouveau@demo.test';
const CODE = 'Demo-Ligne-2026!';
/** Calls that load a session: the e-mail link pages must make none of them (spec §2). */
const SESSION_CALLS = /\/api\/(current_user|sessiondata|menu|comptes_facturation|ligne)\b/;

const app = useRealApp();

async function signIn(page: Page, email: string) {
  await page.goto(`${app.server.url}/ecare/identification/authentification`);
  await page.getByLabel(/^Identifiant/).fill(email);
  await page.getByLabel(/^Code confidentiel/).fill(CODE);
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.waitForURL(/\/pages\/accueil-utilisateur$/);
}

describe('login e-mail change', () => {
  it('is requested from the profile, confirmed from the new address and undone from the old one', async () => {
    const page = await app.browser.newPage();
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await signIn(page, OLD_EMAIL);

    await page.goto(`${app.server.url}/ecare/mon-compte/profil`);
    await page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    await page.getByText(OLD_EMAIL).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel(/^Nouvelle adresse e-mail/).fill(NEW_EMAIL);
    await page.getByLabel(/^Code confidentiel actuel/).fill(CODE);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(EMAIL_CHANGE_MESSAGES.requested).waitFor();
    await expectNoAxeViolations(page);

    // The confirmation link, opened in the signed-in tab, loads no session.
    const confirmPath = await mailedPath(app.server, NEW_EMAIL, /https?:\/\/\S+\/confirmationmodificationemail\?guid=[\w-]+/);
    calls.length = 0;
    await page.goto(`${app.server.url}${confirmPath}`);
    await page.getByRole('heading', { level: 1, name: 'Confirmation de votre nouvelle adresse e-mail' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirmer ma nouvelle adresse' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.click();
    await page.getByText(/est désormais votre identifiant de connexion/).waitFor();
    await expectNoAxeViolations(page);
    expect(calls.some((path) => path.startsWith('/api/emailmanagement/'))).toBe(true);
    expect(calls.filter((path) => SESSION_CALLS.test(path))).toEqual([]);

    const cancelPath = await mailedPath(app.server, OLD_EMAIL, /https?:\/\/\S+\/confirmationannulationemail\?guid=[\w-]+/);
    await page.goto(`${app.server.url}${cancelPath}`);
    await page.getByRole('heading', { level: 1, name: 'Annulation du changement d’adresse e-mail' }).waitFor();
    const cancel = page.getByRole('button', { name: 'Annuler le changement' });
    await cancel.waitFor();
    await expectNoAxeViolations(page);
    await cancel.click();
    await page.getByText(/Le changement d’adresse e-mail a été annulé/).waitFor();
    await expectNoAxeViolations(page);
    expect(calls.filter((path) => SESSION_CALLS.test(path))).toEqual([]);

    // The old address is the identifier again.
    await signIn(page, OLD_EMAIL);
    await page.close();
  });

  it('says an unknown link is no longer valid', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/identification/confirmationmodificationemail?guid=inconnu-0123456789abcdef`);
    await page.getByText(EMAIL_CHANGE_MESSAGES.invalidLink).waitFor();
    expect(await page.getByRole('button').filter({ hasText: 'Confirmer' }).count()).toBe(0);
    await page.close();
  });
});
