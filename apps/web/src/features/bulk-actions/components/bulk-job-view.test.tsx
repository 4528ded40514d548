import type { BulkJob, BulkJobSummary } from '@ecare/shared/bulk-actions';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { BulkJobView } from './bulk-job-view.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (faits: number, statut: BulkJobSummary['statut']): BulkJobSummary => ({
  idTraitement: 7,
  action: 'ANNUAIRE',
  statut,
  total: 3,
  faits,
  refuses: 0,
  creeLe: '2026-11-29T09:00:00.000Z',
  termineLe: statut === 'TERMINE' ? '2026-11-29T09:01:00.000Z' : null,
  retourArriere: null,
  retourArrierePossibleJusquA: statut === 'TERMINE' ? '2026-11-29T09:16:00.000Z' : null,
});
const numbers = ['0601020304', '0601020305', '0601020306'];
const job = (faits: number, statut: BulkJobSummary['statut']): BulkJob => ({
  ...summary(faits, statut),
  lignes: numbers.map((numeroLigne, index) => ({ idContrat: 100 + index, numeroLigne, resultat: index < faits ? 'OK' : 'EN_ATTENTE', motif: null })),
});

describe('a job’s page', () => {
  it('reads the counts alone while the job runs, then its rows once more when it ends', async () => {
    let progressReads = 0;
    const { requests } = stubFetch((request) => {
      if (request.url.endsWith('/traitements/7/avancement')) {
        progressReads += 1;
        return jsonResponse(progressReads < 2 ? summary(1, 'EN_COURS') : summary(3, 'TERMINE'));
      }
      return jsonResponse(progressReads < 2 ? job(0, 'EN_COURS') : job(3, 'TERMINE'));
    });
    renderPage(<BulkJobView idClientBscs={42} idTraitement={7} />);
    expect(await screen.findByText(/En cours – 0 lignes traitées sur 3/)).toBeTruthy();
    expect(await screen.findByText(/1 lignes traitées sur 3/, {}, { timeout: 3_000 })).toBeTruthy();
    expect(await screen.findByText(/Terminé – 3 lignes traitées sur 3/, {}, { timeout: 3_000 })).toBeTruthy();
    // The rows read again at the end: every line's result, and the results' download.
    await waitFor(() => expect(screen.getAllByText('Fait')).toHaveLength(3));
    expect(screen.getByRole('button', { name: /Télécharger les résultats/ })).toBeTruthy();
    const rowReads = requests.filter((request) => request.url.endsWith('/traitements/7')).length;
    expect(rowReads).toBe(2);
    expect(progressReads).toBe(2);
  });
});
