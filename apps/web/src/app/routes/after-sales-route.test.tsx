import { AFTER_SALES_CONTACT_THEME_ID } from '@ecare/shared/legal';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_LINE } from '../../config/contacts.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import { AfterSalesRoute } from './after-sales-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('after-sales page', () => {
  it('gives the support line and hours, the contact form on its after-sales theme, and where to suspend a lost line, signed out', () => {
    const { requests } = stubFetch(() => new Response(null, { status: 500 }));
    renderPage(<AfterSalesRoute />, { path: '/assistance/sav' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Service après-vente');
    expect(screen.getByText(SUPPORT_LINE.hours)).toBeTruthy();
    expect(SUPPORT_LINE.hours).toBe('du lundi au samedi de 8 h à 20 h');
    expect(screen.getAllByRole('link', { name: SUPPORT_LINE.number })[0]?.getAttribute('href')).toBe(`tel:${SUPPORT_LINE.number}`);
    expect(screen.getByRole('link', { name: 'Écrire au service après-vente' }).getAttribute('href')).toBe(
      `/assistance/formulaire-contact?idTheme=${AFTER_SALES_CONTACT_THEME_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Vos lignes mobiles' }).getAttribute('href')).toBe('/pages/mes-lignes-mobiles');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Contacter le service après-vente',
      'Votre téléphone est en panne ou endommagé',
      'Garantie, réparation et échange',
      'Vous avez souscrit une assurance\u00a0: déclarer un sinistre',
      'Votre téléphone est perdu ou volé',
    ]);
    // A visitor without a session asks the API nothing.
    expect(requests).toEqual([]);
  });
});
