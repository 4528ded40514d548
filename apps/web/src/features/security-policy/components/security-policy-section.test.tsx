import { SECURITY_POLICY_TEXTS } from '@ecare/shared/security-policy';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { SecurityPolicySection } from './security-policy-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;

/** The account's policy as the server keeps it: read, and written by PUT. */
function serve(initial: boolean) {
  let mfaObligatoire = initial;
  return stubFetch((request) => {
    if (request.url !== `/api/clients/${ACCOUNT}/politique-securite`) return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
    if (request.method === 'PUT') mfaObligatoire = (JSON.parse(request.body ?? '{}') as { mfaObligatoire: boolean }).mfaObligatoire;
    return jsonResponse({ mfaObligatoire });
  });
}

describe('SecurityPolicySection (decision 057)', () => {
  it('asks before making the second factor required, then saves it', async () => {
    const { requests } = serve(false);
    renderPage(<SecurityPolicySection idClientBscs={ACCOUNT} />);
    expect(screen.getByRole('heading', { level: 2, name: SECURITY_POLICY_TEXTS.title })).toBeTruthy();
    const toggle = await screen.findByRole('switch', { name: SECURITY_POLICY_TEXTS.switchLabel });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    // Cancelled: nothing is sent.
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: SECURITY_POLICY_TEXTS.confirmTitle });
    expect(dialog.textContent).toContain('à sa prochaine connexion');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: SECURITY_POLICY_TEXTS.confirm }));
    await screen.findByText(SECURITY_POLICY_TEXTS.saved);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([JSON.stringify({ mfaObligatoire: true })]);
  });

  it('turns it off without asking', async () => {
    const { requests } = serve(true);
    renderPage(<SecurityPolicySection idClientBscs={ACCOUNT} />);
    const toggle = await screen.findByRole('switch', { name: SECURITY_POLICY_TEXTS.switchLabel });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await screen.findByText(SECURITY_POLICY_TEXTS.saved);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([JSON.stringify({ mfaObligatoire: false })]);
  });
});
