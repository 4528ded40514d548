import { create } from 'xmlbuilder2';
import { compactDate, decimalAmount, percent, type EInvoice, type EInvoiceParty, type EInvoiceVat } from './e-invoice.model.ts';

/**
 * An e-invoice in UN/CEFACT Cross Industry Invoice D16B, as Factur-X embeds it (`factur-x.xml`,
 * profile EN 16931): elements in the order the Factur-X 1.07 EN 16931 schema asks, notes with
 * their subject codes, amounts with two decimals.
 */

const NAMESPACES = {
  '@xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  '@xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  '@xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  '@xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** The specification identifier (BT-24) of a document conforming to EN 16931 itself. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const dateTime = (isoDate: string) => ({ 'udt:DateTimeString': { '@format': '102', '#': compactDate(isoDate) } });
const vatCategory = (vatRateBp: number) => ({ 'ram:TypeCode': 'VAT', 'ram:CategoryCode': 'S', 'ram:RateApplicablePercent': percent(vatRateBp) });

function party(entity: EInvoiceParty) {
  return {
    ...(entity.siret ? { 'ram:GlobalID': { '@schemeID': '0009', '#': entity.siret } } : {}),
    'ram:Name': entity.name,
    ...(entity.legalInformation ? { 'ram:Description': entity.legalInformation } : {}),
    'ram:SpecifiedLegalOrganization': {
      'ram:ID': { '@schemeID': '0002', '#': entity.siren },
      ...(entity.tradingName ? { 'ram:TradingBusinessName': entity.tradingName } : {}),
    },
    'ram:PostalTradeAddress': {
      'ram:PostcodeCode': entity.address.postcode,
      'ram:LineOne': entity.address.line,
      'ram:CityName': entity.address.city,
      'ram:CountryID': entity.address.country,
    },
    'ram:SpecifiedTaxRegistration': { 'ram:ID': { '@schemeID': 'VA', '#': entity.vatNumber } },
  };
}

const headerTax = (entry: EInvoiceVat) => ({
  'ram:CalculatedAmount': decimalAmount(entry.vatCentimes),
  'ram:TypeCode': 'VAT',
  'ram:BasisAmount': decimalAmount(entry.taxableCentimes),
  'ram:CategoryCode': 'S',
  'ram:RateApplicablePercent': percent(entry.vatRateBp),
});

function paymentMeans(invoice: EInvoice) {
  const { payment } = invoice;
  switch (payment.code) {
    case '58':
      return {
        'ram:TypeCode': '58',
        'ram:Information': 'Virement SEPA',
        'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': payment.iban },
        'ram:PayeeSpecifiedCreditorFinancialInstitution': { 'ram:BICID': payment.bic },
      };
    case '59':
      return { 'ram:TypeCode': '59', 'ram:Information': 'Prélèvement SEPA interentreprises' };
    case '48':
      return { 'ram:TypeCode': '48', 'ram:Information': 'Carte bancaire' };
    case '97':
    case '1':
      return { 'ram:TypeCode': payment.code, 'ram:Information': payment.information };
  }
}

export function toCii(invoice: EInvoice): string {
  const { totals, payment } = invoice;
  const document = {
    'rsm:CrossIndustryInvoice': {
      ...NAMESPACES,
      'rsm:ExchangedDocumentContext': { 'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': EN16931_GUIDELINE } },
      'rsm:ExchangedDocument': {
        'ram:ID': invoice.number,
        'ram:TypeCode': invoice.typeCode,
        'ram:IssueDateTime': dateTime(invoice.issueDate),
        'ram:IncludedNote': invoice.notes.map((note) => ({ 'ram:Content': note.text, 'ram:SubjectCode': note.subject })),
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': invoice.lines.map((line) => ({
          'ram:AssociatedDocumentLineDocument': {
            'ram:LineID': line.id,
            ...(line.note ? { 'ram:IncludedNote': { 'ram:Content': line.note } } : {}),
          },
          'ram:SpecifiedTradeProduct': { 'ram:Name': line.name },
          'ram:SpecifiedLineTradeAgreement': {
            'ram:NetPriceProductTradePrice': {
              // The price of `quantity` units: quantity × price ÷ base quantity is the amount, exactly.
              'ram:ChargeAmount': decimalAmount(line.netCentimes),
              ...(line.quantity === 1 ? {} : { 'ram:BasisQuantity': { '@unitCode': 'C62', '#': String(line.quantity) } }),
            },
          },
          'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': 'C62', '#': String(line.quantity) } },
          'ram:SpecifiedLineTradeSettlement': {
            'ram:ApplicableTradeTax': vatCategory(line.vatRateBp),
            'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': decimalAmount(line.netCentimes) },
            ...(line.buyerAccountingReference ? { 'ram:ReceivableSpecifiedTradeAccountingAccount': { 'ram:ID': line.buyerAccountingReference } } : {}),
          },
        })),
        'ram:ApplicableHeaderTradeAgreement': {
          'ram:BuyerReference': invoice.buyerReference,
          'ram:SellerTradeParty': party(invoice.seller),
          'ram:BuyerTradeParty': party(invoice.buyer),
        },
        // The services are those of the billing period (BG-14); nothing is shipped.
        'ram:ApplicableHeaderTradeDelivery': {},
        'ram:ApplicableHeaderTradeSettlement': {
          ...(payment.code === '59' ? { 'ram:CreditorReferenceID': payment.creditorIdentifier } : {}),
          'ram:PaymentReference': invoice.paymentReference,
          'ram:InvoiceCurrencyCode': 'EUR',
          'ram:SpecifiedTradeSettlementPaymentMeans': paymentMeans(invoice),
          'ram:ApplicableTradeTax': invoice.vat.map(headerTax),
          'ram:BillingSpecifiedPeriod': { 'ram:StartDateTime': dateTime(invoice.period.start), 'ram:EndDateTime': dateTime(invoice.period.end) },
          'ram:SpecifiedTradeAllowanceCharge': invoice.allowances.map((allowance) => ({
            'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
            'ram:ActualAmount': decimalAmount(allowance.amountCentimes),
            // UNTDID 5189 95: discount.
            'ram:ReasonCode': '95',
            'ram:Reason': allowance.reason,
            'ram:CategoryTradeTax': vatCategory(allowance.vatRateBp),
          })),
          'ram:SpecifiedTradePaymentTerms': {
            'ram:Description': invoice.paymentTerms,
            ...(invoice.dueDate ? { 'ram:DueDateDateTime': dateTime(invoice.dueDate) } : {}),
            ...(payment.code === '59' && payment.mandateReference ? { 'ram:DirectDebitMandateID': payment.mandateReference } : {}),
          },
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': decimalAmount(totals.lineCentimes),
            ...(invoice.allowances.length > 0 ? { 'ram:AllowanceTotalAmount': decimalAmount(totals.allowanceCentimes) } : {}),
            'ram:TaxBasisTotalAmount': decimalAmount(totals.taxExclusiveCentimes),
            'ram:TaxTotalAmount': { '@currencyID': 'EUR', '#': decimalAmount(totals.vatCentimes) },
            'ram:GrandTotalAmount': decimalAmount(totals.taxInclusiveCentimes),
            'ram:DuePayableAmount': decimalAmount(totals.dueCentimes),
          },
          ...(invoice.precedingInvoice
            ? {
                'ram:InvoiceReferencedDocument': {
                  'ram:IssuerAssignedID': invoice.precedingInvoice.number,
                  'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@format': '102', '#': compactDate(invoice.precedingInvoice.issueDate) } },
                },
              }
            : {}),
        },
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}
