import {
  BANK_DETAILS_MESSAGES,
  bankDetailsChangeSchema,
  bankDetailsSavedSchema,
  bankDetailsSchema,
  sepaMandateSchema,
  type BankDetails,
  type SepaMandate,
} from '@ecare/shared/bank-details';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { clickWhenEnabled, renderPage } from '../../../test/render.tsx';
import { groupIbanAt } from '../utils/iban-input.ts';
import { BankDetailsPanel } from './bank-details-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;
const NEW_IBAN = 'FR7699906000110001112220621';

const onFile = (): BankDetails =>
  bankDetailsSchema.parse({ titulaire: 'Boulangerie Lemoine SARL', iban: `${'*'.repeat(23)}0167`, bic: 'DEMAFRPP', modePaiement: 'PRELEVEMENT' });

const inForce = (rum = '3.1000001-20240902-002'): SepaMandate =>
  sepaMandateSchema.parse({
    statut: 'ACTIF',
    rum,
    type: 'B2B',
    typePaiement: 'RECURRENT',
    dateSignature: '2024-09-02',
    lieuSignature: 'Dijon',
    titulaire: 'Boulangerie Lemoine SARL',
    iban: `${'*'.repeat(23)}0167`,
    bic: 'DEMAFRPP',
    creancier: { nom: 'Telora SAS', ics: 'FR72ZZZ123456' },
  });

/** The account as the server keeps it: GETs answer it, the PUT saves it with a new mandate. */
function serve(details: BankDetails, mandate: SepaMandate | null) {
  let current = { details, mandate };
  return stubFetch(async (request) => {
    if (request.url === `/api/clients/${ACCOUNT}/coordonnees-bancaires` && request.method === 'GET') return jsonResponse(current.details);
    if (request.url === `/api/clients/${ACCOUNT}/mandat-sepa`) {
      return current.mandate
        ? jsonResponse(current.mandate)
        : jsonResponse({ code: 'SEPA_MANDATE_NOT_FOUND', exceptionMessage: 'Aucun mandat.' }, 404);
    }
    if (request.url === `/api/clients/${ACCOUNT}/coordonnees-bancaires` && request.method === 'PUT') {
      const change = bankDetailsChangeSchema.parse(JSON.parse(request.body ?? '{}'));
      const masked = `${'*'.repeat(change.iban.length - 4)}${change.iban.slice(-4)}`;
      const saved = { titulaire: change.titulaire, iban: masked, bic: change.bic, modePaiement: change.modePaiement ?? 'VIREMENT' };
      const mandat = saved.modePaiement === 'PRELEVEMENT' ? { ...inForce('3.1000001-20260115-003'), iban: masked, bic: change.bic } : null;
      current = { details: saved, mandate: mandat };
      return jsonResponse(bankDetailsSavedSchema.parse({ ...saved, mandat }));
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('groupIbanAt', () => {
  it('groups by four in upper case and keeps the caret after the same characters', () => {
    expect(groupIbanAt('fr7699906', 9)).toEqual({ value: 'FR76 9990 6', caret: 11 });
    // A character typed in the middle of a group: the caret stays right after it.
    expect(groupIbanAt('FR76 99X90 6', 8)).toEqual({ value: 'FR76 99X9 06', caret: 8 });
    expect(groupIbanAt('  FR76\u00a09990  ', 4)).toEqual({ value: 'FR76 9990', caret: 2 });
  });
});

describe('BankDetailsPanel', () => {
  it('shows the mode, the masked IBAN and the mandate in force with its PDF', async () => {
    serve(onFile(), inForce());
    renderPage(<BankDetailsPanel idClientBscs={ACCOUNT} />);
    const current = within(await screen.findByRole('region', { name: 'Mode de paiement et compte bancaire' }));
    expect(current.getByText('Prélèvement SEPA')).toBeTruthy();
    expect(current.getByText('•••• •••• •••• •••• •••• •••0 167')).toBeTruthy();
    expect(current.getByText('IBAN masqué se terminant par 0 1 6 7')).toBeTruthy();
    const mandate = within(screen.getByRole('region', { name: 'Mandat de prélèvement SEPA' }));
    expect(mandate.getByText('3.1000001-20240902-002')).toBeTruthy();
    expect(mandate.getByText('Interentreprises (B2B), paiement récurrent')).toBeTruthy();
    expect(mandate.getByText('02/09/2024 à Dijon')).toBeTruthy();
    expect(mandate.getByRole('button', { name: 'Télécharger le mandat (PDF)' })).toBeTruthy();
    expect(mandate.getByText(/13 mois à compter de la date de débit/)).toBeTruthy();
  });

  it('says when the account has no mandate', async () => {
    serve({ titulaire: null, iban: null, bic: null, modePaiement: 'CARTE' }, null);
    renderPage(<BankDetailsPanel idClientBscs={ACCOUNT} />);
    expect(await screen.findByText(/Aucun mandat de prélèvement SEPA n’est en vigueur pour ce compte/)).toBeTruthy();
    expect(screen.getByText('Aucune coordonnée bancaire n’est enregistrée pour ce compte.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Télécharger le mandat (PDF)' })).toBeNull();
  });

  it('groups the IBAN by four as it is typed', async () => {
    serve(onFile(), inForce());
    renderPage(<BankDetailsPanel idClientBscs={ACCOUNT} />);
    const iban = (await screen.findByLabelText(/^IBAN/)) as HTMLInputElement;
    fireEvent.change(iban, { target: { value: 'fr7699906000110001112220621' } });
    expect(iban.value).toBe('FR76 9990 6000 1100 0111 2220 621');
  });

  it('refuses a wrong IBAN under its field, focuses it, keeps what was typed and sends nothing', async () => {
    const { requests } = serve(onFile(), inForce());
    renderPage(<BankDetailsPanel idClientBscs={ACCOUNT} />);
    const iban = (await screen.findByLabelText(/^IBAN/)) as HTMLInputElement;
    fireEvent.change(iban, { target: { value: `${NEW_IBAN.slice(0, -1)}2` } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(BANK_DETAILS_MESSAGES.ibanChecksum)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(iban));
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(iban.value).toBe('FR76 9990 6000 1100 0111 2220 622');
    expect(field(/^Titulaire du compte/).value).toBe('Boulangerie Lemoine SARL');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before saving, then saves the details as the API takes them and shows the new mandate', async () => {
    const { requests } = serve(onFile(), inForce());
    renderPage(<BankDetailsPanel idClientBscs={ACCOUNT} />);
    const iban = (await screen.findByLabelText(/^IBAN/)) as HTMLInputElement;
    fireEvent.change(iban, { target: { value: 'fr76 9990 6000 1100 0111 2220 621' } });
    fireEvent.change(field(/^BIC/), { target: { value: 'demffrpp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));

    // Cancelled first: nothing sent.
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Signer un nouveau mandat de prélèvement\u00a0?' }));
    expect(dialog.getByText(/Le mandat en vigueur \(RUM 3\.1000001-20240902-002\) sera révoqué/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await clickWhenEnabled(screen.getByRole('button', { name: 'Valider' }));
    dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('0621')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Signer le mandat' }));

    expect(await screen.findByText(/Le nouveau mandat de prélèvement SEPA porte la référence 3\.1000001-20260115-003\./)).toBeTruthy();
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => JSON.parse(request.body ?? '{}'))).toEqual([
      { titulaire: 'Boulangerie Lemoine SARL', iban: NEW_IBAN, bic: 'DEMFFRPP', modePaiement: 'PRELEVEMENT' },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Mandat de prélèvement SEPA' })).getByText('3.1000001-20260115-003')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Mode de paiement et compte bancaire' })).getByText('•••• •••• •••• •••• •••• •••0 621')).toBeTruthy();
    // The IBAN, now on file, is not kept in the form.
    expect(field(/^IBAN/).value).toBe('');
  });
});
