import { supportTicketPageSchema, type SupportTicket } from '@ecare/shared/support';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { SupportTickets } from './support-tickets.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ticket = (overrides: Partial<SupportTicket>): SupportTicket => ({
  reference: 'SUP-2026-000042',
  dateCreation: '2026-03-02T09:05:00.000Z',
  dateMiseAJour: '2026-03-02T09:05:00.000Z',
  theme: 'Service après-vente',
  sousTheme: 'Garantie et échange',
  objet: 'Écran cassé',
  statut: 'OUVERTE',
  pieceJointe: { nom: 'constat.pdf', type: 'application/pdf', taille: 1_500_000 },
  ...overrides,
});

describe('SupportTickets', () => {
  it('lists the requests with their reference, date, theme, attachment and status, page by page', async () => {
    const first = supportTicketPageSchema.parse({ demandes: [ticket({})], total: 11, page: 1, taille: 10 });
    const second = supportTicketPageSchema.parse({ demandes: [ticket({ reference: 'SUP-2026-000001', statut: 'RESOLUE', pieceJointe: null })], total: 11, page: 2, taille: 10 });
    const { requests } = stubFetch((request) => jsonResponse(request.url.includes('page=2') ? second : first));
    renderPage(<SupportTickets newRequest={<a href="/contact">Écrire</a>} />);

    const row = within((await screen.findByRole('rowheader', { name: 'SUP-2026-000042' })).closest('tr') as HTMLElement);
    expect(row.getByText('02/03/2026 10:05')).toBeTruthy();
    expect(row.getByText('Garantie et échange')).toBeTruthy();
    expect(row.getByText(/constat\.pdf \(1,4\s?Mo\)/)).toBeTruthy();
    expect(row.getByText('Reçue')).toBeTruthy();
    expect(screen.getByText('11 demandes envoyées')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Page suivante/ }));
    expect(await screen.findByText('Traitée')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual(['/api/support/demandes?page=1&taille=10', '/api/support/demandes?page=2&taille=10']);
  });

  it('says how to send a request when there is none', async () => {
    stubFetch(() => jsonResponse({ demandes: [], total: 0, page: 1, taille: 10 }));
    renderPage(<SupportTickets newRequest={<a href="/contact">Écrire au service client</a>} />);
    expect(await screen.findByText('Vous n’avez envoyé aucune demande au service client.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Écrire au service client' })).toBeTruthy();
  });
});
