import { accountUserPageSchema } from '@ecare/shared/account-users';
import { optinsSchema } from '@ecare/shared/optins';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSelection, setSelection } from '../../../lib/selection-store.ts';
import { clearAllStorage, startSession } from '../../../lib/session-storage.ts';
import { createBillingAccount, createCurrentUser, createSessionData } from '../../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { OptinsRoute } from './optins-route.tsx';
import { UsersRoute } from './users-route.tsx';

const ACCOUNT = 31;
const BAKERY = createBillingAccount({ idClientBscs: ACCOUNT, raisonSociale: 'Boulangerie Lemoine SARL', codeClientBscs: '1.31' });
const NOTHING = optinsSchema.parse({ emailMarketing: false, smsMarketing: false, emailActualites: false, smsActualites: false, dateMiseAJour: null });

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton-de-test');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSelection();
  clearAllStorage();
});

/** The session of a manager of the bakery, or of a simple line user, and the pages' reads. */
function serve(kind: 'manager' | 'lineUser') {
  if (kind === 'manager') setSelection({ accountId: ACCOUNT, lineId: null });
  const user =
    kind === 'manager'
      ? createCurrentUser({ idClientBscs: ACCOUNT })
      : createCurrentUser({ gestionnaire: false, utilisateur: true, idClientBscs: ACCOUNT, idContrat: 5001, prenom: 'Julien', nom: 'Roux' });
  return stubFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/current_user') return jsonResponse(user);
    if (path === `/api/sessiondata/${ACCOUNT}/0`) return jsonResponse(createSessionData({ current_compte_facturation: BAKERY }));
    if (path === '/api/utilisateurs') return jsonResponse(accountUserPageSchema.parse({ utilisateurs: [], total: 0, page: 1, taille: 20, nbGestionnaires: 0 }));
    if (path === '/api/contacts/optins' || path === `/api/contacts/${ACCOUNT}/optins`) return jsonResponse(NOTHING);
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

describe('UsersRoute', () => {
  it('shows a manager the chosen account’s people and the invitation', async () => {
    serve('manager');
    renderPage(<UsersRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs du compte' })).toBeTruthy();
    expect(await screen.findByText('Boulangerie Lemoine SARL – compte 1.31')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Inviter un utilisateur' })).toBeTruthy();
  });

  it('tells a simple line user the page is the managers’, without asking for the account’s people', async () => {
    const { requests } = serve('lineUser');
    renderPage(<UsersRoute />);
    expect(await screen.findByText('Cette page est réservée aux gestionnaires du compte de facturation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Inviter un utilisateur' })).toBeNull();
    expect(requests.some((request) => request.url.startsWith('/api/utilisateurs'))).toBe(false);
  });
});

describe('OptinsRoute', () => {
  it('gives a manager their own block and the chosen account’s', async () => {
    serve('manager');
    renderPage(<OptinsRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Préférences de contact' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Mes préférences' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Préférences du compte Boulangerie Lemoine SARL' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Enregistrer les préférences du compte' })).toBeTruthy();
  });

  it('gives a simple line user their own block only', async () => {
    const { requests } = serve('lineUser');
    renderPage(<OptinsRoute />);
    expect(await screen.findByRole('button', { name: 'Enregistrer mes préférences' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Préférences du compte/ })).toBeNull();
    expect(requests.some((request) => request.url.startsWith(`/api/contacts/${ACCOUNT}`))).toBe(false);
  });
});
