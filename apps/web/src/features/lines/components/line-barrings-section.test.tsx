import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import type { LineDetail } from '@ecare/shared/lines';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLineDetail } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { LineBarringsSection } from './line-barrings-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = 5012;
const MANAGER: LineDetail['actions'] = ['PUK', 'RIO', 'UTILISATEUR', 'ANNUAIRE', 'BARRAGE'];

const lineWith = (overrides: Partial<LineDetail> = {}) =>
  createLineDetail({ idContrat: ID, numeroLigne: '0612345678', barrages: { itinerance: true, international: false }, actions: MANAGER, ...overrides });

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const ROAMING = /^Bloquer l’itinérance \(appels, SMS et internet à l’étranger\)/;
const INTERNATIONAL = /^Bloquer les appels vers l’international/;

describe('LineBarringsSection', () => {
  it('shows the manager the two barrings as the line has them, and saves both with one button', async () => {
    const { requests } = stubFetch(() => jsonResponse({ idContrat: ID, itinerance: false, international: true }));
    renderPage(<LineBarringsSection line={lineWith()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Restrictions' })).toBeTruthy();
    expect(box(ROAMING).checked).toBe(true);
    expect(box(INTERNATIONAL).checked).toBe(false);

    fireEvent.click(box(ROAMING));
    fireEvent.click(box(INTERNATIONAL));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les restrictions' }));

    expect(
      await screen.findByText(/^Les restrictions de la ligne 06 12 34 56 78 sont enregistrées\s*: itinérance autorisée, appels vers l’international bloqués\.$/),
    ).toBeTruthy();
    expect(requests.map((request) => [request.method, request.url])).toEqual([['PUT', `/api/lignes/${ID}/barrages`]]);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ itinerance: false, international: true });
    expect(box(ROAMING).checked).toBe(false);
    expect(box(INTERNATIONAL).checked).toBe(true);
  });

  it('says in French why the server refused, and keeps the boxes as ticked', async () => {
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: 'LINE_TERMINATED', exceptionMessage: errorMessage('LINE_TERMINATED') }), 409));
    renderPage(<LineBarringsSection line={lineWith()} />);
    fireEvent.click(box(INTERNATIONAL));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les restrictions' }));
    expect(await screen.findByText(errorMessage('LINE_TERMINATED'))).toBeTruthy();
    expect(screen.queryByText(/sont enregistrées/)).toBeNull();
    await waitFor(() => expect(box(INTERNATIONAL).checked).toBe(true));
  });

  it('shows the line user the barrings without any way to change them', () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    renderPage(<LineBarringsSection line={lineWith({ actions: ['PUK', 'RIO', 'ANNUAIRE'] })} />);
    expect(screen.getByText(/itinérance bloquée, appels vers l’international autorisés\. Seul le gestionnaire du compte peut les modifier\./)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
