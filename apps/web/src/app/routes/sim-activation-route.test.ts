import { linePageSchema, type Line } from '@ecare/shared/lines';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelection } from '../../lib/selection-store.ts';
import { startSession } from '../../lib/session-storage.ts';
import { createBillingAccount, createCurrentUser, createLine, createSessionData } from '../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { queryClient } from '../query-client.ts';
import { simActivationMenuLoader } from './sim-activation-route.ts';

const ACCOUNT = createBillingAccount({ idClientBscs: 1001 });

/** A manager of account 1001, with or without a chosen line, whose lines awaiting their SIM are `awaiting`. */
function serveManager(awaiting: Line[], line: Line | null = null) {
  return stubFetch((request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/current_user') return jsonResponse(createCurrentUser({ gestionnaire: true, idClientBscs: 1001 }));
    if (path.startsWith('/api/sessiondata/')) return jsonResponse(createSessionData({ current_compte_facturation: ACCOUNT, current_ligne: line }));
    if (path === '/api/contrats_pagination/1001') return jsonResponse(linePageSchema.parse({ contrats: awaiting, total: awaiting.length, page: 1, taille: 20 }));
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: path }, 404);
  });
}

/** Where the menu's entry leads: the loader always answers a redirection. */
async function destination(): Promise<string> {
  try {
    const url = 'http://localhost/mon-telephone/activation-sim';
    await simActivationMenuLoader({ request: new Request(url), params: {}, context: {} } as unknown as LoaderFunctionArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? '';
    throw thrown;
  }
  throw new Error('no redirection');
}

beforeEach(() => {
  queryClient.clear();
  startSession('jeton');
  setSelection({ accountId: 1001, lineId: null });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('« Activer une carte SIM » (menu entry)', () => {
  it('lists the lines whose SIM awaits its activation, asking the server for them alone', async () => {
    const { requests } = serveManager([createLine({ idContrat: 5001, codeStatut: 'EN_COURS' }), createLine({ idContrat: 5002, codeStatut: 'EN_COURS' })]);
    expect(await destination()).toBe('/pages/mes-lignes-mobiles?statut=EN_COURS');
    expect(requests.map((request) => request.url)).toContain('/api/contrats_pagination/1001?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=&statut=EN_COURS');
  });

  it('goes straight to the one line awaiting its SIM', async () => {
    serveManager([createLine({ idContrat: 5003, codeStatut: 'EN_COURS' })]);
    expect(await destination()).toBe('/ligne-mobile/5003');
  });

  it('shows the empty list, which says so, when no line awaits one', async () => {
    serveManager([]);
    expect(await destination()).toBe('/pages/mes-lignes-mobiles?statut=EN_COURS');
  });

  it('goes to the chosen line of an account with a single line', async () => {
    serveManager([], createLine({ idContrat: 5004 }));
    setSelection({ accountId: 1001, lineId: 5004 });
    expect(await destination()).toBe('/ligne-mobile/5004');
  });
});
