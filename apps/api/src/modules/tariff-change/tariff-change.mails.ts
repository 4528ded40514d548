import { addDays, frenchDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { planPhrase, TARIFF_CHANGE_ACTION_LABELS } from '@ecare/shared';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';
import { recapFileName, type TariffChangeRecap } from './tariff-change.document.ts';
import { formatCents } from '../../lib/recap-pdf.ts';

/** The change recorded (scheduled or applied at once): its recap in the message and as a PDF. */
export function confirmationMail(brand: string, recap: TariffChangeRecap, pdf: Uint8Array, link: string): MailContent {
  const { changement: c } = recap;
  const number = formatPhone(c.numeroLigne);
  const when = c.immediat ? `appliqué dès aujourd’hui (${frenchDay(c.dateEffet)})` : `programmé le ${frenchDay(c.dateEffet)}`;
  const content = layoutMail(brand, {
    title: `${brand} – Changement de forfait de la ligne ${number} ${c.immediat ? 'effectué' : 'programmé'}`,
    paragraphs: [
      `Le changement de forfait n° ${c.idChangement} de la ligne ${number} (${recap.raisonSociale}) est ${when}.`,
      `Nouveau forfait\u00a0: ${c.offreCible.libelle}, ${formatCents(c.offreCible.prixMensuelHtCentimes)} HT par mois (au lieu de ${c.offreActuelle.libelle}).`,
      `Droit DR14\u00a0: ${TARIFF_CHANGE_ACTION_LABELS[c.action].titre}. Fin d’engagement après le changement\u00a0: ${c.dateFinEngagementApres ? frenchDay(c.dateFinEngagementApres) : 'sans engagement'}.`,
      'Le récapitulatif complet est joint à ce message au format PDF.',
      ...(c.immediat ? [] : [`Vous pouvez annuler ce changement depuis votre espace client jusqu’au ${frenchDay(addDays(c.dateEffet, -1))}.`]),
    ],
    action: 'Voir le forfait de la ligne',
    link,
    footer: 'Vous recevez ce message parce qu’un changement de forfait a été demandé depuis votre espace client. Si vous n’en êtes pas l’auteur, contactez le service client sans attendre.',
  });
  return { ...content, attachments: [{ filename: recapFileName(recap), contentType: 'application/pdf', content: Buffer.from(pdf) }] };
}

/** The change cancelled: the line keeps its plan. */
export function cancellationMail(brand: string, recap: TariffChangeRecap, link: string): MailContent {
  const { changement: c } = recap;
  const number = formatPhone(c.numeroLigne);
  return layoutMail(brand, {
    title: `${brand} – Changement de forfait de la ligne ${number} annulé`,
    paragraphs: [
      `Le changement de forfait n° ${c.idChangement} de la ligne ${number} (${recap.raisonSociale}), prévu le ${frenchDay(c.dateEffet)}, est annulé.`,
      `La ligne garde son ${planPhrase(c.offreActuelle.libelle)} et son engagement.`,
    ],
    action: 'Voir le forfait de la ligne',
    link,
    footer: 'Vous recevez ce message parce qu’un changement de forfait a été annulé depuis votre espace client. Si vous n’en êtes pas l’auteur, contactez le service client.',
  });
}
