import { addDays, frenchDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';
import { recapFileName, type TerminationRecap } from './termination.document.ts';
import { formatCents } from '../../lib/recap-pdf.ts';

/** The termination request recorded: its recap in the message and as a PDF. */
export function confirmationMail(brand: string, recap: TerminationRecap, pdf: Uint8Array, link: string): MailContent {
  const { resiliation: r } = recap;
  const number = formatPhone(r.numeroLigne);
  const content = layoutMail(brand, {
    title: `${brand} – Résiliation de la ligne ${number} programmée le ${frenchDay(r.dateEffet)}`,
    paragraphs: [
      `Votre demande de résiliation n° ${r.idResiliation} de la ligne ${number} (${recap.raisonSociale}) est enregistrée.`,
      `Motif\u00a0: ${r.sousMotif ? `${r.motif} – ${r.sousMotif}` : r.motif}.`,
      `Date d’effet\u00a0: ${frenchDay(r.dateEffet)}. La ligne fonctionne jusqu’à la veille.`,
      `Frais de résiliation anticipée\u00a0: ${formatCents(r.frais.totalTtcCentimes)} TTC (${formatCents(r.frais.totalHtCentimes)} HT), facturés à la date d’effet sur une facture de clôture de la ligne.`,
      'Le récapitulatif complet est joint à ce message au format PDF.',
      `Vous pouvez annuler cette résiliation depuis votre espace client jusqu’au ${frenchDay(addDays(r.dateEffet, -1))}.`,
    ],
    action: 'Suivre ma demande',
    link,
    footer: 'Vous recevez ce message parce qu’une résiliation a été demandée depuis votre espace client. Si vous n’en êtes pas l’auteur, contactez le service client sans attendre.',
  });
  return { ...content, attachments: [{ filename: recapFileName(recap), contentType: 'application/pdf', content: Buffer.from(pdf) }] };
}

/** The request cancelled: the line stays. */
export function cancellationMail(brand: string, recap: TerminationRecap, link: string): MailContent {
  const { resiliation: r } = recap;
  const number = formatPhone(r.numeroLigne);
  return layoutMail(brand, {
    title: `${brand} – Résiliation de la ligne ${number} annulée`,
    paragraphs: [
      `Votre demande de résiliation n° ${r.idResiliation} de la ligne ${number} (${recap.raisonSociale}), prévue le ${frenchDay(r.dateEffet)}, est annulée.`,
      'La ligne reste active, avec son forfait et ses options ; aucun frais de résiliation ne sera facturé.',
    ],
    action: 'Voir la ligne',
    link,
    footer: 'Vous recevez ce message parce qu’une résiliation a été annulée depuis votre espace client. Si vous n’en êtes pas l’auteur, contactez le service client.',
  });
}
