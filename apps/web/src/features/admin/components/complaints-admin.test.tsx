import { adminComplaintSchema, adminComplaintStatusBodySchema, type AdminComplaint } from '@ecare/shared/admin-complaints';
import { adminComplaintDecisionBodySchema } from '@ecare/shared/credit-notes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** A complaint as the back office lists it, checked against the shared schema. */
function createComplaint(overrides: Partial<AdminComplaint> = {}): AdminComplaint {
  return adminComplaintSchema.parse({
    reference: 'REC-2026-000005',
    dateCreation: '2026-03-02T09:05:00.000Z',
    dateMiseAJour: '2026-03-02T09:05:00.000Z',
    motif: 'DOUBLE_FACTURATION',
    message: 'La ligne de Julien est facturée deux fois.',
    statut: 'EN_COURS',
    decision: null,
    motifDecision: null,
    avoir: null,
    facture: { referenceNumber: 'F26021000001', dateFacture: '2026-02-01', montantHT: 770.74, montantTTC: 924.89 },
    compte: { idClientBscs: 1000001, codeClientBscs: '8.1000001', raisonSociale: 'Boulangerie Lemoine SARL' },
    lignes: ['0612345678'],
    expediteur: { prenom: 'Sophie', nom: 'Lemoine', email: 'gestionnaire@demo.test' },
    ...overrides,
  });
}

const DECISION_PATH = '/api/admin/reclamations/REC-2026-000005/decision';

/**
 * The back office's complaints as the server keeps them: listed, treated with a reply, decided
 * once (a credit note numbered when there is one); `refuseDecision` answers the decision instead.
 */
function serve({ complaint: initial = createComplaint(), refuseDecision }: { complaint?: AdminComplaint; refuseDecision?: Response } = {}) {
  let complaint = initial;
  return stubFetch((request) => {
    if (request.url.startsWith('/api/admin/reclamations?')) return jsonResponse({ reclamations: [complaint], total: 1, page: 1, taille: 20 });
    if (request.url === '/api/admin/reclamations/REC-2026-000005/statut' && request.method === 'PUT') {
      complaint = { ...complaint, statut: adminComplaintStatusBodySchema.parse(JSON.parse(request.body ?? 'null')).statut };
      return jsonResponse(complaint);
    }
    if (request.url === DECISION_PATH && request.method === 'POST') {
      if (refuseDecision) return refuseDecision;
      const body = adminComplaintDecisionBodySchema.parse(JSON.parse(request.body ?? 'null'));
      const avoir = body.montantHT === undefined ? null : 'AV-2026-000001';
      complaint = { ...complaint, statut: 'TRAITEE', decision: body.decision, motifDecision: body.motif, avoir };
      return jsonResponse(complaint);
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const spaces = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
/** An element whose own text is `expected`, the no-break spaces of French typography as they are. */
const exactly = (expected: string) => (_: string, element: Element | null) => element?.childElementCount === 0 && element.textContent === expected;

async function openDecision() {
  const card = within(await screen.findByRole('article', { name: 'REC-2026-000005 – Facturation en double' }));
  fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation REC-2026-000005' }));
  return card;
}

describe('ComplaintsAdmin', () => {
  it('shows a complaint with its invoice, account, lines and author, and treats it with a reply e-mailed to its author', async () => {
    const { requests } = serve();
    renderPage(<ComplaintsAdmin />);
    const card = within(await screen.findByRole('article', { name: 'REC-2026-000005 – Facturation en double' }));
    expect(card.getByText(/F26021000001 du 01\/02\/2026, 770,74\s€ HT, 924,89\s€ TTC/)).toBeTruthy();
    expect(card.getByText('Boulangerie Lemoine SARL, compte 8.1000001')).toBeTruthy();
    expect(card.getByText('06 12 34 56 78')).toBeTruthy();
    expect(card.getByText('Réclamation en cours')).toBeTruthy();
    expect(card.getByText('À trancher')).toBeTruthy();

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

  it('shows a decided complaint’s decision, credit note and motif, and offers no second decision', async () => {
    serve({
      complaint: createComplaint({ statut: 'TRAITEE', decision: 'ACCEPTEE_AVEC_AVOIR', motifDecision: 'Ligne facturée deux fois en février.', avoir: 'AV-2026-000003' }),
    });
    renderPage(<ComplaintsAdmin />);
    const card = within(await screen.findByRole('article', { name: 'REC-2026-000005 – Facturation en double' }));
    expect(card.getByText('Acceptée avec avoir (avoir AV-2026-000003)')).toBeTruthy();
    expect(card.getByText('Ligne facturée deux fois en février.')).toBeTruthy();
    expect(card.queryByRole('button', { name: /^Trancher la réclamation/ })).toBeNull();
  });

  it('asks for the credit note’s amount, confirms, sends the decision and shows it', async () => {
    const { requests } = serve();
    renderPage(<ComplaintsAdmin />);
    const card = await openDecision();

    // The amount is asked for only with a credit note.
    expect(card.queryByLabelText(/^Montant HT de l’avoir/)).toBeNull();
    fireEvent.click(card.getByRole('radio', { name: /^Acceptée avec avoir/ }));
    const amount = await card.findByLabelText(/^Montant HT de l’avoir/);
    expect(spaces(card.getByText(/^Au plus/).textContent)).toBe('Au plus 770,74 € HT, le montant HT de la facture. En euros, par exemple 12,50.');
    fireEvent.change(card.getByLabelText(/^Motif de la décision/), { target: { value: 'Ligne facturée deux fois en février.' } });
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));

    expect(await card.findByText('Indiquez le montant HT de l’avoir.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));

    fireEvent.change(amount, { target: { value: '800' } });
    expect(await card.findByText(/^Le montant HT de l’avoir ne peut dépasser celui de la facture/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12,50' } });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Trancher la réclamation REC-2026-000005\u00a0?' });
    expect(spaces(dialog.textContent)).toContain('un avoir de 12,50 € HT sera émis sur la facture F26021000001');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, émettre l’avoir' }));

    expect(
      await screen.findByText(
        exactly('La réclamation REC-2026-000005 est tranchée («\u00a0Acceptée avec avoir\u00a0») et l’avoir AV-2026-000001 est émis\u00a0; son auteur et les gestionnaires du compte en ont été informés par e-mail.'),
      ),
    ).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? 'null')).toEqual({
      decision: 'ACCEPTEE_AVEC_AVOIR',
      motif: 'Ligne facturée deux fois en février.',
      montantHT: 12.5,
    });
    const decided = within(screen.getByRole('article', { name: 'REC-2026-000005 – Facturation en double' }));
    expect(await decided.findByText('Acceptée avec avoir (avoir AV-2026-000001)')).toBeTruthy();
    expect(decided.getByText('Ligne facturée deux fois en février.')).toBeTruthy();
    expect(decided.getByText('Réclamation traitée')).toBeTruthy();
    expect(decided.queryByRole('button', { name: /^Trancher la réclamation/ })).toBeNull();
  });

  it('refuses a complaint without an amount, and sends nothing when the confirmation is declined', async () => {
    const { requests } = serve();
    renderPage(<ComplaintsAdmin />);
    const card = await openDecision();
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));
    expect(await card.findByText('Veuillez choisir une décision.')).toBeTruthy();
    expect(card.getByText('Indiquez le motif de la décision, de 3 à 500 caractères.')).toBeTruthy();

    fireEvent.click(card.getByRole('radio', { name: /^Refusée/ }));
    fireEvent.change(card.getByLabelText(/^Motif de la décision/), { target: { value: 'Les deux lignes sont bien distinctes.' } });
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect((card.getByLabelText(/^Motif de la décision/) as HTMLInputElement).value).toBe('Les deux lignes sont bien distinctes.');

    await waitFor(() => expect(card.getByRole('button', { name: 'Trancher la réclamation' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, refuser la réclamation' }));
    expect(await screen.findByText(/^La réclamation REC-2026-000005 est tranchée \(«\sRefusée\s»\)\s; son auteur/)).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? 'null')).toEqual({
      decision: 'REFUSEE',
      motif: 'Les deux lignes sont bien distinctes.',
    });
  });

  it('shows the server’s refusal under the amount and keeps what was typed', async () => {
    const reste = 'L’avoir ne peut dépasser ce qui reste à créditer sur la facture\u00a0: 20,00\u00a0€ HT.';
    serve({ refuseDecision: jsonResponse({ code: 'CREDIT_NOTE_TOO_HIGH', exceptionMessage: reste }, 409) });
    renderPage(<ComplaintsAdmin />);
    const card = await openDecision();
    fireEvent.click(card.getByRole('radio', { name: /^Acceptée avec avoir/ }));
    fireEvent.change(await card.findByLabelText(/^Montant HT de l’avoir/), { target: { value: '50' } });
    fireEvent.change(card.getByLabelText(/^Motif de la décision/), { target: { value: 'Geste commercial.' } });
    fireEvent.click(card.getByRole('button', { name: 'Trancher la réclamation' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, émettre l’avoir' }));

    expect(await card.findByText(exactly(reste))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((card.getByLabelText(/^Montant HT de l’avoir/) as HTMLInputElement).value).toBe('50');
    expect(card.getByLabelText(/^Montant HT de l’avoir/).getAttribute('aria-invalid')).toBe('true');
    expect((card.getByLabelText(/^Motif de la décision/) as HTMLInputElement).value).toBe('Geste commercial.');
    expect(card.getByRole('radio', { name: /^Acceptée avec avoir/ })).toHaveProperty('checked', true);
  });
});
