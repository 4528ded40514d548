import { TERMINATION_FEES_RULE, TERMINATION_STATUS_LABELS, TERMINATION_VAT_PERCENT, type TerminationStatusAnswer } from '@ecare/shared';
import { countOf } from '@ecare/shared/french-plural';
import { formatPhone } from '@ecare/shared/phone';
import { frenchDay, parisDateTimeFormat } from '@ecare/shared/paris-time';
import { PDF_CONTENT_WIDTH } from '../../lib/pdf-writer.ts';
import { formatCents, startRecapPdf, writeAccountAndLine } from '../../lib/recap-pdf.ts';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** What the recap shows besides the request itself. */
export interface TerminationRecap {
  resiliation: TerminationStatusAnswer;
  raisonSociale: string;
  codeClientBscs: string;
  libelleOffre: string;
  /** Who asked, as named on the recap. */
  demandeur: string;
}

export function recapFileName(recap: TerminationRecap): string {
  return `resiliation-${recap.resiliation.idResiliation}-ligne-${recap.resiliation.numeroLigne}.pdf`;
}

/**
 * The recap of a termination request as a PDF (sent with the confirmation e-mail): the account,
 * the line, the reason, the effective date, the fees itemised with their VAT, the proofs sent.
 */
export async function renderTerminationRecap(recap: TerminationRecap, brandName: string, issuedAt: Date): Promise<Uint8Array> {
  const { resiliation: r } = recap;
  const number = formatPhone(r.numeroLigne);
  const reference = `Demande de résiliation n° ${r.idResiliation}`;
  const writer = await startRecapPdf({
    title: `Résiliation de la ligne ${number}`,
    subject: `Récapitulatif de la demande de résiliation n° ${r.idResiliation}`,
    keywords: ['résiliation', r.numeroLigne, String(r.idContrat), String(r.idResiliation)],
    brandName,
    issuedAt,
    heading: reference,
    reference,
  });

  writeAccountAndLine(writer, { raisonSociale: recap.raisonSociale, codeClientBscs: recap.codeClientBscs, ligne: number });
  writer.row('Offre', recap.libelleOffre);
  writer.row('Demandée par', recap.demandeur);
  writer.row('Demandée le', dateTime.format(new Date(r.dateDemande)));
  writer.gap(6);

  writer.heading('Résiliation', { underline: true });
  writer.row('État', TERMINATION_STATUS_LABELS[r.statut]);
  writer.row('Motif', r.sousMotif ? [r.motif, r.sousMotif] : r.motif);
  writer.row('Date d’effet', frenchDay(r.dateEffet));
  if (r.commentaire) writer.row('Commentaire', r.commentaire);
  writer.row('Pièces jointes', r.piecesJointes.length > 0 ? r.piecesJointes.map((p) => p.nom) : 'Aucune');
  writer.gap(6);

  writer.heading('Frais de résiliation anticipée', { underline: true });
  writer.text(
    r.frais.moisRestants > 0
      ? `Engagement restant à courir à la date d’effet\u00a0: ${countOf(r.frais.moisRestants, 'mois')}.`
      : 'Aucune période d’engagement ne reste à courir à la date d’effet.',
  );
  writer.text(TERMINATION_FEES_RULE, { size: 9, color: 'muted' });
  if (r.frais.calcul) writer.row('Calcul', r.frais.calcul);
  const amount = 110;
  const label = PDF_CONTENT_WIDTH - amount;
  writer.columns(
    [
      { text: 'Détail', width: label, bold: true },
      { text: 'Montant HT', width: amount, align: 'right', bold: true },
    ],
    { rule: true },
  );
  for (const line of r.frais.lignes) {
    writer.columns([
      { text: line.libelle, width: label },
      { text: formatCents(line.montantHtCentimes), width: amount, align: 'right' },
    ]);
  }
  writer.columns(
    [
      { text: 'Total HT', width: label },
      { text: formatCents(r.frais.totalHtCentimes), width: amount, align: 'right' },
    ],
    { rule: false },
  );
  writer.columns([
    { text: `TVA (${TERMINATION_VAT_PERCENT} %)`, width: label },
    { text: formatCents(r.frais.totalTvaCentimes), width: amount, align: 'right' },
  ]);
  writer.columns([
    { text: 'Total TTC', width: label, bold: true },
    { text: formatCents(r.frais.totalTtcCentimes), width: amount, align: 'right', bold: true },
  ]);
  writer.gap(6);
  writer.text(
    'Les frais sont facturés à la date d’effet, sur une facture de clôture de la ligne. La résiliation peut être annulée depuis l’espace client jusqu’à la veille de sa date d’effet.',
    { color: 'muted' },
  );
  return writer.save();
}
