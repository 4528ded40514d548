import { describe, expect, it } from 'vitest';
import { DEMO, appPath, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

describe('customer login', () => {
  it('opens the login page from the site root, with its title and no accessibility violation', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/`);
    await page.waitForURL(/\/ecare\/identification\/authentification$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('CONNECTEZ-VOUS À VOTRE ESPACE CLIENT PRO');
    await expect(page.title()).resolves.toMatch(/Espace client Pro/);
    await page.getByText('Nouveau : vos factures des 24 derniers mois').waitFor();
    for (const name of ['Code confidentiel oublié ou première connexion', 'Questions fréquentes', 'Nous contacter', 'Service après vente']) {
      await page.getByRole('link', { name }).first().waitFor();
    }
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('says the identifier and code do not match when the fields are empty or invalid, and shows the server’s answer to a wrong code', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/identification/authentification`);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('alert').getByText('Votre identifiant et votre code confidentiel ne correspondent pas').waitFor();
    await expect(page.getByLabel('Identifiant').getAttribute('aria-invalid')).resolves.toBe('true');

    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, 'Mauvais-Code-1');
    await page.getByRole('alert').getByText('Votre identifiant et votre code confidentiel ne correspondent pas', { exact: true }).waitFor();
    expect(appPath(page)).toBe('/identification/authentification');
    await context.close();
  });

  it('takes a gestionnaire straight to the home page of their account, by keyboard alone', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByText('Boulangerie Lemoine SARL').first().waitFor();
    await page.getByText('12 lignes').waitFor();
    await page.getByRole('link', { name: 'Voir toutes mes lignes' }).waitFor();
    // The heaviest data users show their numbers in French national format.
    await expect(page.getByRole('region', { name: 'Plus gros consommateurs' }).textContent()).resolves.toMatch(/0[67]( \d\d){4}/);
    await page.getByRole('navigation').first().waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('lets a mandataire choose among the accounts they manage, then shows the company identifier', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.mandataire.email, DEMO.mandataire.password);
    await page.waitForURL(/\/pages\/choix-compte-facturation/);
    const choices = page.getByRole('button', { name: /Choisir ce compte/ });
    await choices.first().waitFor();
    expect(await choices.count()).toBe(2);
    await expect(page.getByText('Cabinet Girard Conseil EURL').count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await choices.first().click();
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByText('Transports Girard SAS').first().waitFor();
    await page.getByText('SIREN/SIRET :').first().waitFor();
    await expect(page.getByText(/^841 ?293 ?756 ?\d{5}$/).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('selects the only account and its only line for the solo mandataire', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByText('Atelier Vincent Design SASU').first().waitFor();
    const line = await page.getByText('Ligne :').locator('xpath=following-sibling::dd').first().textContent();
    expect(line).toMatch(/^0[67]( \d\d){4}$/);
    await context.close();
  });

  it('sends a simple line user to their own home page', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await page.waitForURL(/\/pages\/accueil-utilisateur$/);
    await page.getByRole('heading', { name: 'Bonjour Julien Roux' }).waitFor();
    await context.close();
  });
});

describe('session and navigation', () => {
  it('logs out: storage cleared, back on the login page, protected pages closed', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await page.waitForURL(/\/identification\/authentification/);
    const storage = await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length }));
    expect(storage).toEqual({ session: 0, local: 0 });
    await page.goto(`${app.server.url}/ecare/pages/accueil`);
    await page.waitForURL(/\/identification\/authentification/);
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/nulle-part/ici`);
    await page.waitForURL(/\/ecare\/404$/);
    await page.getByText('404! Page non trouvée...').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('keeps an authenticated user away from the login page', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/identification/authentification`);
    await page.waitForURL(/\/pages\/accueil$/);
    await context.close();
  });
});
