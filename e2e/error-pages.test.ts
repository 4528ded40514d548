import { describe, expect, it } from 'vitest';
import { useRealApp } from './support/real-app.ts';
import { expectNoAxeViolations } from './support/journey.ts';

const app = useRealApp();

const PAGES = {
  404: '404! Page non trouvée...',
  498: 'Votre lien ou votre jeton de sécurité n’est plus valide',
  499: 'La requête a été interrompue',
} as const;

describe('error pages', () => {
  it.each([404, 498, 499] as const)('/%i has its heading, a way back and no accessibility violation', async (status) => {
    const page = await app.browser.newPage();
    const response = await page.goto(`${app.server.url}/ecare/${status}`);
    // "Page not found" is a 404 for robots and link checkers too; the other two are pages the app opens.
    expect(response?.status()).toBe(status === 404 ? 404 : 200);
    await page.getByRole('heading', { level: 1, name: PAGES[status] }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('sends any unknown path to the 404 page', async () => {
    const page = await app.browser.newPage();
    const response = await page.goto(`${app.server.url}/ecare/pages/nulle-part`);
    expect(response?.status()).toBe(404);
    await page.waitForURL(/\/ecare\/404$/);
    await page.getByRole('heading', { level: 1, name: PAGES[404] }).waitFor();
    await page.close();
  });

  it.each([498, 499] as const)('opens /%i when an API call answers with that status, with the loading overlay stopped', async (status) => {
    const page = await app.browser.newPage();
    // The server never sends these statuses today: the answer is stood in for in the app.browser.
    await page.route('**/api/parametres', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code: `HTTP_${status}`, exceptionMessage: '' }) }),
    );
    await page.goto(`${app.server.url}/ecare/identification/authentification`);
    await page.waitForURL(new RegExp(`/ecare/${status}$`));
    await page.getByRole('heading', { level: 1, name: PAGES[status] }).waitFor();
    expect(await page.getByText('Chargement en cours...').count()).toBe(0);
    await page.close();
  });

  it('offers to go back from /499', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/identification/recuperer-code-confidentiel`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${app.server.url}/ecare/499`);
    await page.getByRole('button', { name: 'Revenir à la page précédente' }).click();
    await page.waitForURL(/\/identification\/recuperer-code-confidentiel$/);
    await page.close();
  });
});
