import { API_KEYS_TEXTS, apiKeyCreatedSchema, apiKeySchema, type ApiKey } from '@ecare/shared/api-keys';
import { apiErrorSchema, errorMessage, type ApiErrorCode } from '@ecare/shared/errors';
import { parisDay } from '@ecare/shared/paris-time';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { clickWhenEnabled, renderPage } from '../../../test/render.tsx';
import { defaultExpiry } from '../utils/api-key-form.ts';
import { ApiKeysSection } from './api-keys-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const ACCOUNT = 1001;
const URL = `/api/clients/${ACCOUNT}/cles-api`;

let sequence = 0;
/** A key as GET …/cles-api lists it, active unless told. */
function createKey(overrides: Partial<ApiKey> = {}): ApiKey {
  sequence += 1;
  return apiKeySchema.parse({
    idCle: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    libelle: `Outil ${sequence}`,
    prefixe: `eck_${sequence}ab`,
    portees: ['lignes:lecture'],
    creeLe: '2026-11-23T08:00:00.000Z',
    creePar: 'Sophie Lemoine',
    expireLe: '2027-11-22',
    derniereUtilisation: null,
    revoqueeLe: null,
    revoqueePar: null,
    statut: 'ACTIVE',
    ...overrides,
  });
}

const refusal = (code: ApiErrorCode, status: number) => jsonResponse(apiErrorSchema.parse({ code, exceptionMessage: errorMessage(code) }), status);

/** The account's keys as the API keeps them; a creation answers `onCreate` (the new key, or a refusal). */
function serve(initial: ApiKey[], onCreate: (body: Record<string, unknown>) => Response = () => jsonResponse({}, 500)) {
  let keys = initial;
  return stubFetch((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === URL) return jsonResponse({ cles: keys });
    if (request.method === 'POST' && request.url === URL) {
      const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
      const answer = onCreate(body);
      if (answer.status === 201) keys = [...keys, createKey({ idCle: NEW_KEY.idCle, libelle: String(body.libelle), prefixe: NEW_KEY.prefixe })];
      return answer;
    }
    const revoked = keys.find((key) => request.method === 'DELETE' && request.url === `${URL}/${key.idCle}`);
    if (revoked) {
      keys = keys.map((key) => (key === revoked ? { ...key, statut: 'REVOQUEE', revoqueeLe: '2026-11-25T10:00:00.000Z', revoqueePar: 'Claire Martin' } : key));
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const NEW_KEY = apiKeyCreatedSchema.parse({
  idCle: '11111111-2222-4333-8444-555555555555',
  prefixe: 'eck_7Hq2',
  cle: 'eck_7Hq2xR4vN8sLpW3mZ6yB1cD5fG9hJ0kT',
});

describe('ApiKeysSection', () => {
  it('shows the new key once, focused, with its OAuth words, and never again once closed', async () => {
    const clipboard = { writeText: vi.fn(async () => undefined) };
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
    const { requests } = serve([], () => jsonResponse(NEW_KEY, 201));
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);

    expect(await screen.findByText('Aucune clé d’API active.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom de la clé/ }), { target: { value: ' Notes de frais ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Factures et leurs lignes/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Lignes \(parc/ }));
    fireEvent.click(screen.getByRole('button', { name: API_KEYS_TEXTS.create }));

    const shown = await screen.findByRole('textbox', { name: 'Clé d’API' });
    expect((shown as HTMLTextAreaElement).value).toBe(NEW_KEY.cle);
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(shown.getAttribute('aria-describedby')).toContain(screen.getByText(API_KEYS_TEXTS.shownOnce).closest('[id]')?.id);
    const panel = screen.getByRole('group', { name: /Votre nouvelle clé «\sNotes de frais\s»/ });
    expect(within(panel).getByText(NEW_KEY.idCle)).toBeTruthy();
    expect(within(panel).getByText('POST /api/v1/oauth/token')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      libelle: 'Notes de frais',
      portees: ['lignes:lecture', 'factures:lecture'],
      expireLe: defaultExpiry(parisDay(new Date())),
    });

    fireEvent.click(within(panel).getByRole('button', { name: 'Copier la clé' }));
    expect(await screen.findByText('La clé est copiée dans le presse-papiers.')).toBeTruthy();
    expect(clipboard.writeText).toHaveBeenCalledWith(NEW_KEY.cle);
    // The list is read again: the new key is there, by its prefix only.
    const table = await screen.findByRole('table', { name: 'Clés d’API actives' });
    expect(within(table).getByRole('rowheader', { name: 'Notes de frais' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'J’ai copié la clé' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /Votre nouvelle clé/ })).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_KEY.cle);
    expect(screen.queryByDisplayValue(NEW_KEY.cle)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: API_KEYS_TEXTS.keysTitle }));
    expect(screen.getByRole('button', { name: API_KEYS_TEXTS.create })).toBeTruthy();
  });

  it('lists the keys, the revoked and expired apart, and revokes one only once confirmed', async () => {
    const active = createKey({ libelle: 'Comptabilité', portees: ['factures:lecture', 'consommation:lecture'], derniereUtilisation: '2026-11-24T14:05:00.000Z' });
    const revoked = createKey({ libelle: 'Ancien MDM', statut: 'REVOQUEE', revoqueeLe: '2026-11-24T09:00:00.000Z', revoqueePar: 'Claire Martin' });
    const expired = createKey({ libelle: 'Essai', statut: 'EXPIREE', expireLe: '2026-10-31' });
    const { requests } = serve([active, revoked, expired]);
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);

    const activeTable = await screen.findByRole('table', { name: 'Clés d’API actives' });
    const row = within(within(activeTable).getByRole('rowheader', { name: 'Comptabilité' }).closest('tr') ?? document.body);
    expect(row.getByText(`${active.prefixe}…`)).toBeTruthy();
    expect(row.getByText('Factures et leurs lignes')).toBeTruthy();
    expect(row.getByText('Consommation par ligne et par jour')).toBeTruthy();
    expect(row.getByText('Le 23/11/2026 par Sophie Lemoine')).toBeTruthy();
    expect(row.getByText('22/11/2027')).toBeTruthy();
    expect(row.getByText('24/11/2026 15:05')).toBeTruthy();
    const inactive = screen.getByRole('table', { name: 'Clés d’API révoquées ou expirées' });
    expect(within(inactive).getByText('Révoquée le 24/11/2026 par Claire Martin')).toBeTruthy();
    expect(within(inactive).getByText('Expirée (valable jusqu’au 31/10/2026)')).toBeTruthy();
    expect(within(inactive).queryByRole('button', { name: /Révoquer/ })).toBeNull();

    fireEvent.click(row.getByRole('button', { name: 'Révoquer la clé Comptabilité' }));
    let dialog = await screen.findByRole('alertdialog', { name: API_KEYS_TEXTS.revokeTitle });
    expect(dialog.textContent).toContain(API_KEYS_TEXTS.revokeBody);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await clickWhenEnabled(screen.getByRole('button', { name: 'Révoquer la clé Comptabilité' }));
    dialog = await screen.findByRole('alertdialog', { name: API_KEYS_TEXTS.revokeTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, révoquer la clé' }));
    expect(await screen.findByText(API_KEYS_TEXTS.revoked)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([`${URL}/${active.idCle}`]);
    expect(await screen.findByText('Aucune clé d’API active.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Clés d’API révoquées ou expirées' })).getByRole('rowheader', { name: 'Comptabilité' })).toBeTruthy();
  });

  it('lets an agent read and revoke the keys, but not create one', async () => {
    serve([createKey({ libelle: 'Comptabilité' })]);
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession />);
    expect(await screen.findByRole('button', { name: 'Révoquer la clé Comptabilité' })).toBeTruthy();
    expect(screen.getByText(/seul un gestionnaire du compte peut en créer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: API_KEYS_TEXTS.create })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Nom de la clé/ })).toBeNull();
  });

  it('checks the form first, then shows the API’s refusal in French under the expiry', async () => {
    let created = 0;
    serve([], () => {
      created += 1;
      return refusal('API_KEY_EXPIRY_INVALID', 400);
    });
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);
    await screen.findByText('Aucune clé d’API active.');

    fireEvent.click(screen.getByRole('button', { name: API_KEYS_TEXTS.create }));
    expect(await screen.findByText('Donnez un nom à la clé.')).toBeTruthy();
    expect(screen.getByText('Choisissez au moins une portée.')).toBeTruthy();
    expect(created).toBe(0);

    const expiry = screen.getByLabelText(/^Date d’expiration/);
    fireEvent.change(expiry, { target: { value: parisDay(new Date()) } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom de la clé/ }), { target: { value: 'MDM' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Lignes \(parc/ }));
    fireEvent.click(screen.getByRole('button', { name: API_KEYS_TEXTS.create }));
    expect(await screen.findByText(errorMessage('API_KEY_EXPIRY_INVALID'))).toBeTruthy();
    expect(created).toBe(0);

    fireEvent.change(expiry, { target: { value: defaultExpiry(parisDay(new Date())) } });
    fireEvent.click(screen.getByRole('button', { name: API_KEYS_TEXTS.create }));
    await waitFor(() => expect(created).toBe(1));
    expect(await screen.findByText(errorMessage('API_KEY_EXPIRY_INVALID'))).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('group', { name: /Votre nouvelle clé/ })).toBeNull();
  });

  it('says in the form’s alert why the API refuses a key that belongs to no field', async () => {
    serve([], () => refusal('API_KEYS_LIMIT', 409));
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nom de la clé/ }), { target: { value: 'MDM' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Commandes et leur avancement/ }));
    fireEvent.click(screen.getByRole('button', { name: API_KEYS_TEXTS.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('API_KEYS_LIMIT'));
  });

  it('offers no form once the account has its ten active keys', async () => {
    serve(Array.from({ length: 10 }, () => createKey()));
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);
    expect(await screen.findByText(errorMessage('API_KEYS_LIMIT'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: API_KEYS_TEXTS.create })).toBeNull();
  });

  it('shows the keys as cards on a phone', async () => {
    onPhoneScreen();
    serve([createKey({ libelle: 'Comptabilité' })]);
    renderPage(<ApiKeysSection idClientBscs={ACCOUNT} agentSession={false} />);
    const cards = await screen.findByRole('list', { name: 'Clés d’API actives' });
    expect(within(cards).getByRole('button', { name: 'Révoquer la clé Comptabilité' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
