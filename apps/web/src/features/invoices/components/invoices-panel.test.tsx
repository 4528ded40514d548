import type { CreditNote } from '@ecare/shared/credit-notes';
import type { InvoicePage } from '@ecare/shared/invoices';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createCreditNote, createInvoice, createInvoicePage } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { creditNotesQueryOptions } from '../api/get-credit-notes.ts';
import { FIRST_INVOICE_PAGE } from '../utils/invoice-list-params.ts';
import { InvoicesPanel } from './invoices-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const CREDIT_NOTES_PATH = '/api/facture/1000001/avoirs';

/** The account's invoices and credit notes as the API answers them; a file asked for answers a few bytes. */
function serve(page: InvoicePage, avoirs: readonly CreditNote[] = []) {
  return stubFetch((request) => {
    if (request.url === CREDIT_NOTES_PATH) return jsonResponse({ avoirs });
    if (/\/(pdf|cii|ubl)$/.test(request.url) || request.url.includes('/archive?')) return new Response('%PDF-1.7', { headers: { 'Content-Disposition': 'attachment; filename="fichier"' } });
    return jsonResponse(page);
  });
}

/** The names of the files the browser was asked to save. */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:fichier', revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}

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
    const { requests } = serve(page);
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
    // The whole account, no year: no year's ZIP to offer (the archive of a period stays).
    expect(screen.queryByRole('button', { name: /^Télécharger les factures \d{4} \(ZIP\)$/ })).toBeNull();
  });

  it('filters a year, sorts and pages through onChange, and offers the year as a ZIP', async () => {
    serve(createInvoicePage({ total: 13, annees: [2026, 2025] }));
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
    serve(createInvoicePage({ factures: [], total: 0 }));
    const onChange = vi.fn();
    renderPage(<InvoicesPanel idClientBscs={1000001} params={{ ...FIRST_INVOICE_PAGE, annee: 2019 }} onChange={onChange} payLink={null} />);
    expect(await screen.findByText('Aucune facture n’a été émise en 2019.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les factures' }));
    expect(onChange).toHaveBeenCalledWith({ ...FIRST_INVOICE_PAGE, annee: null });
  });

  it('has no « Avoirs » section when the account has no credit note', async () => {
    serve(createInvoicePage());
    const { queryClient } = renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={null} />);
    await screen.findByRole('table', { name: /^Mes factures/ });
    await waitFor(() => expect(queryClient.getQueryState(creditNotesQueryOptions(1000001).queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Avoirs' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Mes avoirs' })).toBeNull();
  });

  it('lists the credit notes under the invoices: the invoice each credits, how it was settled, and its files', async () => {
    const { requests } = serve(createInvoicePage(), [createCreditNote({ reference: 'AV-2026-000001', factureReference: 'F26111000001' })]);
    const saved = savedFiles();
    renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={null} />);

    expect(await screen.findByRole('heading', { name: 'Avoirs' })).toBeTruthy();
    const row = within((await screen.findByRole('rowheader', { name: 'AV-2026-000001' })).closest('tr') as HTMLElement);
    expect(row.getByText('20/11/2026')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Facture F26111000001' }).getAttribute('href')).toBe('/mon-compte/factures/F26111000001');
    expect(row.getByText('Option facturée deux fois.')).toBeTruthy();
    expect(row.getByText((_, element) => element?.tagName === 'TD' && spaces(element.textContent) === '15,00 €')).toBeTruthy();
    expect(spaces(row.getByText(/déduits de la facture$/).textContent)).toBe('12,00 € déduits de la facture');
    expect(spaces(row.getByText(/remboursés/).textContent)).toBe('3,00 € remboursés par virement');

    fireEvent.click(row.getByRole('button', { name: 'PDF de l’avoir AV-2026-000001' }));
    await waitFor(() => expect(saved).toEqual(['fichier']));
    expect(requests.at(-1)?.url).toBe('/api/facture/1000001/AV-2026-000001/pdf');

    fireEvent.click(row.getByRole('button', { name: 'XML de l’avoir AV-2026-000001' }));
    expect(await screen.findByRole('menuitem', { name: 'Format CII (celui du Factur-X)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Format UBL 2.1' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(requests.at(-1)?.url).toBe('/api/facture/1000001/AV-2026-000001/ubl');
  });

  it('archives a period of invoices and credit notes as one ZIP, ten years at most', async () => {
    const { requests } = serve(createInvoicePage());
    const saved = savedFiles();
    renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={null} />);
    const section = within((await screen.findByRole('heading', { name: 'Archiver mes factures et avoirs' })).closest('section') as HTMLElement);
    fireEvent.change(section.getByLabelText('Du'), { target: { value: '2014-01-01' } });
    fireEvent.change(section.getByLabelText('Au'), { target: { value: '2026-11-30' } });
    expect(section.getByText('La période archivée ne peut dépasser dix ans.')).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Télécharger l’archive (ZIP)' })).toBeNull();
    fireEvent.change(section.getByLabelText('Du'), { target: { value: '2017-01-01' } });
    fireEvent.click(section.getByRole('button', { name: 'Télécharger l’archive (ZIP)' }));
    await waitFor(() => expect(saved).toEqual(['fichier']));
    expect(requests.at(-1)?.url).toBe('/api/facture/1000001/archive?du=2017-01-01&au=2026-11-30');
  });

  it('sorts the credit notes on the page, newest first to begin with', async () => {
    serve(createInvoicePage(), [
      createCreditNote({ reference: 'AV-2026-000002', dateAvoir: '2026-11-20', montantTTC: 15 }),
      createCreditNote({ reference: 'AV-2026-000001', dateAvoir: '2026-10-05', montantTTC: 120, imputeSurFacture: 120, rembourse: 0, moyenRemboursement: null }),
    ]);
    renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={null} />);
    const table = within(await screen.findByRole('table', { name: 'Mes avoirs' }));
    const order = () => table.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(order()).toEqual(['AV-2026-000002', 'AV-2026-000001']);
    expect(table.getByRole('columnheader', { name: /^Date/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(table.getByRole('button', { name: /Montant TTC/ }));
    expect(order()).toEqual(['AV-2026-000002', 'AV-2026-000001']);
    fireEvent.click(table.getByRole('button', { name: /Montant TTC/ }));
    expect(order()).toEqual(['AV-2026-000001', 'AV-2026-000002']);
    // Set against its invoice in full: nothing refunded.
    const older = within(table.getByRole('rowheader', { name: 'AV-2026-000001' }).closest('tr') as HTMLElement);
    expect(spaces(older.getByText(/de la facture$/).textContent)).toBe('120,00 € déduits de la facture');
    expect(older.queryByText(/remboursé/)).toBeNull();
  });

  it('shows the credit notes as cards on a phone, with their facts and files', async () => {
    onPhoneScreen();
    serve(createInvoicePage(), [createCreditNote({ reference: 'AV-2026-000001' })]);
    renderPage(<InvoicesPanel idClientBscs={1000001} params={FIRST_INVOICE_PAGE} onChange={() => undefined} payLink={null} />);
    const list = within(await screen.findByRole('list', { name: 'Mes avoirs' }));
    const card = within(list.getByRole('listitem', { name: 'AV-2026-000001' }));
    expect(card.getByText('Règlement')).toBeTruthy();
    expect(spaces(card.getByText(/remboursés/).textContent)).toBe('3,00 € remboursés par virement');
    expect(card.getByRole('link', { name: 'Facture F26111000001' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'PDF de l’avoir AV-2026-000001' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'XML de l’avoir AV-2026-000001' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Mes avoirs' })).toBeNull();
  });
});
