import { APPOINTMENT_MOTIFS, type AppointmentMotif } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const longDate = parisDateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const clock = parisDateTimeFormat({ hour: '2-digit', minute: '2-digit' });

/** "lundi 2 mars 2026 à 08:00" (Paris time). */
export function appointmentWhen(start: Date): string {
  return `${longDate.format(start)} à ${clock.format(start)}`;
}

/** What every e-mail of an appointment tells. */
export interface AppointmentFacts {
  start: Date;
  motif: AppointmentMotif;
  numeroLigne: string;
  telephone: string;
  /** The page where appointments are seen, moved and cancelled. */
  link: string;
}

const details = (facts: AppointmentFacts) => [
  `Objet\u00a0: ${APPOINTMENT_MOTIFS[facts.motif]}`,
  `Ligne concernée\u00a0: ${formatPhone(facts.numeroLigne)}`,
  `Le conseiller vous appellera au ${formatPhone(facts.telephone)}, pour 30 minutes au plus.`,
];

const FOOTER = 'Le fichier joint (rendez-vous.ics) met votre agenda à jour. Vous recevez ce message parce qu’un rendez-vous a été pris depuis votre espace client.';

export function bookedMail(brand: string, facts: AppointmentFacts): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Votre rendez-vous du ${appointmentWhen(facts.start)} est confirmé`,
    paragraphs: [`Votre rendez-vous téléphonique avec un conseiller est confirmé le ${appointmentWhen(facts.start)} (heure de Paris).`, ...details(facts)],
    action: 'Voir ou déplacer mes rendez-vous',
    link: facts.link,
    footer: FOOTER,
  });
}

export function movedMail(brand: string, facts: AppointmentFacts, previous: Date): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Votre rendez-vous est déplacé au ${appointmentWhen(facts.start)}`,
    paragraphs: [
      `Votre rendez-vous téléphonique du ${appointmentWhen(previous)} est déplacé au ${appointmentWhen(facts.start)} (heure de Paris).`,
      ...details(facts),
    ],
    action: 'Voir ou déplacer mes rendez-vous',
    link: facts.link,
    footer: FOOTER,
  });
}

export function cancelledMail(brand: string, facts: AppointmentFacts): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Votre rendez-vous du ${appointmentWhen(facts.start)} est annulé`,
    paragraphs: [
      `Votre rendez-vous téléphonique du ${appointmentWhen(facts.start)} (heure de Paris) est annulé\u00a0: aucun conseiller ne vous appellera.`,
      `Objet\u00a0: ${APPOINTMENT_MOTIFS[facts.motif]}`,
      'Vous pouvez prendre un autre rendez-vous à tout moment depuis votre espace client.',
    ],
    action: 'Prendre un autre rendez-vous',
    link: facts.link,
    footer: 'Le fichier joint (rendez-vous.ics) retire le rendez-vous de votre agenda.',
  });
}
