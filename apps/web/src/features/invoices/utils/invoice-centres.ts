import { formatPhone } from '@ecare/shared/phone';
import type { InvoiceCentre } from '@ecare/shared/invoice-centres';

/** « Agence Nord (CC-NORD) », « Sans centre de coût ». */
export const centreTitle = (centre: { code: string | null; libelle: string }): string => (centre.code ? `${centre.libelle} (${centre.code})` : centre.libelle);

/** « 06 12 34 56 78 – Julien Roux », « Frais du compte ». */
export function centreLineTitle(line: InvoiceCentre['lignes'][number]): string {
  if (line.numeroLigne === null) return 'Frais du compte';
  const number = formatPhone(line.numeroLigne);
  return line.utilisateur ? `${number} – ${line.utilisateur}` : number;
}

/** « 2 lignes », « 1 ligne et les frais du compte ». */
export function centreLinesText(centre: InvoiceCentre): string {
  const lines = centre.lignes.filter((line) => line.idContrat !== null).length;
  const account = centre.lignes.length > lines;
  const count = lines === 0 ? '' : lines === 1 ? '1 ligne' : `${lines} lignes`;
  if (!account) return count || 'Aucune ligne';
  return count ? `${count} et les frais du compte` : 'Frais du compte';
}

export type CentreSortKey = 'centre' | 'lignes' | 'ht' | 'ttc';

/** The centres in the page's orders; the charges without a centre come last by name. */
export const CENTRE_COMPARE: Record<CentreSortKey, (a: InvoiceCentre, b: InvoiceCentre) => number> = {
  centre: (a, b) => (a.idCentre === null ? 1 : 0) - (b.idCentre === null ? 1 : 0) || a.libelle.localeCompare(b.libelle, 'fr') || (a.code ?? '').localeCompare(b.code ?? '', 'fr'),
  lignes: (a, b) => a.lignes.length - b.lignes.length || CENTRE_COMPARE.centre(a, b),
  ht: (a, b) => a.totalHT - b.totalHT || CENTRE_COMPARE.centre(a, b),
  ttc: (a, b) => a.totalTTC - b.totalTTC || CENTRE_COMPARE.centre(a, b),
};
