import { LATE_PAYMENT_INDEMNITY_EUROS, OPERATOR_COMPANY, vatCentimes, type InvoicePaymentMode } from '@ecare/shared';
import { frenchVatNumber } from '@ecare/shared/siren-siret';
import type { InvoiceCustomerSnapshot } from '../../db/schema.ts';

/**
 * An invoice or a credit note as EN 16931 describes it (decision 059): the semantic model both
 * syntaxes (CII for Factur-X, UBL) are written from, so that they carry the same figures. Amounts
 * are integer cents; every total is computed here from the lines and allowances, by the standard's
 * arithmetic (BR-CO-10 to BR-CO-17), and the callers check it against what was issued.
 */

/** UNTDID 1001: commercial invoice, credit note. */
export type EInvoiceTypeCode = '380' | '381';

/** UNTDID 4461: SEPA direct debit, SEPA credit transfer, bank card; for a credit note, clearing between partners or not defined. */
export type PaymentMeansCode = '59' | '58' | '48' | '97' | '1';

export interface EInvoiceAddress {
  line: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface EInvoiceParty {
  /** BT-27 / BT-44: the legal name. */
  name: string;
  /** BT-28: the brand the seller trades under. */
  tradingName?: string;
  /** BT-30 / BT-47: the SIREN, registration scheme 0002. */
  siren: string;
  /** BT-46: the buyer's SIRET, scheme 0009. */
  siret?: string;
  /** BT-31 / BT-48. */
  vatNumber: string;
  /** BT-33: legal form, capital, register. */
  legalInformation?: string;
  address: EInvoiceAddress;
}

/** A note of the document with its UNTDID 4451 subject (BG-1). */
export interface EInvoiceNote {
  /** PMD: late-payment penalties; PMT: recovery indemnity; AAB: no discount for early payment; ACB: additional information. */
  subject: 'PMD' | 'PMT' | 'AAB' | 'ACB';
  text: string;
}

/** One charge (BG-25): a quantity of one item at a net price, its VAT standard rated. */
export interface EInvoiceLine {
  id: string;
  name: string;
  /** BT-127: which line of the fleet (number and user), or the account's own charges. */
  note?: string;
  quantity: number;
  /** BT-131. */
  netCentimes: number;
  /** VAT rate in basis points (2000 = 20 %). */
  vatRateBp: number;
  /** BT-133: the buyer's cost centre code for this charge. */
  buyerAccountingReference?: string;
}

/** A document level allowance (BG-20): a promotion or any credit on the invoice, as a positive amount. */
export interface EInvoiceAllowance {
  reason: string;
  amountCentimes: number;
  vatRateBp: number;
}

/** A VAT breakdown (BG-23), category S (standard rate). */
export interface EInvoiceVat {
  vatRateBp: number;
  taxableCentimes: number;
  vatCentimes: number;
}

export type EInvoicePayment =
  | { code: '59'; mandateReference: string | null; creditorIdentifier: string }
  | { code: '58'; iban: string; bic: string }
  | { code: '48' }
  | { code: '97' | '1'; information: string };

export interface EInvoiceTotals {
  /** BT-106: the lines' net amounts. */
  lineCentimes: number;
  /** BT-107. */
  allowanceCentimes: number;
  /** BT-109. */
  taxExclusiveCentimes: number;
  /** BT-110. */
  vatCentimes: number;
  /** BT-112. */
  taxInclusiveCentimes: number;
  /** BT-115: what the document asks for when issued (no amount paid in advance). */
  dueCentimes: number;
}

export interface EInvoice {
  typeCode: EInvoiceTypeCode;
  /** BT-1. */
  number: string;
  /** BT-2, `YYYY-MM-DD`. */
  issueDate: string;
  /** BT-9. */
  dueDate: string | null;
  /** BG-14. */
  period: { start: string; end: string };
  /** BT-10: the billing account's code, which the buyer's systems route the invoice by. */
  buyerReference: string;
  /** BG-3: the invoice a credit note credits. */
  precedingInvoice: { number: string; issueDate: string } | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  notes: EInvoiceNote[];
  /** BT-20. */
  paymentTerms: string;
  payment: EInvoicePayment;
  /** BT-83: the reference a transfer carries. */
  paymentReference: string;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowance[];
  vat: EInvoiceVat[];
  totals: EInvoiceTotals;
}

/** A charge as an issued invoice (or credit note) records it. */
export interface EInvoiceItem {
  libelle: string;
  quantite: number;
  montantHtCentimes: number;
  tauxTvaBp: number;
  /** "Ligne 06 12 34 56 78 – Julien Roux", "Frais du compte". */
  groupe: string;
  centreCode: string | null;
}

/** What an issued invoice or credit note is made of, as stored. */
export interface EInvoiceSource {
  typeCode: EInvoiceTypeCode;
  number: string;
  issueDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  customer: InvoiceCustomerSnapshot;
  paymentMode: InvoicePaymentMode;
  /** The RUM of the mandate in force on the issue date (direct debit). */
  mandateReference: string | null;
  /** The operator's SEPA creditor identifier. */
  creditorIdentifier: string;
  brandName: string;
  /** In the order the PDF shows them: per line of the fleet, then the account's own. */
  items: readonly EInvoiceItem[];
  precedingInvoice?: { number: string; issueDate: string };
  /** Why a credit note was issued. */
  reason?: string;
  /** How a credit note is settled (set against the invoice, or refunded), instead of the invoice's payment means and terms. */
  settlement?: { code: '97' | '1'; information: string };
}

const grouped = (digits: string) => digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
const capital = String(OPERATOR_COMPANY.capitalEuros).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** The operator as seller, under the brand the portal is run for. */
export function operatorParty(brandName: string): EInvoiceParty {
  const company = OPERATOR_COMPANY;
  return {
    name: company.denomination,
    tradingName: brandName,
    siren: company.siren,
    vatNumber: company.tvaIntracommunautaire,
    legalInformation: `${company.formeJuridique.replace(/^./, (first) => first.toUpperCase())} au capital de ${capital}\u00a0€, RCS ${company.rcsVille} ${grouped(company.siren)}`,
    address: { line: company.adresse.ligne, postcode: company.adresse.codePostal, city: company.adresse.ville, country: company.adresse.pays },
  };
}

function buyerParty(customer: InvoiceCustomerSnapshot): EInvoiceParty {
  const siren = customer.sirenSiret.slice(0, 9);
  const { adresse } = customer;
  return {
    name: customer.raisonSociale,
    siren,
    ...(customer.sirenSiret.length === 14 ? { siret: customer.sirenSiret } : {}),
    vatNumber: frenchVatNumber(siren),
    address: { line: `${adresse.numero} ${adresse.voie}`.trim(), postcode: adresse.codePostal, city: adresse.ville, country: 'FR' },
  };
}

/** `dd/mm/yyyy`. */
const frenchDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** The French mentions every invoice between businesses carries (Code de commerce, L. 441-9, L. 441-10, D. 441-5). */
export const LATE_PAYMENT_TEXT =
  'Tout retard de paiement entraîne, dès le lendemain de la date d’échéance et sans rappel, des pénalités de retard au taux de trois fois le taux d’intérêt légal (article L. 441-10 du Code de commerce).';
export const RECOVERY_INDEMNITY_TEXT = `Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u00a0: ${LATE_PAYMENT_INDEMNITY_EUROS}\u00a0€ (articles L. 441-10 et D. 441-5 du Code de commerce).`;
export const NO_DISCOUNT_TEXT = 'Aucun escompte n’est accordé pour paiement anticipé.';

const PAYMENT_TERMS: Record<InvoicePaymentMode, (due: string) => string> = {
  PRELEVEMENT: (due) => `Prélèvement SEPA interentreprises sur le compte désigné par votre mandat, à la date d’échéance du ${due}.`,
  CARTE: (due) => `Carte bancaire, depuis l’espace client, au plus tard le ${due}.`,
  VIREMENT: (due) => `Virement bancaire au plus tard le ${due}, en indiquant en libellé le numéro de la facture.`,
};

function paymentOf(source: EInvoiceSource): EInvoicePayment {
  if (source.settlement) return source.settlement;
  switch (source.paymentMode) {
    case 'PRELEVEMENT':
      return { code: '59', mandateReference: source.mandateReference, creditorIdentifier: source.creditorIdentifier };
    case 'VIREMENT':
      return { code: '58', iban: OPERATOR_COMPANY.compteBancaire.iban, bic: OPERATOR_COMPANY.compteBancaire.bic };
    case 'CARTE':
      return { code: '48' };
  }
}

/**
 * The document from what was issued. Each charge of zero or more is an invoice line (its price
 * per `quantite`, so that quantity × price gives the amount exactly); each negative one (a
 * promotion, a credit) a document level allowance; VAT per rate over the lines less the
 * allowances, rounded once per rate as the invoice's own VAT is.
 */
export function eInvoiceOf(source: EInvoiceSource): EInvoice {
  const lines: EInvoiceLine[] = [];
  const allowances: EInvoiceAllowance[] = [];
  for (const item of source.items) {
    if (item.montantHtCentimes < 0) {
      allowances.push({ reason: `${item.libelle} (${item.groupe})`, amountCentimes: -item.montantHtCentimes, vatRateBp: item.tauxTvaBp });
      continue;
    }
    lines.push({
      id: String(lines.length + 1),
      name: item.libelle,
      note: item.groupe,
      quantity: item.quantite > 0 ? item.quantite : 1,
      netCentimes: item.montantHtCentimes,
      vatRateBp: item.tauxTvaBp,
      ...(item.centreCode ? { buyerAccountingReference: item.centreCode } : {}),
    });
  }
  const rates = [...new Set([...lines.map((line) => line.vatRateBp), ...allowances.map((allowance) => allowance.vatRateBp)])].sort((a, b) => b - a);
  const vat = rates.map((vatRateBp) => {
    const taxableCentimes =
      lines.filter((line) => line.vatRateBp === vatRateBp).reduce((sum, line) => sum + line.netCentimes, 0) -
      allowances.filter((allowance) => allowance.vatRateBp === vatRateBp).reduce((sum, allowance) => sum + allowance.amountCentimes, 0);
    return { vatRateBp, taxableCentimes, vatCentimes: vatCentimes(taxableCentimes, vatRateBp) };
  });
  const lineCentimes = lines.reduce((sum, line) => sum + line.netCentimes, 0);
  const allowanceCentimes = allowances.reduce((sum, allowance) => sum + allowance.amountCentimes, 0);
  const taxExclusiveCentimes = lineCentimes - allowanceCentimes;
  const vatTotal = vat.reduce((sum, entry) => sum + entry.vatCentimes, 0);
  const taxInclusiveCentimes = taxExclusiveCentimes + vatTotal;
  const due = frenchDate(source.dueDate);
  const notes: EInvoiceNote[] = [
    ...(source.reason ? [{ subject: 'ACB' as const, text: source.reason }] : []),
    // What is owed when paid late concerns an invoice; a credit note is owed by the seller.
    ...(source.typeCode === '380'
      ? [
          { subject: 'PMD' as const, text: LATE_PAYMENT_TEXT },
          { subject: 'PMT' as const, text: RECOVERY_INDEMNITY_TEXT },
          { subject: 'AAB' as const, text: NO_DISCOUNT_TEXT },
        ]
      : []),
  ];
  return {
    typeCode: source.typeCode,
    number: source.number,
    issueDate: source.issueDate,
    dueDate: source.typeCode === '380' ? source.dueDate : null,
    period: { start: source.periodStart, end: source.periodEnd },
    buyerReference: source.customer.codeClientBscs,
    precedingInvoice: source.precedingInvoice ?? null,
    seller: operatorParty(source.brandName),
    buyer: buyerParty(source.customer),
    notes,
    paymentTerms: source.settlement?.information ?? PAYMENT_TERMS[source.paymentMode](due),
    payment: paymentOf(source),
    paymentReference: source.number,
    lines,
    allowances,
    vat,
    totals: {
      lineCentimes,
      allowanceCentimes,
      taxExclusiveCentimes,
      vatCentimes: vatTotal,
      taxInclusiveCentimes,
      dueCentimes: taxInclusiveCentimes,
    },
  };
}

/** `1234.50`, `-0.05`: an amount in cents as EN 16931 writes it, two decimals. */
export function decimalAmount(centimes: number): string {
  const sign = centimes < 0 ? '-' : '';
  const absolute = Math.abs(centimes);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** `20`, `5.5`: a rate in basis points as a percentage. */
export const percent = (basisPoints: number): string => String(basisPoints / 100);

/** `20261105` (format 102) from `2026-11-05`. */
export const compactDate = (isoDate: string): string => isoDate.replaceAll('-', '');
