import type { Locator, Page } from 'playwright-core';

/**
 * The rows of the page's data tables, as the screen shows them: table rows, or on a phone
 * (below 700 px) cards, list items named by their title (components/ui/table/data-cards.tsx).
 */
export function dataRows(scope: Page | Locator): Locator {
  return scope.getByRole('row').or(scope.getByRole('listitem', { name: /\S/ }));
}

/** A row by its title: the header cell of a table row, or a card's name. */
export function dataRowNamed(page: Page, name: string | RegExp): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) }).or(page.getByRole('listitem', { name }));
}

/** The titles of the rows shown, in order: their header cells, or their cards' titles. */
export function dataRowTitles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cards = Array.from(document.querySelectorAll('li[aria-labelledby]'), (card) => document.getElementById(card.getAttribute('aria-labelledby') ?? ''));
    return [...Array.from(document.querySelectorAll('th[scope="row"]')), ...cards].map((element) => element?.textContent ?? '');
  });
}
