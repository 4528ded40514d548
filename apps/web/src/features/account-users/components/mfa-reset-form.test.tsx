import { accountUserPageSchema, accountUserSchema, type AccountUser } from '@ecare/shared/account-users';
import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { MFA_RESET_TEXTS } from '@ecare/shared/security-activity';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { AccountUsersPanel } from './account-users-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;
const person = (overrides: Partial<AccountUser>): AccountUser =>
  accountUserSchema.parse({ id: 1, prenom: 'Sophie', nom: 'Lemoine', email: 'sophie@demo.test', role: 'gestionnaire', ligne: null, accesActive: true, estMoi: true, ...overrides });
const USERS = [person({}), person({ id: 2, prenom: 'Julien', nom: 'Roux', email: 'julien@demo.test', role: 'utilisateur', estMoi: false, ligne: { idContrat: 5001, numeroLigne: '0612345678' } })];
const RESET = `POST /api/clients/${ACCOUNT}/utilisateurs/2/reinitialisation-mfa`;

function serve(reset: () => Response = () => jsonResponse({ ok: true })) {
  return stubFetch((request) => {
    const key = `${request.method} ${request.url}`;
    if (key === `GET /api/utilisateurs?idClientBscs=${ACCOUNT}&page=1&taille=20`) {
      return jsonResponse(accountUserPageSchema.parse({ utilisateurs: USERS, total: 2, page: 1, taille: 20, nbGestionnaires: 1 }));
    }
    if (key === RESET) return reset();
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

async function openMenu(name: string) {
  const tr = (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  fireEvent.click(within(tr).getByRole('button', { name: `Gérer ${name}` }));
  return screen.findByRole('menu');
}

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url} ${r.body ?? ''}`);
const ITEM = 'Réinitialiser la vérification en deux étapes';

describe('the reset of a person’s second factors on the account’s users page', () => {
  it('is not offered to a customer', async () => {
    serve();
    renderPage(<AccountUsersPanel idClientBscs={ACCOUNT} onAccessLost={vi.fn()} />);
    const menu = await openMenu('Julien Roux');
    expect(within(menu).queryByRole('menuitem', { name: ITEM })).toBeNull();
  });

  it('asks an agent for a motif, then a confirmation, then resets and says so', async () => {
    const { requests } = serve();
    renderPage(<AccountUsersPanel idClientBscs={ACCOUNT} onAccessLost={vi.fn()} agentSession />);
    fireEvent.click(within(await openMenu('Julien Roux')).getByRole('menuitem', { name: ITEM }));
    const dialog = within(await screen.findByRole('dialog', { name: ITEM }));
    const motif = dialog.getByRole('textbox', { name: /^Motif/ });

    fireEvent.click(dialog.getByRole('button', { name: 'Réinitialiser' }));
    expect(await dialog.findByText(MFA_RESET_TEXTS.motifLength)).toBeTruthy();
    expect(motif.getAttribute('aria-invalid')).toBe('true');
    expect(writes(requests)).toEqual([]);

    fireEvent.change(motif, { target: { value: 'Ticket SUP-2026-000123, identité vérifiée' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Réinitialiser' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: /^Réinitialiser la vérification en deux étapes de Julien Roux/ }));
    expect(confirm.getByText(/ne peut pas être annulée/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Réinitialiser' }));

    expect(await screen.findByText(/^La vérification en deux étapes de Julien Roux est réinitialisée/)).toBeTruthy();
    expect(writes(requests)).toEqual([`${RESET} {"motif":"Ticket SUP-2026-000123, identité vérifiée"}`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal in the form', async () => {
    serve(() => jsonResponse(apiErrorSchema.parse({ code: 'ACCOUNT_USER_UNKNOWN', exceptionMessage: errorMessage('ACCOUNT_USER_UNKNOWN') }), 404));
    renderPage(<AccountUsersPanel idClientBscs={ACCOUNT} onAccessLost={vi.fn()} agentSession />);
    fireEvent.click(within(await openMenu('Julien Roux')).getByRole('menuitem', { name: ITEM }));
    const dialog = within(await screen.findByRole('dialog', { name: ITEM }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Motif/ }), { target: { value: 'Téléphone perdu' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Réinitialiser' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Réinitialiser' }));
    expect(await dialog.findByText(errorMessage('ACCOUNT_USER_UNKNOWN'))).toBeTruthy();
  });
});
