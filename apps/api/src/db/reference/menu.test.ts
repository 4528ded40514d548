import { isPageLink, isPlaceholderUrl } from '@ecare/shared/page-paths';
import { describe, expect, it } from 'vitest';
import { REFERENCE_MENU } from './menu.ts';

const inApp = (url: string) => !/^[a-z][a-z\d+.-]*:/i.test(url);

describe('reference menu', () => {
  it('leads every in-app entry to a page of the app, never to its “page not found”', () => {
    const links = REFERENCE_MENU.flatMap((row) => (row.url && inApp(row.url) ? [{ id: row.id, url: row.url }] : []));
    expect(links.length).toBeGreaterThan(15);
    expect(links.filter((link) => !isPageLink(link.url))).toEqual([]);
  });

  it('points no entry, image or its link at a placeholder host (example.com, .test, localhost…)', () => {
    const addresses = REFERENCE_MENU.flatMap((row) => [row.url, row.urlImage, row.cheminImage].flatMap((url) => (url ? [{ id: row.id, url }] : [])));
    expect(addresses.filter((address) => isPlaceholderUrl(address.url))).toEqual([]);
  });
});
