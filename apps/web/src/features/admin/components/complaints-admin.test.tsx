import { adminComplaintStatusBodySchema, type AdminComplaint } from '@ecare/shared/admin-complaints';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { ComplaintsAdmin } from './complaints-admin.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMPLAINT: AdminComplaint = {
  reference: 'REC-2026-000005',
  dateCreation: '2026-03-02T09:05:00.000Z',
  dateMiseAJour: '2026-03-02T09:05:00.000Z',
  motif: 'DOUBLE_FACTURATION',
  message: 'La ligne de Julien est facturée deux fois.',
  statut: 'EN_COURS',
  facture: { referenceNumber: 'F26021000001', dateFacture: '2026-02-01', montantTTC: 924.89 },
  compte: { idClientBscs: 1000001, codeClientBscs: '8.1000001', raisonSociale: 'Boulangerie Lemoine SARL' },
  lignes: ['0612345678'],
  expediteur: { prenom: 'Sophie', nom: 'Lemoine', email: 'gestionnaire@demo.test' },
};

/** The back office's complaints as the server keeps them: listed, and treated with a reply. */
function serve() {
  let complaint = COMPLAINT;
  return stubFetch((request) => {
    if (request.url.startsWith('/api/admin/reclamations?')) return jsonResponse({ reclamations: [complaint], total: 1, page: 1, taille: 20 });
    if (request.url === '/api/admin/reclamations/REC-2026-000005/statut' && request.method === 'PUT') {
      complaint = { ...complaint, statut: adminComplaintStatusBodySchema.parse(JSON.parse(request.body ?? 'null')).statut };
      return jsonResponse(complaint);
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

describe('ComplaintsAdmin', () => {
  it('shows a complaint with its invoice, account, lines and author, and treats it with a reply e-mailed to its author', async () => {
    const { requests } = serve();
    renderPage(<ComplaintsAdmin />);
    const card = within(await screen.findByRole('article', { name: 'REC-2026-000005 – Facturation en double' }));
    expect(card.getByText(/F26021000001 du 01\/02\/2026, 924,89\s€ TTC/)).toBeTruthy();
    expect(card.getByText('Boulangerie Lemoine SARL, compte 8.1000001')).toBeTruthy();
    expect(card.getByText('06 12 34 56 78')).toBeTruthy();
    expect(card.getByText('Réclamation en cours')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Changer le statut de la réclamation REC-2026-000005' }));
    expect((card.getByLabelText(/^Nouveau statut/) as HTMLSelectElement).value).toBe('TRAITEE');
    fireEvent.change(card.getByLabelText(/^Réponse à l’expéditeur/), { target: { value: 'Un avoir figurera sur votre prochaine facture.' } });
    fireEvent.click(card.getByRole('button', { name: 'Changer le statut' }));

    expect(await screen.findByText('La réclamation REC-2026-000005 est maintenant « Réclamation traitée » ; son auteur en a été informé par e-mail.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? 'null')).toEqual({ statut: 'TRAITEE', reponse: 'Un avoir figurera sur votre prochaine facture.' });
  });

  it('filters by status and by the beginning of a reference', async () => {
    const { requests } = serve();
    renderPage(<ComplaintsAdmin />);
    await screen.findByRole('article');
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'TRAITEE' } });
    fireEvent.change(screen.getByLabelText('Référence'), { target: { value: 'REC-2026' } });
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/api/admin/reclamations?page=1&taille=20&statut=TRAITEE&reference=REC-2026'));
  });
});
