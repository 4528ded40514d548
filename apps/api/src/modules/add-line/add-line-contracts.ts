import { ORDER_PAYMENT_MODE, ORDER_STATUS, ORDER_TYPE, addMonths } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { fail } from '../../lib/errors.ts';
import type { AddLineRepository, NewContract, OrderRow } from './add-line.repository.ts';

/** The range new numbers are taken from (decision 038). */
export const NEW_NUMBER_RANGE = { start: '0780000000', end: '0789999999' } as const;

/** What an order asks to be paid now: the deposit the risk asked for, or else its one-off total incl. VAT. */
export function amountDueNow(order: Pick<OrderRow, 'acompteCentimes' | 'totalUniqueHtCentimes' | 'tvaUniqueCentimes'>): number {
  return order.acompteCentimes > 0 ? order.acompteCentimes : order.totalUniqueHtCentimes + order.tvaUniqueCentimes;
}

/** The statuses of an order paid by card that still waits for its money: sent for payment, or refused and to pay again. */
const AWAITING_CARD: readonly number[] = [ORDER_STATUS.Validee, ORDER_STATUS.CbOfficeServerRefusee];

/** An order of new lines to pay by card that has not been paid yet (its payment waited for, or refused). */
export function awaitsCard(order: Pick<OrderRow, 'type' | 'modePaiement' | 'statut'>): boolean {
  return order.type === ORDER_TYPE.ExtensionParc && order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue && AWAITING_CARD.includes(order.statut);
}

/**
 * The cart's lines as new contracts, EN_COURS, with new numbers from the shop's range or the numbers
 * ported or kept: an order paid by transfer at once, one paid by card when the payment is accepted.
 */
export async function createContracts(r: AddLineRepository, idClientBscs: number, idSouscription: number, now: Date): Promise<void> {
  const lines = await r.linesForContracts(idSouscription);
  // The centre the order named, if any (decision 051).
  const idCentre = await r.cartCentre(idSouscription);
  const count = lines.reduce((sum, row) => sum + row.line.quantite, 0);
  const fresh = lines.reduce((sum, row) => sum + (row.line.modeNumero === 'NOUVEAU' ? row.line.quantite : 0), 0);
  const { ids, numbers } = await r.allocate(count, NEW_NUMBER_RANGE.start, NEW_NUMBER_RANGE.end);
  if (numbers.slice(0, fresh).some((numero) => numero > NEW_NUMBER_RANGE.end)) throw fail('ADD_LINE_NO_NUMBER_LEFT');
  let next = 0;
  let nextNumber = 0;
  for (const { line, engagementMois, idGamme, options } of lines) {
    const made: NewContract[] = [];
    for (let i = 0; i < line.quantite; i += 1) {
      const idContrat = ids[next];
      next += 1;
      const numero = line.modeNumero === 'NOUVEAU' ? numbers[nextNumber++] : line.msisdn;
      if (idContrat === undefined || !numero) throw new Error('allocation shorter than the cart');
      made.push({
        idContrat,
        idClientBscs,
        numeroLigne: numero,
        codeStatut: 'EN_COURS',
        idGamme,
        idOffreEngagement: line.idOffreEngagement,
        dateActivation: now,
        options,
        dateFinEngagement: engagementMois > 0 ? addMonths(parisDay(now), engagementMois) : null,
        typeSim: line.typeSim,
        inscriptionAnnuaire: line.inscriptionAnnuaire ? 'PARUTION' : 'LISTE_ROUGE',
        idCentre,
      });
    }
    await r.insertContracts(made);
    await r.setLineContracts(line.idLigne, made.map((row) => row.idContrat));
  }
}
