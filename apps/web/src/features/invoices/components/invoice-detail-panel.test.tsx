import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvoice, createInvoiceDetail } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { InvoiceDetailPanel } from './invoice-detail-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spaces = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const EVOLUTION = {
  referenceNumber: 'F26111000001',
  montantHT: 40.98,
  montantTTC: 49.18,
  precedente: { referenceNumber: 'F26101000001', dateFacture: '2026-10-01', montantHT: 24.98, montantTTC: 29.98 },
  ecartHT: 16,
  ecartTTC: 19.2,
  lignes: [
    {
      idContrat: null,
      numeroLigne: null,
      utilisateur: null,
      avantHT: 0,
      apresHT: 16,
      ecartHT: 16,
      changements: [{ type: 'PONCTUEL', libelle: 'Frais ponctuels : Frais de rejet de prélèvement (16,00 € HT).', ecartHT: 16 }],
    },
  ],
  centres: [],
};

describe('InvoiceDetailPanel', () => {
  it('shows the charges per line and the account’s, with totals, and the way to pay an invoice to pay', () => {
    stubFetch(() => jsonResponse({}));
    const detail = createInvoiceDetail({ facture: createInvoice({ statut: 'EN_RETARD', resteAPayer: 49.18, montantTTC: 49.18 }) });
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={detail} payLink={<a href="/mon-compte/paiement">Payer mes factures</a>} />);
    expect(screen.getByRole('heading', { name: 'Ligne 06 12 34 56 78 – Julien Roux' })).toBeTruthy();
    const line = within(screen.getByRole('table', { name: /^Détail\s: Ligne 06 12 34 56 78 – Julien Roux$/ }));
    expect(line.getByRole('rowheader', { name: 'Option International 2 h' })).toBeTruthy();
    expect(spaces(line.getByText('Options').closest('tr')?.textContent)).toContain('9,99 €');
    expect(screen.getByRole('heading', { name: 'Frais du compte' })).toBeTruthy();
    expect(screen.getAllByText('En retard').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Payer mes factures' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeTruthy();
  });

  it('says the PDF is a Factur-X e-invoice and offers its data in CII and UBL', async () => {
    stubFetch(() => jsonResponse({}));
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={createInvoiceDetail()} payLink={null} />);
    expect(screen.getByText(/Facture électronique Factur-X/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Données de la facture (XML)' }));
    expect(await screen.findByRole('menuitem', { name: 'Format CII (celui du Factur-X)' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Format UBL 2.1' })).toBeTruthy();
  });

  it('opens "Pourquoi ma facture a changé ?" and reads the comparison then', async () => {
    const { requests } = stubFetch(() => jsonResponse(EVOLUTION));
    const detail = createInvoiceDetail();
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={detail} payLink={null} />);
    expect(requests).toHaveLength(0);
    const trigger = screen.getByRole('button', { name: /^Pourquoi ma facture a changé\s\?$/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(await screen.findByText('Frais ponctuels : Frais de rejet de prélèvement (16,00 € HT).')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(requests.map((request) => request.url)).toEqual([`/api/detail-facture/1000001/${detail.facture.referenceNumber}/evolution`]);
    expect(spaces(screen.getByText(/soit/).textContent)).toContain('+19,20 € TTC');
  });

  it('files a complaint: motif, message and lines, then shows its reference', async () => {
    const { requests } = stubFetch((request) =>
      request.method === 'POST'
        ? jsonResponse({ reference: 'REC-2026-000007', dateCreation: '2026-11-22T10:00:00.000Z', email: 'gestionnaire@demo.test' })
        : jsonResponse({}),
    );
    const detail = createInvoiceDetail({ referencePrecedente: null });
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={detail} payLink={null} />);
    expect(screen.queryByRole('button', { name: /^Pourquoi ma facture a changé/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(await screen.findByText('Veuillez choisir le motif de votre réclamation.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Option ou service non souscrit' }));
    fireEvent.change(screen.getByLabelText(/^Votre message/), { target: { value: 'Option jamais demandée.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /06 12 34 56 78/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(await screen.findByText('REC-2026-000007')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Votre réclamation a bien été enregistrée' })).toBeTruthy();
    await waitFor(() => expect(requests.find((request) => request.method === 'POST')).toBeDefined());
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe(`/api/facture/1000001/${detail.facture.referenceNumber}/reclamation`);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ motif: 'OPTION_NON_SOUSCRITE', message: 'Option jamais demandée.', lignes: [5_000_001] });
  });

  it('says a complaint is in progress instead of offering another', () => {
    stubFetch(() => jsonResponse({}));
    const detail = createInvoiceDetail({
      facture: createInvoice({ reclamationEnCours: true }),
      reclamations: [{ reference: 'REC-2026-000003', motif: 'HORS_FORFAIT', statut: 'EN_COURS', dateCreation: '2026-11-20T09:00:00.000Z' }],
    });
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={detail} payLink={null} />);
    expect(screen.getAllByText('Réclamation en cours').length).toBeGreaterThan(0);
    expect(screen.getByText('REC-2026-000003')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer la réclamation' })).toBeNull();
  });
});
