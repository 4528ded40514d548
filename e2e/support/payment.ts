import type { Page } from 'playwright-core';

/** The sandbox provider's test cards (decision 027). */
export const CARDS = { accepted: '4111 1111 1111 1111', refused: '4000 0000 0000 0002', challenge: '4000 0000 0000 3220' } as const;

/** Types a test card on the sandbox provider's page (an expiry in the future, any code) and pays. */
export async function typeCard(page: Page, number: string = CARDS.accepted): Promise<void> {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel('Date d’expiration').fill('12/35');
  await page.getByLabel('Cryptogramme visuel').fill('123');
  await page.getByRole('button', { name: /^Payer / }).click();
}
