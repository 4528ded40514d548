import type { AppointmentMotif, InvoiceComplaintMotif, SupportTicketStatus } from '@ecare/shared';
import type { DEMO_COMPANIES } from './demo-companies.ts';

/*
 * What the demo customers asked for, as they wrote it: the contact form's messages, the invoice
 * complaints and the appointments of the demo's « Mes demandes » (decision 024) and of the back
 * office's requests page (decision 030). Days are counted back from the seeding day, times are
 * Paris wall-clock times; everything else is fixed, so every run builds the same history.
 */

/** Who made a request: the demo users of the README, by their key in DEMO_USERS. */
export type DemoRequester = 'gestionnaire' | 'mandataire' | 'solo' | 'utilisateur';
export type DemoAccountKey = keyof typeof DEMO_COMPANIES;

/** A Paris wall-clock time some days before (negative: after) the seeding day. */
export interface DemoMoment {
  daysAgo: number;
  hour: number;
  minute: number;
}

export interface DemoTicket {
  by: DemoRequester;
  /** The account the message names; a line user manages none. */
  account: DemoAccountKey | null;
  idTheme: number;
  /** Rank of the sub-theme in its theme (its id is the theme's × 100 + rank). */
  rank: number;
  objet: string;
  message: string;
  statut: SupportTicketStatus;
  sent: DemoMoment;
  /** The back office's last status change; none while the message is still « Reçue ». */
  changed?: DemoMoment;
  /** The account's telephone given as the number to call back. */
  telephone?: boolean;
}

export const DEMO_TICKETS: readonly DemoTicket[] = [
  {
    by: 'gestionnaire',
    account: 'bakery',
    idTheme: 6,
    rank: 2,
    objet: 'QR code eSIM illisible pour la ligne de notre nouvelle vendeuse',
    message:
      'Bonjour,\nle QR code reçu par e-mail pour l’eSIM de notre nouvelle vendeuse ne se lit pas\u00a0: son téléphone affiche «\u00a0Code non valide\u00a0».\nPouvez-vous nous envoyer un nouveau code d’activation\u00a0?\nMerci d’avance,\nSophie Lemoine',
    statut: 'RESOLUE',
    sent: { daysAgo: 83, hour: 9, minute: 12 },
    changed: { daysAgo: 81, hour: 15, minute: 40 },
  },
  {
    by: 'gestionnaire',
    account: 'bakery',
    idTheme: 4,
    rank: 2,
    objet: 'Trois lignes au salon de la boulangerie de Bruxelles',
    message:
      'Bonjour,\nnous serons trois à tenir un stand au salon de la boulangerie de Bruxelles le mois prochain, pendant quatre jours.\nQuelle option faut-il ajouter sur nos lignes pour appeler la France et utiliser internet sans mauvaise surprise sur la facture\u00a0?\nCordialement,\nSophie Lemoine',
    statut: 'EN_ATTENTE_CLIENT',
    sent: { daysAgo: 15, hour: 10, minute: 27 },
    changed: { daysAgo: 13, hour: 11, minute: 5 },
  },
  {
    by: 'gestionnaire',
    account: 'bakery',
    idTheme: 10,
    rank: 1,
    objet: 'Plus de réseau dans le fournil depuis quelques jours',
    message:
      'Bonjour,\ndepuis quelques jours, aucun de nos téléphones ne capte dans le fournil, à l’arrière de la boutique\u00a0: les appels coupent dès que l’on passe la porte. En salle, tout fonctionne.\nNos boulangers commencent à 4\u00a0h du matin et ne peuvent plus être joints. Pouvez-vous vérifier l’antenne du quartier\u00a0?\nSophie Lemoine',
    statut: 'EN_COURS',
    sent: { daysAgo: 6, hour: 7, minute: 48 },
    changed: { daysAgo: 5, hour: 14, minute: 10 },
    telephone: true,
  },
  {
    by: 'gestionnaire',
    account: 'bakery',
    idTheme: 11,
    rank: 2,
    objet: 'Donner accès à notre expert-comptable',
    message:
      'Bonjour,\nnotre expert-comptable souhaite consulter nos factures directement dans l’espace client.\nPeut-on lui ouvrir un accès en lecture seule, sans qu’il puisse commander ni résilier de ligne\u00a0?\nMerci,\nSophie Lemoine',
    statut: 'OUVERTE',
    sent: { daysAgo: 1, hour: 18, minute: 6 },
  },
  {
    by: 'utilisateur',
    account: null,
    idTheme: 7,
    rank: 1,
    objet: 'Le micro de mon téléphone ne fonctionne plus',
    message:
      'Bonjour,\nmes correspondants ne m’entendent plus pendant les appels, sauf en haut-parleur. Le téléphone n’est pas tombé.\nComment le faire réparer sans rester sans téléphone pendant les livraisons\u00a0?\nJulien Roux',
    statut: 'RESOLUE',
    sent: { daysAgo: 37, hour: 12, minute: 20 },
    changed: { daysAgo: 34, hour: 16, minute: 45 },
  },
  {
    by: 'mandataire',
    account: 'transport',
    idTheme: 2,
    rank: 3,
    objet: 'Échéancier pour nos factures en attente',
    message:
      'Bonjour,\nun de nos clients nous règle avec retard et nous ne pouvons pas payer en une fois les factures en attente de Transports Girard.\nSerait-il possible de les régler en trois mensualités\u00a0?\nMarc Girard',
    statut: 'EN_COURS',
    sent: { daysAgo: 4, hour: 8, minute: 55 },
    changed: { daysAgo: 3, hour: 10, minute: 30 },
  },
  {
    by: 'mandataire',
    account: 'publicWorks',
    idTheme: 8,
    rank: 1,
    objet: 'Garder le numéro de notre nouveau chef de chantier',
    message:
      'Bonjour,\nnotre nouveau chef de chantier arrive avec son numéro de téléphone actuel.\nQuelles informations faut-il vous fournir pour le garder sur une nouvelle ligne de Travaux Publics Girard\u00a0?\nMarc Girard',
    statut: 'RESOLUE',
    sent: { daysAgo: 130, hour: 14, minute: 2 },
    changed: { daysAgo: 126, hour: 9, minute: 15 },
  },
  {
    by: 'solo',
    account: 'studio',
    idTheme: 4,
    rank: 2,
    objet: 'Internet mobile pendant une semaine à New York',
    message:
      'Bonjour,\nje pars une semaine à New York pour un client.\nMon forfait comprend-il internet aux États-Unis, ou faut-il ajouter une option avant le départ\u00a0?\nClaire Vincent',
    statut: 'RESOLUE',
    sent: { daysAgo: 52, hour: 16, minute: 35 },
    changed: { daysAgo: 51, hour: 10, minute: 5 },
  },
];

/** A Paris wall-clock time some days after the invoice's date, or some days before the seeding day. */
export type DemoInvoiceMoment = ({ daysAfterInvoice: number } | { daysAgo: number }) & { hour: number; minute: number };

export interface DemoComplaint {
  by: DemoRequester;
  account: DemoAccountKey;
  /** The invoice complained about, by age (0: the account's latest). */
  invoiceAge: number;
  motif: InvoiceComplaintMotif;
  /** The invoice's line charges of this kind designate the line complained about. */
  lineCharge: 'HORS_FORFAIT' | 'OPTION' | 'ABONNEMENT';
  /** The text, given the line's number and the charge's label. */
  message: (line: { numero: string; libelle: string }) => string;
  /** When it was filed, and treated in the back office (null: still in progress). */
  filed: DemoInvoiceMoment;
  treated: DemoInvoiceMoment | null;
  /** The back office's decision when treated; with a credit note, of the charge complained about. */
  decision?: { decision: 'REFUSEE' | 'ACCEPTEE' | 'ACCEPTEE_AVEC_AVOIR'; motif: string };
}

export const DEMO_COMPLAINTS: readonly DemoComplaint[] = [
  {
    by: 'gestionnaire',
    account: 'bakery',
    invoiceAge: 9,
    motif: 'OPTION_NON_SOUSCRITE',
    lineCharge: 'OPTION',
    message: ({ numero, libelle }) =>
      `Bonjour,\nla facture compte «\u00a0${libelle}\u00a0» sur la ligne ${numero}, que nous n’avons jamais demandée.\nMerci de la retirer et de nous rembourser ce qui a été prélevé.\nSophie Lemoine`,
    filed: { daysAfterInvoice: 8, hour: 10, minute: 40 },
    treated: { daysAfterInvoice: 15, hour: 15, minute: 20 },
    decision: { decision: 'ACCEPTEE_AVEC_AVOIR', motif: 'Option activée par erreur lors du changement de forfait : son montant vous est remboursé.' },
  },
  {
    by: 'gestionnaire',
    account: 'bakery',
    invoiceAge: 5,
    motif: 'HORS_FORFAIT',
    lineCharge: 'HORS_FORFAIT',
    message: ({ numero }) =>
      `Bonjour,\nen préparant notre bilan, nous avons relevé un montant élevé de communications hors forfait sur la ligne ${numero}.\nPouvez-vous nous en donner le détail, et nous conseiller un forfait mieux adapté à son usage\u00a0?\nSophie Lemoine`,
    filed: { daysAgo: 9, hour: 9, minute: 35 },
    treated: null,
  },
  {
    by: 'mandataire',
    account: 'publicWorks',
    invoiceAge: 6,
    motif: 'HORS_FORFAIT',
    lineCharge: 'HORS_FORFAIT',
    message: ({ numero }) =>
      `Bonjour,\nles communications hors forfait de la ligne ${numero} nous paraissent anormales\u00a0: le chantier était à l’arrêt ce mois-là.\nMerci de vérifier.\nMarc Girard`,
    filed: { daysAfterInvoice: 5, hour: 8, minute: 50 },
    treated: { daysAfterInvoice: 11, hour: 11, minute: 30 },
    decision: { decision: 'REFUSEE', motif: 'Les communications relevées ont été passées depuis la ligne pendant la période, selon le détail joint à la réponse.' },
  },
];

export interface DemoAppointment {
  by: DemoRequester;
  account: DemoAccountKey;
  /** The line: the user's own, or the account's by rank among its lines by number. */
  line: 'own' | number;
  motif: AppointmentMotif;
  /** The first open day at least this many days after (negative: before) the seeding day, at this Paris time. */
  slot: { days: number; hour: number; minute: number };
  booked: DemoMoment;
  cancelled?: DemoMoment;
}

export const DEMO_APPOINTMENTS: readonly DemoAppointment[] = [
  // The manager's past call about her plans, and the one to come about the complaint in progress.
  { by: 'gestionnaire', account: 'bakery', line: 1, motif: 'OFFRE', slot: { days: -19, hour: 10, minute: 0 }, booked: { daysAgo: 23, hour: 16, minute: 20 } },
  { by: 'gestionnaire', account: 'bakery', line: 0, motif: 'FACTURATION', slot: { days: 5, hour: 14, minute: 30 }, booked: { daysAgo: 8, hour: 9, minute: 50 } },
  // The line user's call about his phone, after his message.
  { by: 'utilisateur', account: 'bakery', line: 'own', motif: 'EQUIPEMENT', slot: { days: -32, hour: 9, minute: 30 }, booked: { daysAgo: 34, hour: 17, minute: 10 } },
  // The mandataire booked a call, then sorted the matter out himself.
  {
    by: 'mandataire',
    account: 'transport',
    line: 0,
    motif: 'TECHNIQUE',
    slot: { days: 3, hour: 11, minute: 0 },
    booked: { daysAgo: 6, hour: 15, minute: 45 },
    cancelled: { daysAgo: 2, hour: 8, minute: 20 },
  },
];

export interface DemoTermination {
  by: DemoRequester;
  account: DemoAccountKey;
  /** The account's line of this rank by creation. */
  line: number;
  idMotif: number;
  idSousMotif: number;
  commentaire: string;
  requested: DemoMoment;
  /** Days from the request to the effective day it chose. */
  effectiveAfterDays: number;
  cancelled: DemoMoment;
}

/** The bakery's manager asked to terminate a seasonal worker's line, then cancelled it before its day. */
export const DEMO_TERMINATION: DemoTermination = {
  by: 'gestionnaire',
  account: 'bakery',
  line: 6,
  idMotif: 104,
  idSousMotif: 1043,
  commentaire: 'Ligne de notre saisonnier de l’été, qui n’est plus utilisée depuis son départ.',
  requested: { daysAgo: 44, hour: 17, minute: 30 },
  effectiveAfterDays: 30,
  cancelled: { daysAgo: 41, hour: 9, minute: 10 },
};
