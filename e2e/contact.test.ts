import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentOf } from '../apps/api/src/test/mime.ts';
import { startSmtpPeer, type SmtpPeer } from '../apps/api/src/test/smtp-peer.ts';
import { waitFor } from '../apps/api/src/test/wait-for.ts';
import { devMails } from './support/dev-tools.ts';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

// The server delivers its mails to a real SMTP server, as in production.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.stop());
const app = useRealApp({ env: () => ({ SMTP_URL: smtp.url }) });

/** A real PDF's first bytes, then enough content for an upload that takes a moment on a slowed network. */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% constat\n');
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

/** Whether the page fits its window's width (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Chromium's own network throttling (DevTools protocol): uploads at `bytesPerSecond`. */
async function slowUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

describe('contact form', () => {
  it('sends a signed-in customer’s message with an attachment, shows its progress and reference, mails the acknowledgement and lists the request', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);

    // From the after-sales page, the form opens on its theme.
    await page.goto(`${app.server.url}/ecare/assistance/sav`);
    await page.getByRole('link', { name: 'Écrire au service après-vente' }).click();
    await page.waitForURL(/\/assistance\/formulaire-contact\?idTheme=7$/);
    await page.getByRole('heading', { level: 1, name: 'Formulaire de contact' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Formulaire de contact – /);
    await expect(page.getByRole('combobox', { name: /^Thème/ }).inputValue()).resolves.toBe('Service après-vente');
    // The sender is the signed-in customer: nothing to type about who they are.
    await page.getByText(DEMO.gestionnaire.email).waitFor();
    await expect(page.getByLabel(/^Adresse e-mail/).count()).resolves.toBe(0);

    // A refused submit says what is missing, accessibly.
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('L’envoi est impossible pour l’instant. Vérifiez les champs suivants').waitFor();
    await expectNoAxeViolations(page);

    await choose(page.getByRole('radio', { name: 'Déclarer un sinistre à l’assurance' }));
    await page.getByLabel(/^Objet/).fill('Sinistre sur le téléphone de Julien');
    await page.getByLabel(/^Votre message/).fill('Bonjour,\nle téléphone de Julien est tombé dans l’eau hier.\nLe constat est joint.');
    const constat = pdfOf(1_500_000);
    await page.getByLabel(/^Pièce jointe/).setInputFiles({ name: 'constat-sinistre.pdf', mimeType: 'application/pdf', buffer: constat });
    await page.getByText(/constat-sinistre\.pdf \(1,4\s?Mo\)/).waitFor();
    await expectNoAxeViolations(page);

    // About three seconds of upload: the progress bar shows the bytes on their way.
    await slowUploads(page, 500_000);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const progress = page.getByRole('progressbar');
    await progress.waitFor();
    await page.getByText(/^Envoi en cours\s: [\d\s,]+\s(ko|Mo) sur 1,4\sMo \(\d+\s%\)$/).waitFor();
    await expectNoAxeViolations(page);

    const sent = page.getByRole('heading', { level: 2, name: 'Votre message a bien été envoyé' });
    await sent.waitFor({ timeout: 30_000 });
    const reference = (await page.getByText(/^SUP-\d{4}-\d{6}$/).textContent()) ?? '';
    expect(reference).toMatch(/^SUP-\d{4}-\d{6}$/);
    await expectNoAxeViolations(page);

    // The acknowledgement, in the development mailbox.
    const acknowledgement = (await devMails(app.server)).find((mail) => mail.destinataire === DEMO.gestionnaire.email && mail.sujet.includes(reference));
    expect(acknowledgement?.sujet).toMatch(new RegExp(`Votre demande ${reference} a bien été reçue$`));
    expect(acknowledgement?.texte).toContain('Sinistre sur le téléphone de Julien');
    const toService = (await devMails(app.server)).find((mail) => mail.sujet.startsWith(`[${reference}]`));
    expect(toService?.texte).toContain('constat-sinistre.pdf');

    // Both went out over SMTP; the customer service's carries the file, byte for byte.
    await waitFor(() => smtp.received.filter((mail) => mail.raw.includes(reference)).length === 2, { timeoutMs: 30_000, what: 'both mails over SMTP' });
    const overSmtp = smtp.received.find((mail) => mail.to.includes(toService?.destinataire ?? '') && mail.raw.includes(reference));
    expect(overSmtp?.to).toEqual([toService?.destinataire]);
    expect(attachmentOf(overSmtp?.raw ?? '', 'constat-sinistre.pdf')?.equals(constat)).toBe(true);

    // The request, in the account area.
    await page.getByRole('link', { name: 'Suivre mes demandes' }).click();
    await page.waitForURL(/\/mon-compte\/demandes$/);
    await page.getByRole('heading', { level: 1, name: 'Mes demandes' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByText('Sinistre sur le téléphone de Julien').waitFor();
    await row.getByText('Reçue').waitFor();
    await row.getByRole('cell', { name: 'Message au service client', exact: true }).waitFor();
    await expectNoAxeViolations(page);
    expect(appPath(page)).toBe('/mon-compte/demandes');
    // Its page: what was written, and the file that came with it.
    await row.getByRole('link', { name: `Message au service client ${reference}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Demande ${reference}` }).waitFor();
    await page.getByText(/constat-sinistre\.pdf/).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('lets a visitor write from the security page on a 375 px screen, without sideways scrolling nor accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await page.goto(`${app.server.url}/ecare/info-securite-ecare`);
    await page.getByRole('link', { name: 'Accéder au formulaire' }).click();
    await page.waitForURL(/\/assistance\/formulaire-contact\?idTheme=13$/);
    await expect(page.getByRole('combobox', { name: /^Thème/ }).inputValue()).resolves.toBe('Sécurité et données personnelles');
    await choose(page.getByRole('radio', { name: 'Exercer mes droits sur mes données personnelles' }));
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel(/^Objet/).fill('Accès à mes données');
    await page.getByLabel(/^Votre message/).fill('Je souhaite recevoir une copie des données me concernant.');
    await page.getByLabel(/^Prénom/).fill('Claire');
    await page.getByLabel(/^Nom/).fill('Fontaine');
    await page.getByLabel(/^Adresse e-mail/).fill('claire.fontaine@atelier.example');
    // A file that is not what its name says is refused as soon as it is chosen.
    await page.getByLabel(/^Pièce jointe/).setInputFiles({ name: 'piece.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\u0090\u0000 programme') });
    await page.getByText('La pièce jointe doit être un fichier PDF, JPEG ou PNG.').waitFor();
    await page.getByRole('button', { name: 'Retirer la pièce jointe' }).click();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { level: 2, name: 'Votre message a bien été envoyé' }).waitFor();
    const reference = (await page.getByText(/^SUP-\d{4}-\d{6}$/).textContent()) ?? '';
    expect((await devMails(app.server)).some((mail) => mail.destinataire === 'claire.fontaine@atelier.example' && mail.texte.includes(reference))).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
