import { invoiceCentresSchema } from '@ecare/shared/invoice-centres';
import { invoiceEvolutionSchema } from '@ecare/shared/invoices';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvoiceDetail } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { InvoiceCentresExportForm } from './invoice-centres-export-form.tsx';
import { InvoiceDetailPanel } from './invoice-detail-panel.tsx';
import { EvolutionDetails } from './invoice-evolution.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spaces = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const CENTRES = invoiceCentresSchema.parse({
  referenceNumber: 'F26111000001',
  dateFacture: '2026-11-01',
  montantHT: 116.56,
  montantTVA: 23.31,
  montantTTC: 139.87,
  centres: [
    {
      idCentre: 11,
      code: 'CC-NORD',
      libelle: 'Agence Nord',
      lignes: [
        { idContrat: 5_000_001, numeroLigne: '0612345678', utilisateur: 'Julien Roux', montantHT: 11.66 },
        { idContrat: 5_000_002, numeroLigne: '0612345679', utilisateur: null, montantHT: 29.99 },
      ],
      totalHT: 41.65,
      totalTVA: 8.33,
      totalTTC: 49.98,
    },
    {
      idCentre: 12,
      code: 'CC-SUD',
      libelle: 'Agence Sud',
      lignes: [{ idContrat: 5_000_003, numeroLigne: '0612345680', utilisateur: 'Léa Blanc', montantHT: 52.42 }],
      totalHT: 52.42,
      totalTVA: 10.48,
      totalTTC: 62.9,
    },
    {
      idCentre: null,
      code: null,
      libelle: 'Sans centre de coût',
      lignes: [
        { idContrat: 5_000_004, numeroLigne: '0612345681', utilisateur: null, montantHT: 14.99 },
        { idContrat: null, numeroLigne: null, utilisateur: null, montantHT: 7.5 },
      ],
      totalHT: 22.49,
      totalTVA: 4.5,
      totalTTC: 26.99,
    },
  ],
});

async function axeViolations(): Promise<string[]> {
  // Colour contrast needs a layout jsdom has not, and the landmarks are the page frame's: the browser journeys check both.
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`);
}

const renderWithCentres = () => {
  const { requests } = stubFetch((request) => (request.url.endsWith('/centres-de-cout') ? jsonResponse(CENTRES) : jsonResponse({})));
  const detail = createInvoiceDetail({ centresDeCout: true, referencePrecedente: null });
  renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={detail} payLink={null} />);
  return { requests, detail };
};

describe('« Par centre de coût » on an invoice', () => {
  it('shows each centre’s totals and lines, the invoice’s total as the last row, and sorts', async () => {
    const { requests, detail } = renderWithCentres();
    const table = await screen.findByRole('table', { name: 'Montants de la facture par centre de coût' });
    expect(requests.map((request) => request.url)).toEqual([`/api/facture/1000001/${detail.facture.referenceNumber}/centres-de-cout`]);
    expect(screen.getByRole('heading', { level: 2, name: 'Par centre de coût' })).toBeTruthy();
    const rowHeaders = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rowHeaders()).toEqual(['Agence Nord (CC-NORD)', 'Agence Sud (CC-SUD)', 'Sans centre de coût', 'Total de la facture']);
    const north = within(table).getByRole('row', { name: /Agence Nord/ });
    expect(spaces(north.textContent)).toContain('41,65 €');
    expect(spaces(north.textContent)).toContain('8,33 €');
    expect(spaces(north.textContent)).toContain('49,98 €');
    expect(spaces(within(table).getByRole('row', { name: /Total de la facture/ }).textContent)).toContain('139,87 €');
    // The lines, folded under their count.
    expect(within(north).getByText('2 lignes')).toBeTruthy();
    expect(spaces(within(north).getByText(/Julien Roux/).textContent)).toBe('06 12 34 56 78 – Julien Roux');
    expect(within(table).getByText('1 ligne et les frais du compte')).toBeTruthy();
    expect(within(table).getByText('Frais du compte')).toBeTruthy();

    // Sorted by amount, largest first; the total stays last.
    fireEvent.click(within(table).getByRole('button', { name: 'Montant TTC' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Montant TTC' }));
    expect(rowHeaders()).toEqual(['Agence Sud (CC-SUD)', 'Agence Nord (CC-NORD)', 'Sans centre de coût', 'Total de la facture']);
    expect(within(table).getByRole('columnheader', { name: 'Montant TTC' }).getAttribute('aria-sort')).toBe('descending');
    expect(await axeViolations()).toEqual([]);
  });

  it('is a list of cards on a phone, with the total as the last card', async () => {
    onPhoneScreen();
    renderWithCentres();
    const list = await screen.findByRole('list', { name: 'Montants de la facture par centre de coût' });
    const cards = within(list).getAllByRole('listitem', { name: /Agence|Sans centre/ });
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual([
      'Agence Nord (CC-NORD)',
      'Agence Sud (CC-SUD)',
      'Sans centre de coût',
    ]);
    const section = within(screen.getByRole('region', { name: 'Par centre de coût' }));
    expect(spaces(section.getByText('Total de la facture').parentElement?.textContent)).toContain('139,87 €');
    expect(screen.getByLabelText('Trier par')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('is not there (and not asked for) when no line of the invoice had a centre', () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    renderPage(<InvoiceDetailPanel idClientBscs={1000001} detail={createInvoiceDetail({ referencePrecedente: null })} payLink={null} />);
    expect(screen.queryByRole('heading', { name: 'Par centre de coût' })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

describe('« Pourquoi ma facture a changé ? » by centre', () => {
  const evolution = invoiceEvolutionSchema.parse({
    referenceNumber: 'F26111000001',
    montantHT: 116.56,
    montantTTC: 139.87,
    precedente: { referenceNumber: 'F26101000001', dateFacture: '2026-10-01', montantHT: 110.81, montantTTC: 132.97 },
    ecartHT: 5.75,
    ecartTTC: 6.9,
    lignes: [],
    centres: [
      { idCentre: 11, code: 'CC-NORD', libelle: 'Agence Nord', avantHT: 41.65, apresHT: 44.98, ecartHT: 3.33 },
      { idCentre: null, code: null, libelle: 'Sans centre de coût', avantHT: 22.49, apresHT: 24.98, ecartHT: 2.49 },
      { idCentre: 12, code: 'CC-SUD', libelle: 'Agence Sud', avantHT: 15.06, apresHT: 14.99, ecartHT: -0.07 },
    ],
  });

  it('says which centres went up and which went down', () => {
    renderPage(<EvolutionDetails evolution={evolution} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Par centre de coût' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => spaces(item.textContent));
    expect(items[0]).toContain('Agence Nord (CC-NORD)');
    expect(items[0]).toContain('En hausse');
    expect(items[0]).toContain('+3,33 € HT');
    expect(items[2]).toContain('En baisse');
    expect(items[2]).toContain('−0,07 € HT');
  });

  it('says nothing by centre when no line had one', () => {
    renderPage(<EvolutionDetails evolution={{ ...evolution, centres: [{ idCentre: null, code: null, libelle: 'Sans centre de coût', avantHT: 1, apresHT: 2, ecartHT: 1 }] }} />);
    expect(screen.queryByRole('heading', { name: 'Par centre de coût' })).toBeNull();
  });
});

describe('the export by centre', () => {
  it('offers CSV and Excel for the months chosen, and says why it cannot for a period too long', async () => {
    renderPage(<InvoiceCentresExportForm idClientBscs={1000001} initialPeriod={{ du: '2025-12', au: '2026-11' }} />);
    expect(screen.getByRole('button', { name: 'Exporter par centre de coût' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Du mois'), { target: { value: '2023-01' } });
    expect(screen.getByText('La période exportée ne peut dépasser 36 mois.')).toBeTruthy();
    expect(screen.getByLabelText('Du mois').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Exporter par centre de coût' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Du mois'), { target: { value: '2026-12' } });
    expect(screen.getByText('La fin de la période doit suivre son début.')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
