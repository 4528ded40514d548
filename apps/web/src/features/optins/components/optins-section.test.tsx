import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { optinChoicesSchema, optinsSchema, type Optins } from '@ecare/shared/optins';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { deferred, renderPage } from '../../../test/render.tsx';
import type { OptinsOwner } from '../api/get-optins.ts';
import { OptinsSection } from './optins-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nothing = (): Optins =>
  optinsSchema.parse({ emailMarketing: false, smsMarketing: false, emailActualites: false, smsActualites: false, dateMiseAJour: null });

/** One owner's choices as the server keeps them: GET answers them, PUT saves and answers them. */
function serve(path: string, initial: Optins, answerPut?: () => Promise<Response>) {
  let current = initial;
  return stubFetch(async (request) => {
    if (request.url === path && request.method === 'GET') return jsonResponse(current);
    if (request.url === path && request.method === 'PUT') {
      if (answerPut) return answerPut();
      current = { ...optinChoicesSchema.parse(JSON.parse(request.body ?? '{}')), dateMiseAJour: '2026-03-02T09:15:00.000Z' };
      return jsonResponse(current);
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

function renderSection(owner: OptinsOwner = { kind: 'own' }) {
  return renderPage(
    <OptinsSection
      id="bloc"
      owner={owner}
      title="Mes préférences"
      intro="Pour vous."
      submitLabel="Enregistrer mes préférences"
      savedText="Vos préférences de contact ont été enregistrées."
    />,
  );
}

const box = (topic: string, channel: string) => within(screen.getByRole('group', { name: topic })).getByRole('checkbox', { name: channel });

describe('OptinsSection', () => {
  it('shows every choice off while nothing was chosen, grouped by kind of message', async () => {
    serve('/api/contacts/optins', nothing());
    renderSection();
    await screen.findByRole('group', { name: 'Offres commerciales' });
    for (const topic of ['Offres commerciales', 'Actualités du service']) {
      for (const channel of ['Par e-mail', 'Par SMS']) expect((box(topic, channel) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByText(/Aucun choix enregistré/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mes préférences' })).toBeTruthy();
  });

  it('saves the four choices with one button, then says so and shows when', async () => {
    const { requests } = serve('/api/contacts/optins', { ...nothing(), smsActualites: true, dateMiseAJour: '2025-11-03T08:45:00.000Z' });
    renderSection();
    await screen.findByRole('group', { name: 'Offres commerciales' });
    expect((box('Actualités du service', 'Par SMS') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Préférences enregistrées le 03/11/2025 à 09:45.')).toBeTruthy();

    fireEvent.click(box('Offres commerciales', 'Par e-mail'));
    fireEvent.click(box('Actualités du service', 'Par SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes préférences' }));

    expect(await screen.findByText('Vos préférences de contact ont été enregistrées.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ emailMarketing: true, smsMarketing: false, emailActualites: false, smsActualites: false });
    expect(screen.getByText('Préférences enregistrées le 02/03/2026 à 10:15.')).toBeTruthy();

    // A new change hides the confirmation of the previous save.
    fireEvent.click(box('Offres commerciales', 'Par SMS'));
    await waitFor(() => expect(screen.queryByText('Vos préférences de contact ont été enregistrées.')).toBeNull());
  });

  it('saves an account’s choices at the account’s address, the button waiting meanwhile', async () => {
    const answer = deferred<Response>();
    const { requests } = serve('/api/contacts/31/optins', nothing(), () => answer.promise);
    renderSection({ kind: 'account', idClientBscs: 31 });
    await screen.findByRole('group', { name: 'Offres commerciales' });
    fireEvent.click(box('Actualités du service', 'Par e-mail'));
    const button = screen.getByRole('button', { name: 'Enregistrer mes préférences' });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    answer.resolve(jsonResponse({ ...nothing(), emailActualites: true, dateMiseAJour: '2026-03-02T09:15:00.000Z' }));
    expect(await screen.findByText('Vos préférences de contact ont été enregistrées.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.url)).toEqual(['/api/contacts/31/optins']);
  });

  it('shows a refusal in the form’s alert', async () => {
    serve('/api/contacts/31/optins', nothing(), async () =>
      jsonResponse(apiErrorSchema.parse({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: errorMessage('FORBIDDEN_ACCOUNT') }), 403),
    );
    renderSection({ kind: 'account', idClientBscs: 31 });
    await screen.findByRole('group', { name: 'Offres commerciales' });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes préférences' }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('FORBIDDEN_ACCOUNT'));
  });
});
