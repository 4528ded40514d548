import {
  TARIFF_CHANGE_ACTION_LABELS,
  TARIFF_CHANGE_STATUS_LABELS,
  tariffChangeRecapFileName,
  type TariffChangeAnswer,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { frenchDay } from '@ecare/shared/paris-time';
import { formatCents, startRecapPdf, writeAccountAndLine } from '../../lib/recap-pdf.ts';

/** What the recap shows besides the change itself. */
export interface TariffChangeRecap {
  changement: TariffChangeAnswer;
  raisonSociale: string;
  codeClientBscs: string;
  /** Who asks, as named on the recap. */
  demandeur: string;
  /** A preview made before the change is recorded (no number yet). */
  apercu: boolean;
}

export const recapFileName = (recap: TariffChangeRecap): string =>
  recap.apercu ? `changement-forfait-ligne-${recap.changement.numeroLigne}.pdf` : tariffChangeRecapFileName(recap.changement);

const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`;

/**
 * The recap of a tariff change as a PDF (with the confirmation e-mail, and on the page before
 * and after confirming): account, line, plans before and after with their monthly prices, the
 * difference HT and TTC, the effective date, the DR14 choice and the commitment it leaves.
 */
export async function renderTariffChangeRecap(recap: TariffChangeRecap, brandName: string, issuedAt: Date): Promise<Uint8Array> {
  const { changement: c } = recap;
  const number = formatPhone(c.numeroLigne);
  const reference = recap.apercu ? 'Projet de changement de forfait' : `Changement de forfait n° ${c.idChangement}`;
  const writer = await startRecapPdf({
    title: `Changement de forfait de la ligne ${number}`,
    subject: `Récapitulatif – ${reference}`,
    keywords: ['changement de forfait', c.numeroLigne, String(c.idContrat)],
    brandName,
    issuedAt,
    heading: reference,
    reference,
  });

  writeAccountAndLine(writer, { raisonSociale: recap.raisonSociale, codeClientBscs: recap.codeClientBscs, ligne: number });
  writer.row('Demandé par', recap.demandeur);
  writer.gap(6);

  writer.heading('Forfait', { underline: true });
  if (!recap.apercu) writer.row('État', TARIFF_CHANGE_STATUS_LABELS[c.statut]);
  writer.row('Forfait actuel', `${c.offreActuelle.libelle} – ${formatCents(c.offreActuelle.prixMensuelHtCentimes)} HT par mois`);
  writer.row('Nouveau forfait', `${c.offreCible.libelle} – ${formatCents(c.offreCible.prixMensuelHtCentimes)} HT par mois`);
  writer.row('Différence par mois', [`${signed(c.differenceHtCentimes)} HT`, `${signed(c.differenceTtcCentimes)} TTC (TVA 20 %)`]);
  writer.row('Date d’effet', c.immediat ? `${frenchDay(c.dateEffet)} (immédiat)` : `${frenchDay(c.dateEffet)} (début de la période de facturation)`);
  writer.gap(6);

  writer.heading('Droit DR14 et engagement', { underline: true });
  const label = TARIFF_CHANGE_ACTION_LABELS[c.action];
  writer.row('Choix', label.titre);
  writer.text(label.explication);
  writer.row('Fin d’engagement après le changement', c.dateFinEngagementApres ? frenchDay(c.dateFinEngagementApres) : 'Sans engagement');
  writer.gap(6);
  writer.text(
    c.immediat
      ? 'Le nouveau forfait s’applique dès aujourd’hui ; la prochaine facture le compte au prorata.'
      : 'Le changement peut être annulé depuis l’espace client jusqu’à la veille de sa date d’effet.',
    { color: 'muted' },
  );
  return writer.save();
}
