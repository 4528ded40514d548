import { TERMINATION_FEES_RULE, terminationCommitmentSchema, terminationFees, terminationFeesSchema, type TerminationCommitment } from '@ecare/shared/termination';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { formatCents } from '../utils/termination-format.ts';
import { FeesStep } from './fees-step.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const commitment = (duree: number, price: number): TerminationCommitment =>
  terminationCommitmentSchema.parse({
    idContrat: 5001,
    numeroLigne: '0626043580',
    libelleOffre: 'Forfait Pro Illimité 5G',
    mensualiteHtCentimes: price,
    dureeEngagementMois: duree,
    dateFinEngagement: '2028-09-15',
    moisRestants: duree,
    datePortabiliteSortante: null,
    dateEffetMin: '2026-12-01',
    dateEffetMax: '2027-02-28',
    empechement: null,
    peutResilier: true,
  });

/** The page as it shows the server's answer for `moisRestants` months left of `duree`, at `price`. */
async function renderFees(duree: number, moisRestants: number, price: number) {
  const fees = terminationFees({ moisRestants, dureeEngagementMois: duree, mensualiteHtCentimes: price, exoneration: null });
  stubFetch(() =>
    jsonResponse(terminationFeesSchema.parse({ idContrat: 5001, idMotif: 1041, dateEffet: '2026-12-01', dateFinEngagement: '2028-09-15', ...fees, tauxTva: 20 })),
  );
  renderPage(<FeesStep commitment={commitment(duree, price)} idMotifFrais={1041} dateEffet="2026-12-01" onChosen={vi.fn()} onBack={vi.fn()} />);
  const table = await screen.findByRole('table', { name: 'Détail des frais de résiliation anticipée' });
  return { fees, table };
}

describe('the fees step', () => {
  it('names the plan once, counts months as French does and states the rule', async () => {
    await renderFees(24, 20, 5_499);
    const page = document.body.textContent ?? '';
    expect(page).toContain('Forfait Pro Illimité 5G, 54,99\u00a0€ HT par mois. Engagement de 24\u00a0mois jusqu’au 15/09/2028.');
    expect(page).toContain(TERMINATION_FEES_RULE);
    expect(page).toContain('Engagement restant à courir au 01/12/2026\u00a0: 20\u00a0mois.');
    expect(page).not.toMatch(/moiss|Forfait Forfait/);
    expect(page).toContain(`8\u00a0mensualités × 54,99\u00a0€ + ¼ × 12\u00a0mensualités × 54,99\u00a0€ = 604,89\u00a0€ HT`);
  });

  it('shows, for every month of a 12- or 24-month commitment, the lines, arithmetic and totals the rule computes', async () => {
    for (const [duree, price] of [
      [12, 1_499],
      [24, 1_001],
    ] as const) {
      for (let elapsed = 0; elapsed <= duree; elapsed++) {
        const { fees, table } = await renderFees(duree, duree - elapsed, price);
        const what = `${duree} months, ${elapsed} elapsed`;
        for (const line of fees.lignes) {
          const row = within(table).getByRole('row', { name: new RegExp(`^${line.libelle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
          expect(row.textContent, what).toContain(formatCents(line.montantHtCentimes));
        }
        expect(within(table).getByRole('row', { name: /^Total HT/ }).textContent, what).toContain(formatCents(fees.totalHtCentimes));
        expect(within(table).getByRole('row', { name: /^Total TTC/ }).textContent, what).toContain(formatCents(fees.totalTtcCentimes));
        if (fees.calcul) expect(document.body.textContent, what).toContain(fees.calcul);
        cleanup();
        vi.unstubAllGlobals();
      }
    }
  }, 60_000);
});
