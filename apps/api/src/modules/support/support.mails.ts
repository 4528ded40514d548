import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** A ticket as both e-mails tell it. */
export interface TicketSummary {
  reference: string;
  theme: string;
  sousTheme: string | null;
  objet: string;
  message: string;
  sender: { prenom: string; nom: string; email: string; telephone: string | null; entreprise: string | null };
  /** Who sent it: a signed-in customer (their user id and the account named, if any) or a visitor. */
  account: { userId: number; idClientBscs: number | null } | null;
  attachment: { name: string; type: string; size: number; key: string } | null;
  receivedAt: string;
}

const TYPE_LABELS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** "1,2 Mo", "350 ko": sizes as a French reader expects them. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat('fr-FR').format(Math.max(1, Math.round(bytes / 1024)))}\u00a0ko`;
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0Mo`;
}

const themeLine = (ticket: TicketSummary) => (ticket.sousTheme ? `${ticket.theme} – ${ticket.sousTheme}` : ticket.theme);

/** The message as written, line by line (the layout makes each paragraph of a line). */
const messageLines = (message: string) => message.split('\n').map((line) => (line.trim() === '' ? '\u00a0' : line));

/** To the customer service: everything it needs to answer, the reply going to the sender. */
export function supportTicketMail(brand: string, ticket: TicketSummary): MailContent {
  const { sender } = ticket;
  const who = [
    `De\u00a0: ${sender.prenom} ${sender.nom} <${sender.email}>`,
    ...(sender.entreprise ? [`Entreprise\u00a0: ${sender.entreprise}`] : []),
    ...(sender.telephone ? [`Téléphone\u00a0: ${formatPhone(sender.telephone)}`] : []),
    ticket.account
      ? `Client connecté à l’espace client (utilisateur n° ${ticket.account.userId}${ticket.account.idClientBscs ? `, compte de facturation ${ticket.account.idClientBscs}` : ''}).`
      : 'Visiteur non connecté : identité déclarée, non vérifiée.',
  ];
  const attachment = ticket.attachment
    ? `Pièce jointe\u00a0: «\u00a0${ticket.attachment.name}\u00a0» (${TYPE_LABELS[ticket.attachment.type] ?? ticket.attachment.type}, ${fileSize(ticket.attachment.size)}), jointe à ce message et conservée sous la référence de stockage ${ticket.attachment.key}.`
    : 'Pas de pièce jointe.';
  const subject = `[${ticket.reference}] ${ticket.objet} (${themeLine(ticket)})`;
  return layoutMail(brand, {
    title: subject,
    paragraphs: [
      `Nouvelle demande ${ticket.reference} reçue le ${ticket.receivedAt} depuis le formulaire de contact.`,
      ...who,
      `Thème\u00a0: ${themeLine(ticket)}`,
      `Objet\u00a0: ${ticket.objet}`,
      'Message\u00a0:',
      ...messageLines(ticket.message),
      attachment,
    ],
    action: 'Répondre au client',
    link: `mailto:${sender.email}?subject=${encodeURIComponent(`Votre demande ${ticket.reference}`)}`,
    footer: `Répondez en rappelant la référence ${ticket.reference}.`,
  });
}

/**
 * To the sender: the reference to quote, and what happens next. A visitor's address is whatever
 * they typed, so their acknowledgement carries nothing else they typed (subject, file name): only
 * the reference, the theme chosen from the list and what the portal measured of the file; the
 * form then cannot send someone else a text of the visitor's. A customer's goes to their own
 * address and recalls their subject.
 */
export function acknowledgementMail(brand: string, ticket: TicketSummary, link: { action: string; url: string }): MailContent {
  const ownAddress = ticket.account !== null;
  const file = ticket.attachment;
  return layoutMail(brand, {
    title: `${brand} – Votre demande ${ticket.reference} a bien été reçue`,
    paragraphs: [
      `Nous avons bien reçu votre message du ${ticket.receivedAt} et l’avons enregistré sous la référence ${ticket.reference}. Rappelez-la dans vos échanges avec le service client.`,
      `Thème\u00a0: ${themeLine(ticket)}`,
      ...(ownAddress ? [`Objet\u00a0: ${ticket.objet}`] : []),
      ...(file && ownAddress ? [`Pièce jointe reçue\u00a0: «\u00a0${file.name}\u00a0» (${fileSize(file.size)}).`] : []),
      ...(file && !ownAddress ? [`Pièce jointe reçue\u00a0: un fichier ${TYPE_LABELS[file.type] ?? file.type} de ${fileSize(file.size)}.`] : []),
      'Un conseiller vous répondra par e-mail dans les meilleurs délais. Le service client est ouvert du lundi au samedi, de 8\u00a0h à 20\u00a0h.',
    ],
    action: link.action,
    link: link.url,
    footer: 'Vous recevez ce message parce qu’une demande a été envoyée avec cette adresse depuis le formulaire de contact. Si vous n’en êtes pas l’auteur, ignorez-le.',
  });
}

/** What the sender is told of a ticket whose status the customer service changed. */
export interface TicketStatusChange {
  reference: string;
  /** The sender's subject; null for a visitor, whose typed text is never mailed back to the address they gave. */
  objet: string | null;
  /** The new status, in the words the customer's list uses. */
  statut: string;
  /** The customer service's reply, as typed; none: only the status changed. */
  reponse: string | null;
  /** Where the request was made: the contact form (the default) or an invoice's page. */
  origine?: 'formulaire' | 'facture';
}

const ORIGINS = {
  formulaire: 'Vous recevez ce message parce qu’une demande a été envoyée avec cette adresse depuis le formulaire de contact.',
  facture: 'Vous recevez ce message parce que vous avez fait une réclamation sur une facture depuis votre espace client.',
} as const;

/** To the sender of a ticket or a complaint: its new status and, if any, the customer service's reply. */
export function ticketStatusMail(brand: string, change: TicketStatusChange, link: { action: string; url: string }): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Votre demande ${change.reference} : ${change.statut.toLowerCase()}`,
    paragraphs: [
      `Le statut de votre demande ${change.reference}${change.objet === null ? '' : ` («\u00a0${change.objet}\u00a0»)`} est maintenant\u00a0: ${change.statut}.`,
      ...(change.reponse ? ['Réponse du service client\u00a0:', ...messageLines(change.reponse)] : []),
      'Pour compléter votre demande, répondez à ce message en rappelant sa référence, ou écrivez-nous depuis le formulaire de contact.',
    ],
    action: link.action,
    link: link.url,
    footer: ORIGINS[change.origine ?? 'formulaire'],
  });
}
