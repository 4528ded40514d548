import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

const FAQ_PATH = '/ecare/assistance/faq';

/** Opens the FAQ and waits for its three parts: the search, the most consulted questions, the themes. */
async function openFaq(page: Page): Promise<void> {
  await page.goto(`${app.server.url}${FAQ_PATH}`);
  await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Les questions les plus consultées' }).waitFor();
  await page.getByRole('button', { name: /^Factures \(8 questions\)$/ }).waitFor();
  await expect(page.title()).resolves.toMatch(/^Questions fréquentes – /);
}

/** Whether the page fits its window's width (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The FAQ search calls the page has made so far, by the keyword each asked for. */
function watchSearches(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/Faq\/faq_rechercher\/([^?]*)/.exec(request.url());
    if (match?.[1] !== undefined) asked.push(decodeURIComponent(match[1]));
  });
  return asked;
}

describe('FAQ', () => {
  it('searches as a visitor types, opens a result (a view), takes one vote, without accessibility violations', async () => {
    const { context, page } = await newPage(app.browser);
    const asked = watchSearches(page);
    await openFaq(page);
    await expect(page.getByRole('list', { name: 'Résultats de la recherche' }).count()).resolves.toBe(0);

    // Typed at a steady pace with the keyboard: one search after the pause, not one per key.
    await page.getByLabel('Votre question ou des mots-clés').focus();
    await page.keyboard.type('resiliation', { delay: 40 });
    const status = page.getByRole('status').filter({ hasText: /questions? trouvées? pour «\sresiliation\s»/ });
    await status.waitFor();
    expect(asked).toEqual(['resiliation']);
    const results = page.getByRole('list', { name: 'Résultats de la recherche' });
    // Accents are ignored: "resiliation" finds "résiliation", highlighted.
    await expect(results.locator('mark').filter({ hasText: /^[Rr]ésiliation$/ }).count()).resolves.toBeGreaterThan(0);

    // Opening a result shows its answer and counts a view.
    const viewed = page.waitForResponse((response) => response.url().endsWith('/api/Faq/statistiques') && response.request().method() === 'POST');
    await results.getByRole('button', { name: 'Comment résilier une ligne mobile ?' }).click();
    expect((await viewed).status()).toBe(200);
    const answer = results.getByText(/Le gestionnaire du compte résilie une ligne depuis l’espace client/).filter({ visible: true });
    await answer.waitFor();
    await expectNoAxeViolations(page);

    // "Was this helpful": yes, once; the thanks take the focus.
    const feedback = results.getByRole('group', { name: 'Cette réponse vous a-t-elle aidé ?' });
    await feedback.getByRole('button', { name: 'Oui' }).click();
    const thanks = results.getByRole('status').filter({ hasText: 'Merci pour votre avis !' });
    await thanks.waitFor();
    await expect(thanks.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(feedback.count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    // The same browser, after a reload, has given its opinion already: the server says so.
    await openFaq(page);
    await page.getByRole('button', { name: /^Résiliation \(\d+ questions\)$/ }).click();
    await page.getByRole('button', { name: 'Comment résilier une ligne mobile ?' }).click();
    const again = page.getByRole('group', { name: 'Cette réponse vous a-t-elle aidé ?' });
    await again.getByRole('button', { name: 'Non' }).click();
    await page.getByRole('status').filter({ hasText: 'Vous avez déjà donné votre avis sur cette réponse. Merci !' }).waitFor();
    await context.close();
  });

  it('says when nothing matches, and searches at once with Enter', async () => {
    const { context, page } = await newPage(app.browser);
    const asked = watchSearches(page);
    await openFaq(page);
    const field = page.getByLabel('Votre question ou des mots-clés');
    await field.fill('zzz introuvable');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Aucune question ne correspond à « zzz introuvable »' }).waitFor();
    expect(asked).toEqual(['zzz introuvable']);
    // Too short a search is not asked for; Enter says why.
    await field.fill('ab');
    await page.keyboard.press('Enter');
    await page.getByText('La recherche doit comporter au moins 3 caractères.').waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await context.close();
  });

  it('opens a theme and a question with the keyboard at 375 px, follows an in-app link through the router, without accessibility violations', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openFaq(page);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);

    const theme = page.getByRole('button', { name: /^Carte SIM et eSIM \(\d+ questions\)$/ });
    await theme.focus();
    await page.keyboard.press('Enter');
    await expect(theme.getAttribute('aria-expanded')).resolves.toBe('true');
    const question = page.getByRole('button', { name: 'J’ai perdu mon téléphone ou on me l’a volé : comment bloquer la ligne ?' });
    await question.waitFor();
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/la ligne est suspendue immédiatement/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);

    // A link of an answer into the portal changes the page without reloading the app.
    await page.evaluate(() => Object.assign(window, { sameApp: true }));
    await page.getByRole('main').getByRole('link', { name: 'Service après-vente', exact: true }).click();
    await page.waitForURL(/\/ecare\/assistance\/sav$/);
    await page.getByRole('heading', { level: 1, name: 'Service après-vente' }).waitFor();
    await expect(page.evaluate(() => (window as { sameApp?: boolean }).sameApp)).resolves.toBe(true);
    await context.close();
  });

  it('is in the page frame for a signed-in manager, reached from the menu', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await openFaq(page);
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    const mostViewed = page.getByRole('region', { name: 'Les questions les plus consultées' });
    await expect(mostViewed.getByRole('listitem').count()).resolves.toBe(10);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
