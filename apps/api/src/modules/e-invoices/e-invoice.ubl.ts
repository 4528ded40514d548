import { create } from 'xmlbuilder2';
import { EN16931_GUIDELINE } from './e-invoice.cii.ts';
import { decimalAmount, percent, type EInvoice, type EInvoiceParty } from './e-invoice.model.ts';

/**
 * An e-invoice in OASIS UBL 2.1 (an `Invoice`, or a `CreditNote` for a credit note), from the
 * same model as the CII: the same figures in the other syntax EN 16931 names. UBL has no subject
 * code for a note: it is written `#PMD#…`, as the Peppol and French implementations do.
 */

const euros = (centimes: number) => ({ '@currencyID': 'EUR', '#': decimalAmount(centimes) });
const taxCategory = (vatRateBp: number) => ({ 'cbc:ID': 'S', 'cbc:Percent': percent(vatRateBp), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
const address = (entity: EInvoiceParty) => ({
  'cbc:StreetName': entity.address.line,
  'cbc:CityName': entity.address.city,
  'cbc:PostalZone': entity.address.postcode,
  'cac:Country': { 'cbc:IdentificationCode': entity.address.country },
});

function party(entity: EInvoiceParty, identifiers: { id: string; scheme: string }[]) {
  return {
    ...(identifiers.length > 0 ? { 'cac:PartyIdentification': identifiers.map((identifier) => ({ 'cbc:ID': { '@schemeID': identifier.scheme, '#': identifier.id } })) } : {}),
    ...(entity.tradingName ? { 'cac:PartyName': { 'cbc:Name': entity.tradingName } } : {}),
    'cac:PostalAddress': address(entity),
    'cac:PartyTaxScheme': { 'cbc:CompanyID': entity.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': entity.name,
      'cbc:CompanyID': { '@schemeID': '0002', '#': entity.siren },
      ...(entity.legalInformation ? { 'cbc:CompanyLegalForm': entity.legalInformation } : {}),
    },
  };
}

function paymentMeans(invoice: EInvoice, creditNote: boolean) {
  const { payment } = invoice;
  // A credit note has no due date of its own (BT-9 goes here in UBL).
  const common = {
    'cbc:PaymentMeansCode': payment.code,
    ...(creditNote && invoice.dueDate ? { 'cbc:PaymentDueDate': invoice.dueDate } : {}),
    'cbc:PaymentID': invoice.paymentReference,
  };
  switch (payment.code) {
    case '58':
      return { ...common, 'cac:PayeeFinancialAccount': { 'cbc:ID': payment.iban, 'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bic } } };
    case '59':
      return { ...common, ...(payment.mandateReference ? { 'cac:PaymentMandate': { 'cbc:ID': payment.mandateReference } } : {}) };
    case '48':
      return common;
    case '97':
    case '1':
      return { 'cbc:PaymentMeansCode': { '@name': payment.information, '#': payment.code }, ...(creditNote && invoice.dueDate ? { 'cbc:PaymentDueDate': invoice.dueDate } : {}), 'cbc:PaymentID': invoice.paymentReference };
  }
}

export function toUbl(invoice: EInvoice): string {
  const creditNote = invoice.typeCode === '381';
  const root = creditNote ? 'CreditNote' : 'Invoice';
  const { totals, payment } = invoice;
  const sellerIdentifiers = payment.code === '59' ? [{ id: payment.creditorIdentifier, scheme: 'SEPA' }] : [];
  const buyerIdentifiers = invoice.buyer.siret ? [{ id: invoice.buyer.siret, scheme: '0009' }] : [];
  const document = {
    [root]: {
      '@xmlns': `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
      '@xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      '@xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      'cbc:CustomizationID': EN16931_GUIDELINE,
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issueDate,
      ...(!creditNote && invoice.dueDate ? { 'cbc:DueDate': invoice.dueDate } : {}),
      [creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: invoice.typeCode,
      'cbc:Note': invoice.notes.map((note) => `#${note.subject}#${note.text}`),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': invoice.buyerReference,
      'cac:InvoicePeriod': { 'cbc:StartDate': invoice.period.start, 'cbc:EndDate': invoice.period.end },
      ...(invoice.precedingInvoice
        ? { 'cac:BillingReference': { 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.precedingInvoice.number, 'cbc:IssueDate': invoice.precedingInvoice.issueDate } } }
        : {}),
      'cac:AccountingSupplierParty': { 'cac:Party': party(invoice.seller, sellerIdentifiers) },
      'cac:AccountingCustomerParty': { 'cac:Party': party(invoice.buyer, buyerIdentifiers) },
      'cac:PaymentMeans': paymentMeans(invoice, creditNote),
      'cac:PaymentTerms': { 'cbc:Note': invoice.paymentTerms },
      'cac:AllowanceCharge': invoice.allowances.map((allowance) => ({
        'cbc:ChargeIndicator': 'false',
        'cbc:AllowanceChargeReasonCode': '95',
        'cbc:AllowanceChargeReason': allowance.reason,
        'cbc:Amount': euros(allowance.amountCentimes),
        'cac:TaxCategory': taxCategory(allowance.vatRateBp),
      })),
      'cac:TaxTotal': {
        'cbc:TaxAmount': euros(totals.vatCentimes),
        'cac:TaxSubtotal': invoice.vat.map((entry) => ({
          'cbc:TaxableAmount': euros(entry.taxableCentimes),
          'cbc:TaxAmount': euros(entry.vatCentimes),
          'cac:TaxCategory': taxCategory(entry.vatRateBp),
        })),
      },
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': euros(totals.lineCentimes),
        'cbc:TaxExclusiveAmount': euros(totals.taxExclusiveCentimes),
        'cbc:TaxInclusiveAmount': euros(totals.taxInclusiveCentimes),
        ...(invoice.allowances.length > 0 ? { 'cbc:AllowanceTotalAmount': euros(totals.allowanceCentimes) } : {}),
        'cbc:PayableAmount': euros(totals.dueCentimes),
      },
      [creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: invoice.lines.map((line) => ({
        'cbc:ID': line.id,
        ...(line.note ? { 'cbc:Note': line.note } : {}),
        [creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@unitCode': 'C62', '#': String(line.quantity) },
        'cbc:LineExtensionAmount': euros(line.netCentimes),
        ...(line.buyerAccountingReference ? { 'cbc:AccountingCost': line.buyerAccountingReference } : {}),
        'cac:Item': { 'cbc:Name': line.name, 'cac:ClassifiedTaxCategory': taxCategory(line.vatRateBp) },
        'cac:Price': {
          'cbc:PriceAmount': euros(line.netCentimes),
          ...(line.quantity === 1 ? {} : { 'cbc:BaseQuantity': { '@unitCode': 'C62', '#': String(line.quantity) } }),
        },
      })),
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}
