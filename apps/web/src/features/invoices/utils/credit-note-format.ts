import { CREDIT_NOTE_REFUND_LABELS, type CreditNote } from '@ecare/shared/credit-notes';
import { formatEuros } from './invoice-format.ts';

/** French agreement with an amount: plural from 2 (« 1,50 € déduit », « 12,00 € déduits »). */
const agreed = (amount: number, word: string) => (amount >= 2 ? `${word}s` : word);

/**
 * How a credit note was settled, one sentence a part: « 12,00 € déduits de la facture »,
 * « 3,00 € remboursés par virement ».
 */
export function creditNoteSettlement(note: Pick<CreditNote, 'imputeSurFacture' | 'rembourse' | 'moyenRemboursement'>): string[] {
  const parts: string[] = [];
  if (note.imputeSurFacture > 0) parts.push(`${formatEuros(note.imputeSurFacture)} ${agreed(note.imputeSurFacture, 'déduit')} de la facture`);
  if (note.rembourse > 0) {
    const means = note.moyenRemboursement === null ? '' : ` ${CREDIT_NOTE_REFUND_LABELS[note.moyenRemboursement]}`;
    parts.push(`${formatEuros(note.rembourse)} ${agreed(note.rembourse, 'remboursé')}${means}`);
  }
  return parts;
}

export type CreditNoteSortKey = 'avoir' | 'date' | 'facture' | 'montant';

/** The credit notes in the table's orders; the reference (which follows issue) settles ties. */
export const CREDIT_NOTE_COMPARE: Record<CreditNoteSortKey, (a: CreditNote, b: CreditNote) => number> = {
  avoir: (a, b) => a.reference.localeCompare(b.reference),
  date: (a, b) => a.dateAvoir.localeCompare(b.dateAvoir) || a.reference.localeCompare(b.reference),
  facture: (a, b) => a.factureReference.localeCompare(b.factureReference) || a.reference.localeCompare(b.reference),
  montant: (a, b) => a.montantTTC - b.montantTTC || a.reference.localeCompare(b.reference),
};
