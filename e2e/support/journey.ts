import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, describeViolations } from './browser.ts';

export const DEMO = {
  gestionnaire: { email: 'gestionnaire@demo.test', password: 'Demo-Gestion-2026!' },
  mandataire: { email: 'mandataire@demo.test', password: 'Demo-Mandat-2026!' },
  solo: { email: 'solo@demo.test', password: 'Demo-Solo-2026!' },
  utilisateur: { email: 'utilisateur@demo.test', password: 'Demo-Ligne-2026!' },
} as const;

/** What the Content-Security-Policy refused on each page, as Chromium reports it in the console. */
const refusedByPolicy = new WeakMap<Page, string[]>();

/** A fresh browser profile (own storage and cookies) on a desktop-sized window, in the machine's time zone unless told. */
export async function newPage(browser: Browser, options: { width?: number; timeZone?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, locale: 'fr-FR', timezoneId: options.timeZone });
  const page = await context.newPage();
  const refused: string[] = [];
  refusedByPolicy.set(page, refused);
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

/** Fills the customer login form with the keyboard and submits it with Enter. */
export async function loginWithKeyboard(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/ecare/identification/authentification`);
  await page.getByLabel('Identifiant').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  // The page arrives rendered and the app takes it over just after its first paint; until then
  // Valider is disabled and Enter does nothing (no bare HTML submission).
  await page.getByRole('button', { name: 'Valider' }).and(page.locator(':enabled')).waitFor();
  await page.keyboard.press('Enter');
}

/** No WCAG 2.1 A/AA violation on the page, and nothing the page tried so far refused by the CSP. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  expect(refusedByPolicy.get(page) ?? [], 'refused by the Content-Security-Policy').toEqual([]);
}

export function appPath(page: Page): string {
  return new URL(page.url()).pathname.replace(/^\/ecare/, '');
}

/**
 * Ticks a React Aria radio button or checkbox the way a person does, a click on its label (which
 * Playwright makes once the label stands still), and waits until it shows ticked. Its input is
 * visually hidden: a click forced on it lands wherever the page was when its place was measured.
 */
export async function choose(control: Locator): Promise<void> {
  await pressLabel(control);
  await expect.poll(() => control.isChecked()).toBe(true);
}

/** Clicks the label of a React Aria checkbox or radio button: ticks or unticks it. */
export function pressLabel(control: Locator): Promise<void> {
  return control.locator('xpath=ancestor::label[1]').click();
}
