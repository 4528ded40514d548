import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UnpaidCheckAction } from '@ecare/shared/unpaid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoadingCount } from '../../../lib/loading-counter.ts';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { deferred, renderPage } from '../../../test/render.tsx';
import { NETWORK_FAILURE_MESSAGE } from '../utils/unpaid-texts.ts';
import { useUnpaidGate, type UnpaidGateContext } from './use-unpaid-gate.tsx';

const MANAGER: UnpaidGateContext = {
  user: { administration: false, serviceClient: false },
  account: { idClientBscs: 1_000_001, sirenSiret: '73282932000014' },
  line: { id_offre_engagement: 102, codeStatut: 'ACTIF' },
  estBdp: false,
};

/** The check's code is imported on first use: a cold transform in the test runner may take a few seconds. */
const LAZY = { timeout: 10_000 };

const STOP_MESSAGE = 'Une facture échue de ce compte de facturation n’est pas réglée : 1 234,56 € restent à payer.';

function Gate({ context, action = 'PU', navigate, chooseAccount = vi.fn() }: { context: UnpaidGateContext; action?: UnpaidCheckAction; navigate: (url: string) => void; chooseAccount?: (url: string) => void }) {
  const gate = useUnpaidGate(context, navigate, chooseAccount);
  return (
    <>
      <button type="button" onClick={() => gate.guard(action, '/mon-forfait/changer-de-forfait')}>
        Changer de forfait
      </button>
      {gate.dialog}
    </>
  );
}

beforeEach(() => {
  fillJsdomGaps();
  sessionStorage.clear();
  localStorage.clear();
  startSession('jeton');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useUnpaidGate', () => {
  it('stops on an unpaid balance: the dialog shows the message and a link to pay, and nothing navigates', async () => {
    const { requests } = stubFetch(() => jsonResponse({ arretParcours: true, message: STOP_MESSAGE }));
    const navigate = vi.fn();
    renderPage(<Gate context={MANAGER} navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Factures impayées' }, LAZY);
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(STOP_MESSAGE);
    expect(screen.getByRole('link', { name: 'Payer mes factures' }).getAttribute('href')).toBe('/mon-compte/paiement');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(navigate).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/impayes/verifier');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ idOffreEngagement: 102, idClientBscs: 1_000_001, sirenSiret: '73282932000014', action: 'PU' });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes on when nothing is overdue, with one check however often the entry is clicked meanwhile', async () => {
    const answer = deferred<Response>();
    const { requests } = stubFetch(() => answer.promise);
    const navigate = vi.fn();
    renderPage(<Gate context={MANAGER} navigate={navigate} />);
    const entry = screen.getByRole('button', { name: 'Changer de forfait' });
    fireEvent.click(entry);
    // The loading overlay is up while the check's code loads and the check runs.
    expect(getLoadingCount()).toBeGreaterThan(0);
    fireEvent.click(entry);
    fireEvent.click(entry);
    await waitFor(() => expect(requests).toHaveLength(1), LAZY);
    answer.resolve(jsonResponse({ arretParcours: false, message: '' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/mon-forfait/changer-de-forfait'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(getLoadingCount()).toBe(0));
  });

  it('shows the dialog to an administration user who is not an agent outside pro-less mode, without a link to pay', async () => {
    stubFetch(() => jsonResponse({ arretParcours: false, message: '' }));
    const navigate = vi.fn();
    renderPage(<Gate context={{ ...MANAGER, user: { administration: true, serviceClient: true }, estBdp: true }} navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    await screen.findByRole('alertdialog', { name: 'Démarche réservée au service client' }, LAZY);
    expect(screen.queryByRole('link', { name: 'Payer mes factures' })).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets an administration user who is an agent outside pro-less mode go on', async () => {
    stubFetch(() => jsonResponse({ arretParcours: false, message: '' }));
    const navigate = vi.fn();
    renderPage(<Gate context={{ ...MANAGER, user: { administration: true, serviceClient: true } }} navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/mon-forfait/changer-de-forfait'), LAZY);
  });

  it('says so when the check gets no answer, and does not navigate', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const navigate = vi.fn();
    renderPage(<Gate context={MANAGER} navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Vérification impossible' }, LAZY);
    expect(dialog.textContent).toContain(NETWORK_FAILURE_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows a refusal of the server in the dialog', async () => {
    stubFetch(() => jsonResponse({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: "Désolé, vous n’êtes pas autorisé à accéder à ce compte de facturation." }, 403));
    const navigate = vi.fn();
    renderPage(<Gate context={MANAGER} navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Vérification impossible' }, LAZY);
    expect(dialog.textContent).toContain('pas autorisé à accéder à ce compte de facturation');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks to choose a billing account first when none is chosen, without a check', () => {
    const { requests } = stubFetch(() => jsonResponse({ arretParcours: false, message: '' }));
    const navigate = vi.fn();
    const chooseAccount = vi.fn();
    renderPage(<Gate context={{ ...MANAGER, account: null, line: null }} navigate={navigate} chooseAccount={chooseAccount} />);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de forfait' }));
    expect(chooseAccount).toHaveBeenCalledWith('/mon-forfait/changer-de-forfait');
    expect(navigate).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });
});
