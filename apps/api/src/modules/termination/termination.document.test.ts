import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMINATION_FEES_RULE, TERMINATION_VAT_PERCENT, terminationFees, type TerminationStatusAnswer } from '@ecare/shared';
import { renderTerminationRecap } from './termination.document.ts';
import { pdfText } from '../../test/support/termination.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** As pdf.js reads the PDF: every kind of space a plain one. */
const plain = (text: string) => text.replace(/\s/g, ' ');

function statusWith(fees: ReturnType<typeof terminationFees>): TerminationStatusAnswer {
  return {
    idResiliation: 7,
    idContrat: 1001,
    numeroLigne: '0612345678',
    statut: 'PROGRAMMEE',
    dateEffet: '2027-01-15',
    motif: 'Ligne plus utilisée',
    sousMotif: null,
    commentaire: null,
    frais: { ...fees, tauxTva: TERMINATION_VAT_PERCENT },
    piecesJointes: [],
    dateDemande: '2026-12-01T09:00:00.000Z',
    dateAnnulation: null,
    annulable: true,
  };
}

describe('the termination recap PDF', () => {
  it('shows, for every month of a 12- or 24-month commitment, the fees as the rule computes them, with their arithmetic and the rule', async () => {
    // One price per commitment and month: 12 + 1 and 24 + 1 recaps.
    const prices = fc.sample(fc.integer({ min: 1, max: 20_000 }), { numRuns: 38, seed: 24 });
    let run = 0;
    for (const duree of [12, 24]) {
      for (let elapsed = 0; elapsed <= duree; elapsed++) {
        const price = prices[run++] ?? 2_499;
        const fees = terminationFees({ moisRestants: duree - elapsed, dureeEngagementMois: duree, mensualiteHtCentimes: price, exoneration: null });
        const text = await pdfText(await renderTerminationRecap({ resiliation: statusWith(fees), raisonSociale: 'Boulangerie Lemoine SARL', codeClientBscs: '1.000001', libelleOffre: 'Forfait Pro 50 Go', demandeur: 'Claire Lemoine' }, 'Telora Pro', new Date('2026-12-01T09:00:00Z')));
        const what = `${duree} months, ${elapsed} elapsed, ${price} cents`;
        expect(text, what).toContain(plain(TERMINATION_FEES_RULE).slice(0, 60));
        expect(text, what).toContain(`Total HT ${plain(money.format(fees.totalHtCentimes / 100))}`);
        expect(text, what).toContain(`Total TTC ${plain(money.format(fees.totalTtcCentimes / 100))}`);
        for (const line of fees.lignes) expect(text, what).toContain(plain(line.libelle));
        if (fees.calcul) expect(text, what).toContain(plain(fees.calcul));
        expect(text, what).not.toMatch(/moiss|Forfait Forfait/);
      }
    }
  }, 60_000);
});
