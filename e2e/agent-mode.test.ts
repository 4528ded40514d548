import { SECURITY_TEXTS } from '@ecare/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { freshCode, rememberApp } from './support/second-factor.ts';

const app = useRealApp();

const AGENTS = {
  bdp: { identifiant: 'AG100001', password: 'Agent-Demo-2026!', regate: 'BDP001', label: 'Camille Martin (cmartin)' },
  distance: { identifiant: 'AG100002', password: 'Agent-Distance-2026!', label: 'Hugo Bernard (hbernard)' },
} as const;
const MOTIF = 'Appel du client pour ses préférences';

const field = (page: Page, label: RegExp) => page.getByLabel(label);
const errorOf = (page: Page, text: string) => page.getByText(text, { exact: true });

async function openAgentLogin(page: Page): Promise<void> {
  await page.goto(`${app.server.url}/ecare/identification/authen-gc`);
  await page.getByRole('heading', { level: 1, name: 'Connexion conseiller' }).waitFor();
  await page.getByRole('button', { name: 'Valider' }).waitFor();
}

async function identify(page: Page, agent: { identifiant: string; password: string; label: string }): Promise<void> {
  await openAgentLogin(page);
  await field(page, /^Identifiant/).fill(agent.identifiant);
  await field(page, /^Code confidentiel/).fill(agent.password);
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.getByText(agent.label.split(' (')[0] ?? '').first().waitFor();
}

/** The search form of /recherche-client, submitted. */
async function search(page: Page, values: { email?: string; account?: string; motif?: string }): Promise<void> {
  await field(page, /^Adresse e-mail du gestionnaire/).fill(values.email ?? '');
  if (values.account !== undefined) await field(page, /^Numéro de compte de facturation/).fill(values.account);
  await field(page, /^Motif de la connexion/).fill(values.motif ?? MOTIF);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

function banner(page: Page): Locator {
  return page.getByRole('region', { name: 'Mode conseiller' });
}

async function leaveCustomer(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: 'Quitter le compte client' }).click();
  await page.waitForURL(/\/recherche-client$/);
  await page.getByRole('heading', { level: 1, name: 'Rechercher un client' }).waitFor();
}

describe('agent mode', () => {
  it('checks the agent login forms with the spec’s messages, then a counter agent reaches a customer by Régate code and e-mail', async () => {
    const { context, page } = await newPage(app.browser);
    await openAgentLogin(page);
    await expect(page.title()).resolves.toMatch(/^Connexion conseiller – /);
    await expectNoAxeViolations(page);

    // Form 1: empty, then a wrong format and forbidden characters; focusing a field clears its error.
    await page.getByRole('button', { name: 'Valider' }).click();
    await errorOf(page, 'Identifiant non renseigné').waitFor();
    await errorOf(page, 'Code confidentiel non renseigné').waitFor();
    await expectNoAxeViolations(page);
    await field(page, /^Code confidentiel/).focus();
    await errorOf(page, 'Code confidentiel non renseigné').waitFor({ state: 'detached' });
    await field(page, /^Identifiant/).fill('AGENT-1');
    await field(page, /^Code confidentiel/).fill('mon<code>');
    await page.getByRole('button', { name: 'Valider' }).click();
    await errorOf(page, "Le format de l’identifiant est incorrect").waitFor();
    await errorOf(page, 'Les caractères suivants : \', ", < et > sont interdits dans le mot de passe.').waitFor();
    // A wrong code: the spec's refusal with the brand.
    await field(page, /^Identifiant/).fill(AGENTS.bdp.identifiant);
    await field(page, /^Code confidentiel/).fill('Pas-Le-Bon-2026!');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('alert').getByText('Votre identifiant Telora Pro et votre code confidentiel ne correspondent pas.').waitFor();

    // Recognised: the header names the agent; forms 2 and 3 appear.
    await field(page, /^Code confidentiel/).fill(AGENTS.bdp.password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Camille Martin').waitFor();
    await page.getByText('(cmartin)').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await errorOf(page, 'Le code regate est obligatoire').waitFor();
    await errorOf(page, "Veuillez indiquer l’adresse email du client.").waitFor();
    await expectNoAxeViolations(page);
    await field(page, /^Code Régate/).fill(AGENTS.bdp.regate);
    await field(page, /^Adresse e-mail du client/).fill('pas-une-adresse');
    await field(page, /^Motif de la connexion/).fill(MOTIF);
    await page.getByRole('button', { name: 'Valider' }).click();
    await errorOf(page, "L’adresse email du client est incorrecte.").waitFor();
    // An agent signing in with a code enrols their own app first (decision 057); only then is the
    // customer told apart: one who manages several accounts is refused.
    await field(page, /^Adresse e-mail du client/).fill(DEMO.mandataire.email);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(SECURITY_TEXTS.enrolmentRequired).waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectNoAxeViolations(page);
    const secret = (await page.locator('code').first().textContent()) ?? '';
    await page.getByLabel(/^Code de vérification/).fill(rememberApp(app.server.url, AGENTS.bdp.regate, secret));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('alert').getByText(/plusieurs comptes de facturation/).waitFor();
    await page.getByRole('button', { name: 'Revenir à l’identification' }).click();

    // Then the app's code (the next one: a code serves once).
    await field(page, /^Code Régate/).fill(AGENTS.bdp.regate);
    await field(page, /^Adresse e-mail du client/).fill(DEMO.gestionnaire.email);
    await field(page, /^Motif de la connexion/).fill(MOTIF);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await page.getByLabel(/^Code de vérification/).fill(await freshCode(app.server.url, AGENTS.bdp.regate));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(/\/pages\/accueil$/);
    await banner(page).getByText(`Vous agissez pour le compte de Boulangerie Lemoine SARL — ${AGENTS.bdp.label}`).waitFor();
    await expectNoAxeViolations(page);

    // At the counter, the customer pays what is due by cheque: the agent records it.
    await page.goto(`${app.server.url}/ecare/mon-compte/paiement`);
    const counter = page.getByRole('region', { name: 'Paiement reçu au comptoir' });
    await counter.waitFor();
    await counter.getByRole('button', { name: 'Enregistrer le paiement au comptoir' }).click();
    await counter.getByText('Indiquez comment le client a payé.').waitFor();
    await expectNoAxeViolations(page);
    await choose(counter.getByRole('radio', { name: 'chèque' }));
    await counter.getByLabel(/^Numéro du reçu ou du chèque/).fill('CHQ 0012345');
    await counter.getByRole('button', { name: 'Enregistrer le paiement au comptoir' }).click();
    await page.getByRole('status').getByText(/^Paiement de [\d\s,]+\s€ enregistré pour F\d+/).waitFor();
    // Paid in full: nothing is left to pay by card.
    await page.getByText('Vous n’avez aucune facture à payer par carte.').waitFor();

    // The frame's logout ends the agent's session too and returns to the agent login.
    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await page.waitForURL(/\/identification\/authen-gc$/);
    await page.getByLabel(/^Identifiant/).waitFor();
    await context.close();
  }, 120_000); // The agent's second code may wait for the app's next step (up to 30 s).

  it('finds customers by e-mail and by account number, acts for one and leaves; the customer reads the agent’s actions', async () => {
    const { context, page } = await newPage(app.browser);
    await identify(page, AGENTS.distance);
    await page.getByRole('link', { name: 'Rechercher un client' }).click();
    await page.waitForURL(/\/recherche-client$/);
    await page.getByRole('heading', { level: 1, name: 'Rechercher un client' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Rechercher un client – /);
    await expectNoAxeViolations(page);

    // Spec §5: searching with nothing, an unknown e-mail, the account field disabled while an e-mail is typed.
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await errorOf(page, 'Adresse e-mail invalide').waitFor();
    await search(page, { email: 'personne@demo.test' });
    await page.getByText('Aucun client trouvé').waitFor();
    await expect(field(page, /^Numéro de compte de facturation/).isDisabled()).resolves.toBe(true);

    // Two accounts: a radio choice.
    await search(page, { email: DEMO.mandataire.email });
    const radios = page.getByRole('radio');
    await radios.first().waitFor();
    expect(await radios.count()).toBe(2);
    await expectNoAxeViolations(page);
    const secondCode = (await page.getByRole('row').nth(2).getByRole('cell').nth(1).textContent()) ?? '';
    expect(secondCode).toMatch(/^[1-9](\.\d+){1,2}$/);
    await page.getByRole('radio', { name: /^Transports Girard SAS/ }).check();
    await page.getByRole('button', { name: 'Sélectionner ce client' }).click();
    await page.getByText('Connexion OK').waitFor();
    await page.waitForURL(/\/pages\/accueil$/);
    await banner(page).getByText(`Vous agissez pour le compte de Transports Girard SAS — ${AGENTS.distance.label}`).waitFor();
    await page.getByText(AGENTS.distance.label).first().waitFor();
    await expectNoAxeViolations(page);

    // A write as the customer: the account's contact preferences.
    await page.goto(`${app.server.url}/ecare/mon-compte/preferences`);
    await page.getByRole('heading', { level: 1, name: 'Préférences de contact' }).waitFor();
    await banner(page).waitFor();
    await page.getByRole('button', { name: 'Enregistrer les préférences du compte' }).click();
    await page.getByText('Les préférences de contact du compte ont été enregistrées.').waitFor();
    await leaveCustomer(page);

    // By account number: a single result connects at once.
    await search(page, { account: secondCode });
    await page.getByText('Connexion OK').waitFor();
    await page.waitForURL(/\/pages\/accueil$/);
    await banner(page).getByText(/^Vous agissez pour le compte de Travaux Publics Girard SARL — /).waitFor();
    await leaveCustomer(page);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/identification\/authen-gc$/);
    await context.close();

    // The customer reads what the agent did, and why.
    const customer = await newPage(app.browser);
    const customerPage = customer.page;
    await customerPage.goto(`${app.server.url}/ecare/identification/authentification`);
    await customerPage.getByLabel('Identifiant').fill(DEMO.mandataire.email);
    await customerPage.getByLabel(/Code confidentiel/).fill(DEMO.mandataire.password);
    await customerPage.getByRole('button', { name: 'Valider' }).and(customerPage.locator(':enabled')).click();
    await customerPage.waitForURL(/\/pages\/choix-compte-facturation/);
    await customerPage.getByRole('button', { name: /Choisir ce compte/ }).first().click();
    await customerPage.waitForURL(/\/pages\/accueil$/);
    await customerPage.goto(`${app.server.url}/ecare/mon-compte`);
    await customerPage.getByRole('link', { name: 'Actions du service client' }).click();
    await customerPage.waitForURL(/\/mon-compte\/actions-service-client$/);
    expect(appPath(customerPage)).toBe('/mon-compte/actions-service-client');
    const rows = customerPage.getByRole('row');
    await rows.nth(1).waitFor();
    await expect(rows.nth(1).textContent()).resolves.toContain('Modification des préférences de contact');
    await expect(rows.nth(2).textContent()).resolves.toContain('Connexion d’un conseiller à votre compte');
    await expect(rows.nth(2).textContent()).resolves.toContain(MOTIF);
    await expect(rows.nth(2).textContent()).resolves.toContain(AGENTS.distance.label);
    await expect(banner(customerPage).count()).resolves.toBe(0);
    await expectNoAxeViolations(customerPage);
    await customer.context.close();
  });

  it('has no accessibility violation at 375 px on the agent pages and with the banner', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openAgentLogin(page);
    await expectNoAxeViolations(page);
    await identify(page, AGENTS.distance);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Rechercher un client' }).click();
    await page.waitForURL(/\/recherche-client$/);
    await page.getByRole('heading', { level: 1, name: 'Rechercher un client' }).waitFor();
    await expectNoAxeViolations(page);
    await search(page, { email: DEMO.solo.email });
    await page.waitForURL(/\/pages\/accueil$/);
    await banner(page).getByText(/^Vous agissez pour le compte de /).waitFor();
    await expectNoAxeViolations(page);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await context.close();
  });
});
