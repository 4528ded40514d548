import {
  billingAccountListSchema,
  hashConfidentialCode,
  lineDetailSchema,
  linePageSchema,
  tokenResponseSchema,
  type LineDetail,
} from '@ecare/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailedPath } from './support/dev-tools.ts';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import type { RunningServer } from './support/server.ts';

const app = useRealApp();

const ESIM_LINK = /https?:\/\/\S+\/identification\/qrcode\/[\w-]+/;

/** The manager's first active eSIM line, found through the API as the line page reads it. */
async function managerEsimLine(server: RunningServer): Promise<LineDetail> {
  const first = await fetch(`${server.url}/api/parametres`);
  const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  const { email, password } = DEMO.gestionnaire;
  const login = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: await hashConfidentialCode(email, password), grant_type: 'password' }),
  });
  expect(login.status).toBe(200);
  const headers = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).access_token}` };
  const read = async (path: string) => (await fetch(`${server.url}${path}`, { headers })).json();
  const [account] = billingAccountListSchema.parse(await read('/api/comptes_facturation'));
  if (!account) throw new Error('the demo manager has no account');
  const { contrats } = linePageSchema.parse(await read(`/api/contrats_pagination/${account.idClientBscs}?taille=100`));
  for (const line of contrats) {
    const detail = lineDetailSchema.parse(await read(`/api/ligne/${line.idContrat}`));
    if (detail.typeSim === 'ESIM' && detail.codeStatut === 'ACTIF' && detail.utilisateur?.email) return detail;
  }
  throw new Error('the demo manager has no active eSIM line with a user');
}

/** The value shown next to a term. */
function detail(page: Page, term: string) {
  const exact = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('dt').filter({ hasText: exact }).locator('xpath=following-sibling::dd[1]');
}

/** The public eSIM page of a link: title, QR code drawn, activation code masked then shown. */
async function checkInstallationPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Installation de votre eSIM' }).waitFor();
  const qr = page.getByRole('img', { name: /^QR code d’installation de l’eSIM de la ligne 0[67]( \d\d){4}/ });
  await qr.waitFor();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 200)).toBe(true);
  await page.getByText('*#06#').waitFor();
  await expect(detail(page, 'Code d’activation').textContent()).resolves.toBe('••••-••••-••••-••••masqué');
  await expect(detail(page, 'Adresse SM-DP+').textContent()).resolves.toBe('smdp.telora.example');
}

describe('eSIM', () => {
  it('a manager e-mails the installation link of an eSIM line; the link opens the page without a session; a tampered one goes to /404', async () => {
    const line = await managerEsimLine(app.server);
    const recipient = line.utilisateur?.email ?? '';
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/ligne-mobile/${line.idContrat}`);
    const section = page.getByRole('region', { name: 'eSIM' });
    await section.getByRole('heading', { name: 'Envoyer le lien d’installation par e-mail' }).waitFor();
    await expectNoAxeViolations(page);

    // The signed-in eSIM page, from the line page.
    await section.getByRole('link', { name: 'Afficher le QR code de l’eSIM' }).click();
    await page.waitForURL(new RegExp(`/ligne-mobile/${line.idContrat}/esim$`));
    await checkInstallationPage(page);
    await expect(page.title()).resolves.toMatch(/^Installation de votre eSIM – /);
    await expectNoAxeViolations(page);
    await page.goBack();

    // The link by e-mail, to the line user's address proposed by the form, once confirmed.
    const address = page.getByLabel(/^Adresse e-mail du destinataire/);
    await expect(address.inputValue()).resolves.toBe(recipient);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Confirmer l’envoi du lien' });
    await confirmation.getByText(recipient).waitFor();
    await expectNoAxeViolations(page);
    await confirmation.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText(`Le lien d’installation de l’eSIM a été envoyé à ${recipient}.`).waitFor();
    await page.getByText(/Il est valable jusqu’au \d{1,2} \S+ \d{4} à \d\d:\d\d\./).waitFor();
    await context.close();

    // The person who receives it opens it in a browser that has never signed in.
    const path = await mailedPath(app.server, recipient, ESIM_LINK);
    const visitor = await newPage(app.browser);
    await visitor.page.goto(`${app.server.url}${path}`);
    await checkInstallationPage(visitor.page);
    await expectNoAxeViolations(visitor.page);
    const show = visitor.page.getByRole('button', { name: 'Afficher le code d’activation' });
    await show.click();
    await visitor.page.getByRole('button', { name: 'Masquer le code d’activation' }).waitFor();
    const code = (await detail(visitor.page, 'Code d’activation').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await expect(detail(visitor.page, 'Code d’ajout').textContent()).resolves.toBe(`LPA:1$smdp.telora.example$${code}`);
    await expectNoAxeViolations(visitor.page);

    // A link with one character changed, or none at all, leads to /404.
    const cipher = path.split('/').pop() ?? '';
    const tampered = `${cipher.slice(0, 20)}${cipher[20] === 'A' ? 'B' : 'A'}${cipher.slice(21)}`;
    await visitor.page.goto(`${app.server.url}/ecare/identification/qrcode/${tampered}`);
    await visitor.page.waitForURL(/\/ecare\/404$/);
    await visitor.page.getByRole('heading', { level: 1, name: '404! Page non trouvée...' }).waitFor();
    await visitor.page.goto(`${app.server.url}/ecare/identification/qrcode/`);
    await visitor.page.waitForURL(/\/ecare\/404$/);
    expect(appPath(visitor.page)).toBe('/404');
    await visitor.context.close();

    // At 375 px: one column, no sideways scrolling, still no violation.
    const narrow = await newPage(app.browser, { width: 375 });
    await narrow.page.goto(`${app.server.url}${path}`);
    await checkInstallationPage(narrow.page);
    await narrow.page.getByRole('button', { name: 'Afficher le code d’activation' }).click();
    await detail(narrow.page, 'Code d’ajout').filter({ hasText: /^LPA:1\$smdp\.telora\.example\$[A-Z0-9-]{19}$/ }).waitFor();
    const widths = await narrow.page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expectNoAxeViolations(narrow.page);
    await narrow.context.close();
  });
});
