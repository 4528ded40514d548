import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session-storage.ts';
import { createCurrentUser } from '../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { SessionExpiryDialog } from './session-expiry-dialog.tsx';

const MINUTE = 60_000;

beforeEach(() => {
  fillJsdomGaps();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A session whose last request was `minutes` ago; /api/current_user refreshes the clock as the real one does. */
function idleFor(minutes: number) {
  startSession('jeton', Date.now() - minutes * MINUTE);
  return stubFetch(() => {
    startSession('jeton');
    return jsonResponse(createCurrentUser());
  });
}

describe('SessionExpiryDialog', () => {
  it('stays closed while the session is active', () => {
    idleFor(5);
    render(<SessionExpiryDialog onLogout={vi.fn()} onExpired={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('warns two minutes before the limit in a modal alert dialog named by its title', async () => {
    idleFor(29);
    render(<SessionExpiryDialog onLogout={vi.fn()} onExpired={vi.fn()} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Votre session va expirer' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Sans activité de votre part/);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('keeps the session on “Rester connecté” and on Escape, by reading the current user', async () => {
    const { requests } = idleFor(29);
    render(<SessionExpiryDialog onLogout={vi.fn()} onExpired={vi.fn()} />);
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.map((request) => request.url)).toEqual(['/api/current_user']);
  });

  it('offers to log out', async () => {
    idleFor(29);
    const onLogout = vi.fn();
    render(<SessionExpiryDialog onLogout={onLogout} onExpired={vi.fn()} />);
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('ends the session once the limit has passed', async () => {
    idleFor(31);
    const onExpired = vi.fn();
    render(<SessionExpiryDialog onLogout={vi.fn()} onExpired={onExpired} />);
    await waitFor(() => expect(onExpired).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
