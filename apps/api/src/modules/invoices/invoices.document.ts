import {
  INVOICE_ITEM_NATURE_LABELS,
  INVOICE_PAYMENT_TERM_DAYS,
  LATE_PAYMENT_INDEMNITY_EUROS,
  OPERATOR_COMPANY,
  CREDIT_NOTE_REFUND_LABELS,
  VAT_RATE_BP,
  formatIban,
  operatorLegalMention,
  type InvoicePaymentMode,
} from '@ecare/shared';
import { parisInstant } from '@ecare/shared/paris-time';
import { frenchVatNumber } from '@ecare/shared/siren-siret';
import { PDF_CONTENT_WIDTH, PdfWriter } from '../../lib/pdf-writer.ts';
import { FACTUR_X_CONFORMANCE_LEVEL, FACTUR_X_EXTENSION, FACTUR_X_FILE_NAME, facturXAttachment } from '../e-invoices/index.ts';
import { groupTitle, type Breakdown, type ChargeGroup } from './invoice-breakdown.ts';
import type { InvoiceCustomerSnapshot } from '../../db/schema.ts';
import type { InvoiceRow } from './invoices.repository.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euros = (centimes: number) => money.format(centimes / 100);
/** `dd/mm/yyyy` of a calendar date (`YYYY-MM-DD`). */
const dateOf = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
const grouped = (digits: string, sizes: readonly number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.filter((part) => part !== '').join(' ');
};

const PAYMENT_TERMS: Record<InvoicePaymentMode, (due: string) => string> = {
  PRELEVEMENT: (due) => `Prélèvement SEPA interentreprises sur le compte désigné par votre mandat, à la date d’échéance du ${due}.`,
  CARTE: (due) => `Carte bancaire, depuis votre espace client (rubrique «\u00a0Mes factures\u00a0»), au plus tard le ${due}.`,
  VIREMENT: (due) => `Virement bancaire au plus tard le ${due}, en indiquant en libellé le numéro de la facture.`,
};

/** An invoice as issued: its customer, payment mode and line users are those frozen at its issue (invoice-issue.repository.ts). */
export interface InvoiceDocumentInput {
  invoice: InvoiceRow;
  parts: Breakdown;
  brandName: string;
  /** Direct debit: the mandate in force on the invoice's date and the operator's creditor identifier. */
  mandate: { rum: string | null; creditorId: string };
  /** The invoice's data in CII, attached as `factur-x.xml`. */
  cii: string;
}

export function invoiceTitle(invoice: Pick<InvoiceRow, 'referenceNumber'>): string {
  return `Facture n° ${invoice.referenceNumber}`;
}

/** Table columns: designation, quantity, VAT rate, amount excluding VAT. */
const WIDTHS = { label: PDF_CONTENT_WIDTH - 190, quantity: 45, rate: 55, amount: 90 } as const;

/** The seller's identity (name, legal form, capital, head office, SIREN and RCS, VAT number) and the customer's, as issued. */
function writeParties(writer: PdfWriter, customer: InvoiceCustomerSnapshot): void {
  const company = OPERATOR_COMPANY;
  const section = (title: string) => writer.heading(title, { underline: true });
  section('Vendeur');
  writer.row('Dénomination', `${company.denomination}, ${company.formeJuridique} au capital de ${money.format(company.capitalEuros)}`);
  writer.row('Siège social', company.siegeSocial);
  writer.row('SIREN', `${grouped(company.siren, [3, 3, 3])} – RCS ${company.rcsVille}`);
  writer.row('N° de TVA intracommunautaire', company.tvaIntracommunautaire);

  section('Client');
  const siren = customer.sirenSiret.slice(0, 9);
  writer.row('Raison sociale', customer.raisonSociale);
  const { adresse } = customer;
  writer.row('Adresse de facturation', `${adresse.numero} ${adresse.voie}, ${adresse.codePostal} ${adresse.ville}`);
  writer.row('SIREN', grouped(siren, [3, 3, 3]));
  writer.row('SIRET', grouped(customer.sirenSiret, [3, 3, 3, 5]));
  writer.row('N° de TVA intracommunautaire', frenchVatNumber(siren));
}

/** The brand, then the document's title. */
function writeHeading(writer: PdfWriter, brandName: string, title: string): void {
  writer.text(brandName, { bold: true, size: 20, color: 'primary' });
  writer.text('Espace client Pro', { color: 'muted' });
  writer.gap(12);
  writer.text(title, { bold: true, size: 17 });
}

const facturXMention = `Document électronique au format Factur-X (profil ${FACTUR_X_CONFORMANCE_LEVEL})\u00a0: ses données structurées sont jointes à ce fichier PDF (${FACTUR_X_FILE_NAME}), pour votre logiciel de comptabilité.`;

/**
 * An invoice as a PDF with the mentions a French invoice between businesses carries (Code général
 * des impôts, annexe II, art. 242 nonies A; Code de commerce, art. L. 441-9 and L. 441-10): the
 * seller's identity (name, legal form, capital, head office, SIREN and RCS, VAT number), the
 * customer's (name, billing address, SIREN, VAT number), the invoice's number and date, the
 * period billed, every charge with its VAT rate, the totals excluding VAT, VAT and including VAT,
 * the due date and payment terms, no discount for early payment, the late-payment penalties and
 * the 40 € recovery indemnity.
 */
export async function renderInvoicePdf(input: InvoiceDocumentInput): Promise<Uint8Array> {
  const { invoice, parts, brandName, mandate } = input;
  const customer = invoice.client;
  const mode = invoice.modePaiement;
  const writer = await PdfWriter.create({
    title: invoiceTitle(invoice),
    subject: `Facture de ${customer.raisonSociale} du ${dateOf(invoice.dateFacture)}, période du ${dateOf(invoice.periodeDebut)} au ${dateOf(invoice.periodeFin)}`,
    author: OPERATOR_COMPANY.denomination,
    keywords: ['facture', invoice.referenceNumber, customer.codeClientBscs],
    brandName,
    // The invoice's own date: the same invoice gives the same metadata, whenever downloaded.
    createdAt: parisInstant(invoice.dateFacture, 8),
    footerMention: operatorLegalMention(brandName),
    footerReference: invoiceTitle(invoice),
  });
  const section = (title: string) => writer.heading(title, { underline: true });
  const company = OPERATOR_COMPANY;
  const due = dateOf(invoice.dateEcheance);
  const rate = `${VAT_RATE_BP / 100} %`;

  writeHeading(writer, brandName, invoiceTitle(invoice));
  writer.row('Date de facture', dateOf(invoice.dateFacture));
  writer.row('Période facturée', `du ${dateOf(invoice.periodeDebut)} au ${dateOf(invoice.periodeFin)} (abonnements et options)\u00a0; communications hors forfait du mois précédent`);
  writer.row('Date d’échéance', due);
  writer.row('Compte de facturation', `n° ${customer.codeClientBscs}`);

  writeParties(writer, customer);

  section('Récapitulatif');
  for (const entry of parts.byNature) writer.row(INVOICE_ITEM_NATURE_LABELS[entry.nature], `${euros(entry.htCentimes)} HT`);
  writer.rule();
  writer.row('Total HT', euros(invoice.montantHtCentimes));
  writer.row(`TVA à ${rate}`, `${euros(invoice.montantTvaCentimes)} (base ${euros(invoice.montantHtCentimes)} HT)`);
  writer.row('Total TTC', euros(invoice.montantTtcCentimes));
  // What the invoice asked for when issued; payments made since show in the customer's space.
  writer.row('Net à payer', euros(invoice.montantTtcCentimes));

  section('Conditions de paiement');
  writer.row('Échéance', `${due}\u00a0: facture payable dans un délai de ${INVOICE_PAYMENT_TERM_DAYS} jours à compter de sa date d’émission.`);
  writer.row('Mode de paiement', PAYMENT_TERMS[mode](due));
  if (mode === 'PRELEVEMENT') {
    if (mandate.rum) writer.row('Référence du mandat (RUM)', mandate.rum);
    writer.row('Identifiant créancier SEPA', mandate.creditorId);
  }
  if (mode === 'VIREMENT') {
    writer.row('IBAN du bénéficiaire', formatIban(company.compteBancaire.iban));
    writer.row('BIC', company.compteBancaire.bic);
  }
  writer.row('Escompte', 'Aucun escompte n’est accordé pour paiement anticipé.');
  writer.row(
    'Retard de paiement',
    `Tout retard de paiement entraîne, dès le lendemain de la date d’échéance et sans rappel, des pénalités de retard au taux de trois fois le taux d’intérêt légal, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de ${LATE_PAYMENT_INDEMNITY_EUROS} € (articles L. 441-10 et D. 441-5 du Code de commerce).`,
  );
  section('Détail des prestations');
  writer.text('Nature de l’opération\u00a0: prestations de services de communications électroniques. Montants en euros hors taxes.', { size: 9, color: 'muted' });
  writer.gap(4);
  const table = (group: ChargeGroup) => {
    writer.gap(6);
    // The line's title, the table's header and its first charge on one page.
    writer.keep(70);
    writer.text(groupTitle(group), { bold: true });
    writer.columns(
      [
        { text: 'Désignation', width: WIDTHS.label },
        { text: 'Quantité', width: WIDTHS.quantity, align: 'right' },
        { text: 'TVA', width: WIDTHS.rate, align: 'right' },
        { text: 'Montant HT', width: WIDTHS.amount, align: 'right' },
      ],
      { size: 9, bold: true, color: 'muted', rule: true },
    );
    for (const item of group.items) {
      writer.columns([
        { text: item.libelle, width: WIDTHS.label },
        { text: String(item.quantite), width: WIDTHS.quantity, align: 'right' },
        { text: `${item.tauxTvaBp / 100} %`, width: WIDTHS.rate, align: 'right' },
        { text: euros(item.montantHtCentimes), width: WIDTHS.amount, align: 'right' },
      ]);
    }
    writer.columns(
      [
        { text: group.idContrat === null ? 'Total des frais du compte' : 'Total de la ligne', width: WIDTHS.label + WIDTHS.quantity + WIDTHS.rate },
        { text: `${euros(group.htCentimes)} HT`, width: WIDTHS.amount, align: 'right' },
      ],
      { bold: true },
    );
  };
  for (const line of parts.lines) table(line);
  if (parts.account.items.length > 0) table(parts.account);

  writer.gap(10);
  writer.text(facturXMention, { size: 9, color: 'muted' });
  writer.text(
    'Une question sur cette facture\u00a0? Consultez son détail et déposez une réclamation depuis votre espace client, rubrique «\u00a0Mes factures\u00a0».',
    { size: 9, color: 'muted' },
  );
  return writer.save({ attachments: [facturXAttachment(input.cii, invoiceTitle(invoice))], extensions: [FACTUR_X_EXTENSION] });
}

/** What a credit note's PDF shows: the note, the invoice it credits, and how it is settled. */
export interface CreditNoteDocumentInput {
  note: {
    reference: string;
    dateAvoir: string;
    motif: string;
    montantHtCentimes: number;
    montantTvaCentimes: number;
    montantTtcCentimes: number;
    tauxTvaBp: number;
    imputeCentimes: number;
    rembourseCentimes: number;
    moyenRemboursement: keyof typeof CREDIT_NOTE_REFUND_LABELS | null;
    client: InvoiceCustomerSnapshot;
    factureReference: string;
    factureDate: string;
    reclamationReference: string;
  };
  brandName: string;
  /** The credit note's data in CII (type 381), attached as `factur-x.xml`. */
  cii: string;
}

export const creditNoteTitle = (reference: string) => `Avoir n° ${reference}`;

/**
 * A credit note as a PDF: the seller and the customer as the credited invoice names them, the
 * invoice it refers to, its reason, the amount credited excluding VAT, the VAT and the total, and
 * what becomes of it (taken off the invoice's balance, the rest refunded).
 */
export async function renderCreditNotePdf({ note, brandName, cii }: CreditNoteDocumentInput): Promise<Uint8Array> {
  const title = creditNoteTitle(note.reference);
  const writer = await PdfWriter.create({
    title,
    subject: `Avoir à ${note.client.raisonSociale} du ${dateOf(note.dateAvoir)} sur la facture n° ${note.factureReference}`,
    author: OPERATOR_COMPANY.denomination,
    keywords: ['avoir', note.reference, note.factureReference, note.client.codeClientBscs],
    brandName,
    createdAt: parisInstant(note.dateAvoir, 8),
    footerMention: operatorLegalMention(brandName),
    footerReference: title,
  });
  const section = (heading: string) => writer.heading(heading, { underline: true });
  writeHeading(writer, brandName, title);
  writer.row('Date de l’avoir', dateOf(note.dateAvoir));
  writer.row('Facture rectifiée', `n° ${note.factureReference} du ${dateOf(note.factureDate)}`);
  writer.row('Réclamation', note.reclamationReference);
  writer.row('Compte de facturation', `n° ${note.client.codeClientBscs}`);
  writeParties(writer, note.client);

  section('Montant de l’avoir');
  writer.row('Motif', note.motif);
  writer.row('Montant HT', euros(note.montantHtCentimes));
  writer.row(`TVA à ${note.tauxTvaBp / 100} %`, `${euros(note.montantTvaCentimes)} (base ${euros(note.montantHtCentimes)} HT)`);
  writer.row('Total TTC', euros(note.montantTtcCentimes));

  section('Règlement');
  if (note.imputeCentimes > 0) writer.row('Déduit de la facture', `${euros(note.imputeCentimes)} déduits du reste à payer de la facture n° ${note.factureReference}`);
  if (note.rembourseCentimes > 0 && note.moyenRemboursement) {
    writer.row('Remboursé', `${euros(note.rembourseCentimes)} remboursés ${CREDIT_NOTE_REFUND_LABELS[note.moyenRemboursement]}`);
  }
  writer.gap(10);
  writer.text(facturXMention, { size: 9, color: 'muted' });
  return writer.save({ attachments: [facturXAttachment(cii, title)], extensions: [FACTUR_X_EXTENSION] });
}
