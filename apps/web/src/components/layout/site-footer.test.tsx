import { isPlaceholderUrl } from '@ecare/shared/page-paths';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

afterEach(cleanup);

/** The footer of a signed-in page, with the external resources on. */
function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter socialEnabled />
    </MemoryRouter>,
  );
}

describe('SiteFooter', () => {
  it('leads « Protection des données » to the portal’s personal-data page, and no link to a placeholder host', () => {
    renderFooter();
    const legal = within(screen.getByRole('navigation', { name: 'Informations légales' }));
    expect(legal.getByRole('link', { name: 'Protection des données' }).getAttribute('href')).toBe('/pages/donnees-personnelles');
    const hrefs = screen.getAllByRole('link').flatMap((link) => link.getAttribute('href') ?? []);
    expect(hrefs.filter(isPlaceholderUrl)).toEqual([]);
  });

  it('keeps a social network inert while the operator has not given its address, even with external resources on', () => {
    renderFooter();
    const social = within(screen.getByRole('list', { name: 'Réseaux sociaux' }));
    for (const link of social.getAllByRole('link')) {
      expect(link.getAttribute('href'), link.textContent ?? '').toBeNull();
      expect(link.getAttribute('aria-disabled')).toBe('true');
    }
  });
});
