import { customerRequestPageSchema, type CustomerRequest } from '@ecare/shared/support-requests';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { FIRST_CUSTOMER_REQUESTS, type CustomerRequestParams } from '../api/get-customer-requests.ts';
import { CustomerRequests } from './customer-requests.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = (overrides: Partial<CustomerRequest>): CustomerRequest => ({
  type: 'CONTACT',
  reference: 'SUP-2026-000042',
  intitule: 'Écran cassé',
  precision: 'Service après-vente – Garantie et échange',
  dateCreation: '2026-03-02T09:05:00.000Z',
  statut: 'OUVERTE',
  statutLibelle: 'Reçue',
  enCours: true,
  referenceFacture: null,
  idContrat: null,
  ...overrides,
});

const ALL = customerRequestPageSchema.parse({
  demandes: [
    request({ type: 'RENDEZ_VOUS', reference: 'n° 7', intitule: 'Une question sur une facture', precision: 'Ligne 06 12 34 56 78, le 05/03/2026 à 10:30', statut: 'A_VENIR', statutLibelle: 'Rendez-vous à venir', idContrat: 31 }),
    request({ type: 'RESILIATION', reference: 'n° 3', intitule: 'Cessation d’activité', statut: 'PROGRAMMEE', statutLibelle: 'Résiliation programmée', idContrat: 32 }),
    request({ type: 'RECLAMATION', reference: 'REC-2026-000005', intitule: 'Facturation en double', precision: 'Facture F26021000001', statut: 'TRAITEE', statutLibelle: 'Réclamation traitée', enCours: false, referenceFacture: 'F26021000001' }),
    request({}),
  ],
  total: 4,
  page: 1,
  taille: 10,
});

/** The list as its page holds it: the parameters in one place, as the address keeps them. */
function Harness() {
  const [params, setParams] = useState<CustomerRequestParams>(FIRST_CUSTOMER_REQUESTS);
  return <CustomerRequests params={params} onChange={setParams} newRequest={<a href="/contact">Écrire au service client</a>} />;
}

const rowOf = async (reference: string) => within((await screen.findByRole('rowheader', { name: new RegExp(reference) })).closest('tr') as HTMLElement);

describe('CustomerRequests', () => {
  it('lists every kind of request with its reference, kind, subject, date and status, each linked to its page', async () => {
    stubFetch(() => jsonResponse(ALL));
    renderPage(<Harness />);
    const complaint = await rowOf('REC-2026-000005');
    expect(complaint.getByRole('link', { name: 'Réclamation sur facture REC-2026-000005' }).getAttribute('href')).toBe('/mon-compte/factures/F26021000001');
    expect(complaint.getByText('Facture F26021000001')).toBeTruthy();
    expect(complaint.getByText('Réclamation traitée')).toBeTruthy();
    expect((await rowOf('SUP-2026-000042')).getByRole('link').getAttribute('href')).toBe('/mon-compte/demandes/SUP-2026-000042');
    expect((await rowOf('SUP-2026-000042')).getByText('02/03/2026 10:05')).toBeTruthy();
    expect((await rowOf('n° 3')).getByRole('link').getAttribute('href')).toBe('/ligne-mobile/32/resiliation');
    expect((await rowOf('n° 7')).getByRole('link').getAttribute('href')).toBe('/assistance/rendez-vous?idContrat=31');
    expect(screen.getByText('4 demandes')).toBeTruthy();
  });

  it('filters by kind and sorts by date or kind, asking the server each time', async () => {
    const { requests } = stubFetch(() => jsonResponse(ALL));
    renderPage(<Harness />);
    await rowOf('REC-2026-000005');
    fireEvent.change(screen.getByLabelText('Type de demande'), { target: { value: 'RECLAMATION' } });
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/api/mes-demandes?tri=date&ordre=desc&page=1&type=RECLAMATION&taille=10'));
    fireEvent.click(screen.getByRole('button', { name: 'Type' }));
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/api/mes-demandes?tri=type&ordre=asc&page=1&type=RECLAMATION&taille=10'));
    fireEvent.click(screen.getByRole('button', { name: 'Faite le' }));
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/api/mes-demandes?tri=date&ordre=asc&page=1&type=RECLAMATION&taille=10'));
    expect(screen.getByRole('columnheader', { name: 'Faite le' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('says how to make a request when there is none, and how to see every kind when one has none', async () => {
    stubFetch(() => jsonResponse({ demandes: [], total: 0, page: 1, taille: 10 }));
    renderPage(<Harness />);
    expect(await screen.findByText('Vous n’avez fait aucune demande.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Écrire au service client' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Type de demande'), { target: { value: 'RESILIATION' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher toutes les demandes' }));
    expect(await screen.findByText('Vous n’avez fait aucune demande.')).toBeTruthy();
  });
});
