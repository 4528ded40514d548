import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvoice, createInvoicePage } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { FIRST_INVOICE_PAGE } from '../utils/invoice-list-params.ts';
import { InvoicesPanel } from './invoices-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('InvoicesPanel', () => {
  it('lists the invoices with their status, complaint, amounts the French way and a PDF each, and says what is left to pay', async () => {
    const page = createInvoicePage({
      factures: [
        createInvoice({ referenceNumber: 'F26111000001', statut: 'A_PAYER', resteAPayer: 1234.5, reclamationEnCours: true }),
        createInvoice({ referenceNumber: 'F26101000001', dateFacture: '2026-10-01', periodeDebut: '2026-10-01', statut: 'EN_RETARD', resteAPayer: 99.9 }),
        createInvoice({ referenceNumber: 'F26091000001', dateFacture: '2026-09-01', periodeDebut: '2026-09-01', statut: 'PAYEE' }),
      ],
      total: 24,
      soldeAPayer: 1334.4,
      enRetard: 1,
    });
    const { requests } = stubFetch(() => jsonResponse(page));
    renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={<a href="/mon-compte/paiement">Payer mes factures</a>} />);

    const row = within((await screen.findByRole('rowheader', { name: /F26111000001/ })).closest('tr') as HTMLElement);
    expect(row.getByText('À payer')).toBeTruthy();
    expect(row.getByText('Réclamation en cours')).toBeTruthy();
    expect(row.getAllByText((_, element) => element?.tagName === 'TD' && spaces(element.textContent) === '1 234,50 €').length).toBeGreaterThan(0);
    expect(row.getByRole('link', { name: 'Facture F26111000001' }).getAttribute('href')).toBe('/mon-compte/factures/F26111000001');
    expect(row.getByRole('button', { name: 'PDF de la facture F26111000001' })).toBeTruthy();
    expect(screen.getByText('En retard')).toBeTruthy();
    expect(screen.getByText('Payée')).toBeTruthy();
    expect(screen.getByText('24 factures')).toBeTruthy();
    expect(spaces(screen.getByText(/restent à payer/).closest('p')?.textContent ?? '')).toBe('1 334,40 € restent à payer, dont 1 facture en retard.');
    expect(screen.getByRole('link', { name: 'Payer mes factures' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination des factures' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/facture/1000001?page=1&taille=12&tri=dateFacture&ordre=desc');
    // The whole account, no year: no ZIP to offer.
    expect(screen.queryByRole('button', { name: /\(ZIP\)/ })).toBeNull();
  });

  it('filters a year, sorts and pages through onChange, and offers the year as a ZIP', async () => {
    stubFetch(() => jsonResponse(createInvoicePage({ total: 13, annees: [2026, 2025] })));
    const onChange = vi.fn();
    renderPage(<InvoicesPanel idClientBscs={1000001} params={{ ...FIRST_INVOICE_PAGE, annee: 2025 }} onChange={onChange} payLink={null} />);

    expect(await screen.findByRole('button', { name: 'Télécharger les factures 2025 (ZIP)' })).toBeTruthy();
    expect(screen.queryByText(/restent? à payer/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Année'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...FIRST_INVOICE_PAGE, annee: null });
    fireEvent.click(screen.getByRole('button', { name: /Montant TTC/ }));
    expect(onChange).toHaveBeenLastCalledWith({ annee: 2025, page: 1, tri: 'montantTTC', ordre: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Page suivante/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...FIRST_INVOICE_PAGE, annee: 2025, page: 2 });
  });

  it('says when a year has no invoice, with the way back to all of them', async () => {
    stubFetch(() => jsonResponse(createInvoicePage({ factures: [], total: 0 })));
    const onChange = vi.fn();
    renderPage(<InvoicesPanel idClientBscs={1000001} params={{ ...FIRST_INVOICE_PAGE, annee: 2019 }} onChange={onChange} payLink={null} />);
    expect(await screen.findByText('Aucune facture n’a été émise en 2019.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les factures' }));
    expect(onChange).toHaveBeenCalledWith({ ...FIRST_INVOICE_PAGE, annee: null });
  });
});
