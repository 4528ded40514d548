import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { typeCard } from './support/payment.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Pays on the sandbox provider's page with a test card. */
async function payInSandbox(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/sandbox-paiement\/[\w-]+$/);
  await page.getByRole('heading', { level: 1, name: 'Paiement par carte' }).waitFor();
  await typeCard(page, card);
}

/**
 * The cumulative layout shift of the page since it was loaded, through `during`: every
 * `layout-shift` entry not caused by a recent input, as Chromium reports them to a
 * PerformanceObserver, with the elements that moved (to say what shifted when it fails).
 */
async function layoutShiftThrough(page: Page, during: () => Promise<void>): Promise<{ total: number; shifts: string[] }> {
  await page.evaluate(() => {
    const seen: { value: number; sources: string }[] = [];
    (window as unknown as { shiftsSeen: typeof seen }).shiftsSeen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName)));
        seen.push({ value: entry.value, sources: sources.join(' | ') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await during();
  const seen = await page.evaluate(() => (window as unknown as { shiftsSeen: { value: number; sources: string }[] }).shiftsSeen);
  return { total: seen.reduce((sum, shift) => sum + shift.value, 0), shifts: seen.map((shift) => `${shift.value.toFixed(4)} ${shift.sources}`) };
}

describe('new phone of a line', () => {
  it('keeps the page in place from its first paint through its pictures and three seconds of scrolling (layout shift ≤ 0.01)', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-telephone/nouveau-telephone`);
    await page.waitForURL(/\/mon-telephone\/nouveau-telephone\/\d+$/);
    // The page loaded afresh, as from a bookmark: the shifts are counted from its first paint.
    await page.reload();
    const { total, shifts } = await layoutShiftThrough(page, async () => {
      const phones = page.getByRole('radiogroup', { name: /Choisissez votre téléphone/ });
      const first = phones.locator('img').first();
      await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      // Three seconds of scrolling down the list, the pictures loading as they come near.
      for (let step = 0; step < 30; step++) {
        await page.mouse.wheel(0, 120);
        await page.waitForTimeout(100);
      }
    });
    expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.01);
    await context.close();
  });

  it('orders a new phone from the menu at 375 px, a refused card then the order paid again from its page, sees the confirmation and finds the order', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    // The fully paid customer (one account, one line): the menu's unpaid check (RM) lets them through.
    await loginWithKeyboard(page, app.server.url, DEMO.solo.email, DEMO.solo.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await menu.getByRole('button', { name: 'Mes lignes' }).click();
    await menu.getByRole('link', { name: 'Nouveau téléphone' }).click();
    await page.waitForURL(/\/mon-telephone\/nouveau-telephone\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /^Nouveau téléphone pour la ligne/ }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Nouveau téléphone – /);
    await page.getByRole('heading', { level: 2, name: 'Votre ligne' }).waitFor();
    const phones = page.getByRole('radiogroup', { name: /Choisissez votre téléphone/ });
    await phones.getByRole('radio').first().waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);

    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Vérifier ma commande' }).click();
    await page.getByText('Veuillez choisir un téléphone.').first().waitFor();

    // The first phone in stock, a colour, delivery at the account's address, payment by card.
    // Each phone with its catalogue picture, loaded (a wrong address would show a broken image).
    const picture = phones.locator('img').first();
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const available = phones.locator('input[type="radio"]:not([disabled])').first();
    await choose(available);
    const colours = page.getByRole('radiogroup', { name: /^Couleur/ });
    await colours.waitFor();
    const colour = colours.getByRole('radio').first();
    if (!(await colour.isChecked())) await choose(colour);
    await choose(page.getByRole('radio', { name: /^À l’adresse de mon compte/ }));
    await choose(page.getByRole('radio', { name: /^Carte bancaire/ }));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Vérifier ma commande' }).click();

    // The recap, with its totals.
    await page.getByRole('heading', { level: 2, name: 'Vérifiez votre commande' }).waitFor();
    await page.getByText('Total TTC').first().waitFor();
    await page.getByText('TVA (20 %)').first().waitFor();
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Confirmer et payer par carte' }).click();

    // The sandbox's page: a refused card first. The order waits for its payment; it is paid again from its page.
    await payInSandbox(page, '4000 0000 0000 0002');
    await page.waitForURL(/\/mon-compte\/paiement\/retour\?transactionReference=/);
    await page.getByText('Paiement refusé').waitFor();
    const retry = page.getByRole('link', { name: /^Payer la commande CMD-\d{4}-\d{6,9}$/ });
    await retry.waitFor();
    await expectNoAxeViolations(page);
    await retry.click();
    await page.waitForURL(/\/mon-compte\/commandes\/CMD-\d{4}-\d{6,9}$/);
    await page.getByText('Cette commande attend son paiement par carte.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Payer la commande par carte' }).click();

    // A test card accepted.
    await payInSandbox(page, '4111 1111 1111 1111');

    // Back on the portal: the order's confirmation.
    await page.waitForURL(/\/mon-compte\/paiement\/retour\?transactionReference=/);
    const confirmed = page.getByText(/^Votre commande CMD-\d{4}-\d{6,9} est confirmée$/);
    await confirmed.waitFor();
    const numero = /CMD-\d{4}-\d{6,9}/.exec((await confirmed.textContent()) ?? '')?.[0] ?? '';
    expect(numero).not.toBe('');
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);

    // The order is among the account's orders, paid.
    await page.goto(`${app.server.url}/ecare/mon-compte/commandes`);
    await page.getByRole('heading', { level: 1, name: 'Mes commandes' }).waitFor();
    const link = page.getByRole('link', { name: new RegExp(numero) });
    await link.waitFor();
    await expectNoAxeViolations(page);
    await link.click();
    await page.waitForURL(new RegExp(`/mon-compte/commandes/${numero}$`));
    await page.getByRole('heading', { level: 1, name: `Commande ${numero}` }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(/Nouveau téléphone/).first().waitFor();
    await main.getByText('Commande confirmée').first().waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
