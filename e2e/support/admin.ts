import type { Page } from 'playwright-core';
import { loginWithKeyboard } from './journey.ts';
import { completeSecondStep } from './second-factor.ts';

/** The demo administration user (README). */
export const ADMIN = { email: 'admin@demo.test', password: 'Demo-Admin-2026!' } as const;

/**
 * The administrator signs in on the customers' login page and lands in the back office, through
 * the second step administrators must pass (decision 057): their app enrolled at the first sign-in
 * of the run's server, its code at the next ones.
 */
export async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await loginWithKeyboard(page, url, ADMIN.email, ADMIN.password);
  await completeSecondStep(page, url, ADMIN.email, /\/ecare\/administration\/parametres$/);
  await page.waitForURL(/\/ecare\/administration\/parametres$/);
  await page.getByRole('heading', { level: 1, name: 'Paramètres du portail' }).waitFor();
}

/** Whether the page fits its window's width (no sideways scrolling). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
