import { INVOICE_COMPLAINT_MOTIF_LABELS, type CreditNote, type InvoiceComplaintMotif } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** A complaint as both e-mails tell it. */
export interface ComplaintSummary {
  reference: string;
  referenceNumber: string;
  /** `dd/mm/yyyy` of the invoice. */
  dateFacture: string;
  /** "1 234,56 €". */
  montantTTC: string;
  motif: InvoiceComplaintMotif;
  message: string;
  /** Numbers of the lines named, as stored. */
  lignes: string[];
  account: { idClientBscs: number; codeClientBscs: string; raisonSociale: string };
  sender: { userId: number; prenom: string; nom: string; email: string };
  receivedAt: string;
}

const messageLines = (message: string) => message.split('\n').map((line) => (line.trim() === '' ? '\u00a0' : line));
const linesText = (complaint: ComplaintSummary) =>
  complaint.lignes.length > 0 ? `Lignes concernées\u00a0: ${complaint.lignes.map((line) => formatPhone(line)).join(', ')}` : 'Lignes concernées\u00a0: toute la facture';

/** To the sender: the reference to quote, and what happens next. */
export function complaintAcknowledgementMail(brand: string, complaint: ComplaintSummary, link: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Votre réclamation ${complaint.reference} a bien été reçue`,
    paragraphs: [
      `Nous avons bien reçu, le ${complaint.receivedAt}, votre réclamation sur la facture ${complaint.referenceNumber} du ${complaint.dateFacture} (${complaint.montantTTC} TTC) et l’avons enregistrée sous la référence ${complaint.reference}.`,
      `Motif\u00a0: ${INVOICE_COMPLAINT_MOTIF_LABELS[complaint.motif]}`,
      linesText(complaint),
      'Votre message\u00a0:',
      ...messageLines(complaint.message),
      'Un conseiller examine votre demande et vous répond par e-mail. Le montant contesté peut être mis en attente le temps de l’examen\u00a0; le reste de la facture reste dû à son échéance.',
    ],
    action: 'Voir la facture',
    link,
    footer: `Vous recevez ce message parce qu’une réclamation a été déposée depuis l’espace client du compte ${complaint.account.codeClientBscs}. Rappelez la référence ${complaint.reference} dans vos échanges.`,
  });
}

/** To the customer service: everything needed to handle it, the reply going to the sender. */
export function complaintServiceMail(brand: string, complaint: ComplaintSummary): MailContent {
  const subject = `[${complaint.reference}] Réclamation sur la facture ${complaint.referenceNumber} – ${INVOICE_COMPLAINT_MOTIF_LABELS[complaint.motif]}`;
  return layoutMail(brand, {
    title: subject,
    paragraphs: [
      `Réclamation ${complaint.reference} déposée le ${complaint.receivedAt} depuis l’espace client.`,
      `Client\u00a0: ${complaint.account.raisonSociale}, compte de facturation ${complaint.account.codeClientBscs} (${complaint.account.idClientBscs}).`,
      `Déposée par\u00a0: ${complaint.sender.prenom} ${complaint.sender.nom} <${complaint.sender.email}> (utilisateur n° ${complaint.sender.userId}, gestionnaire du compte).`,
      `Facture\u00a0: ${complaint.referenceNumber} du ${complaint.dateFacture}, ${complaint.montantTTC} TTC.`,
      `Motif\u00a0: ${INVOICE_COMPLAINT_MOTIF_LABELS[complaint.motif]}`,
      linesText(complaint),
      'Message\u00a0:',
      ...messageLines(complaint.message),
    ],
    action: 'Répondre au client',
    link: `mailto:${complaint.sender.email}?subject=${encodeURIComponent(`Votre réclamation ${complaint.reference}`)}`,
    footer: `Répondez en rappelant la référence ${complaint.reference}.`,
  });
}

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const frenchDay = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** To the account's managers: a credit note was issued, what it credits and how it is settled. */
export function creditNoteMail(brand: string, note: CreditNote & { reglement: string }, link: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Avoir ${note.reference} sur la facture ${note.factureReference}`,
    paragraphs: [
      `Suite à votre réclamation ${note.reclamationReference}, nous avons émis le ${frenchDay(note.dateAvoir)} l’avoir ${note.reference} sur la facture ${note.factureReference}\u00a0: ${money.format(note.montantHT)} HT, soit ${money.format(note.montantTTC)} TTC.`,
      `Motif\u00a0: ${note.motif}`,
      `Règlement\u00a0: ${note.reglement}`,
      'L’avoir est disponible avec vos factures, en PDF Factur-X et en XML, pour votre comptabilité.',
    ],
    action: 'Voir mes factures et avoirs',
    link,
    footer: 'Vous recevez ce message en tant que gestionnaire de ce compte de facturation.',
  });
}
