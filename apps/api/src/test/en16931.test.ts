import { describe, expect, it } from 'vitest';
import { en16931Violations, validateFacturXSchema } from './en16931.ts';

/**
 * A small Factur-X EN 16931 invoice, valid for the official validator (XSD and CEN schematron):
 * two lines (3 × 24.99 + 12.50 = 87.47), a document level allowance of 7.50, standard rated VAT at
 * 20 % on 79.97 (15.994, rounded to 15.99), 10.00 already paid. Each test below changes one thing
 * in it and names the rules that change breaks.
 */
const VALID_INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter>
      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>
    </ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>F-2025-000123</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime>
      <udt:DateTimeString format="102">20250131</udt:DateTimeString>
    </ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>1</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:Name>Forfait Pro 20 Go</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>24.99</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="C62">3</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>20</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>74.97</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>2</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:Name>Option Monde</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>12.50</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>20.00</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>12.50</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Opérateur Démo SA</ram:Name>
        <ram:SpecifiedLegalOrganization>
          <ram:ID schemeID="0002">900000001</ram:ID>
        </ram:SpecifiedLegalOrganization>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>92100</ram:PostcodeCode>
          <ram:LineOne>10 avenue du Réseau</ram:LineOne>
          <ram:CityName>Boulogne-Billancourt</ram:CityName>
          <ram:CountryID>FR</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">FR68900000001</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Entreprise de test SAS</ram:Name>
        <ram:SpecifiedLegalOrganization>
          <ram:ID schemeID="0002">732829320</ram:ID>
        </ram:SpecifiedLegalOrganization>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>75001</ram:PostcodeCode>
          <ram:LineOne>1 rue des Essais</ram:LineOne>
          <ram:CityName>Paris</ram:CityName>
          <ram:CountryID>FR</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">FR44732829320</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount>
          <ram:IBANID>FR7630006000011234567890189</ram:IBANID>
        </ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>15.99</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>79.97</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>20.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator>
          <udt:Indicator>false</udt:Indicator>
        </ram:ChargeIndicator>
        <ram:ActualAmount>7.50</ram:ActualAmount>
        <ram:ReasonCode>95</ram:ReasonCode>
        <ram:Reason>Remise fidélité</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>20</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Virement à 30 jours</ram:Description>
        <ram:DueDateDateTime>
          <udt:DateTimeString format="102">20250302</udt:DateTimeString>
        </ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>87.47</ram:LineTotalAmount>
        <ram:AllowanceTotalAmount>7.50</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount>79.97</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">15.99</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>95.96</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>10.00</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>85.96</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;

/**
 * The invoice with each pair's first text replaced by its second. Each must occur exactly once, so
 * that a change the fixture no longer matches fails loudly instead of testing the valid invoice.
 */
function changed(...replacements: [from: string, to: string][]): string {
  let xml = VALID_INVOICE;
  for (const [from, to] of replacements) {
    const occurrences = xml.split(from).length - 1;
    if (occurrences !== 1) throw new Error(`${JSON.stringify(from)} occurs ${occurrences} times in the invoice`);
    xml = xml.replace(from, to);
  }
  return xml;
}

/** The ids of the rules the invoice breaks, sorted. */
function brokenRules(xml: string): string[] {
  return en16931Violations(xml)
    .map((message) => message.slice(0, message.indexOf(':')))
    .sort();
}

const BREAKDOWN = `<ram:ApplicableTradeTax>
        <ram:CalculatedAmount>15.99</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>79.97</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>20.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>`;
const SELLER_VAT_ID = `<ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">FR68900000001</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>`;

describe('EN 16931 checks of a CII invoice', () => {
  it('finds the valid invoice valid, against the schema and the rules', async () => {
    expect(await validateFacturXSchema(VALID_INVOICE)).toEqual([]);
    expect(en16931Violations(VALID_INVOICE)).toEqual([]);
  });

  it('reports what the schema refuses', async () => {
    const errors = await validateFacturXSchema(changed(['<ram:ID>F-2025-000123</ram:ID>', '']));
    expect(errors).toEqual([expect.stringContaining("Element '{urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100}TypeCode'")]);
  });

  it('matches elements by namespace, whatever their prefix', () => {
    const renamed = VALID_INVOICE.replaceAll('ram:', 'r:').replace('xmlns:ram=', 'xmlns:r=');
    expect(en16931Violations(renamed)).toEqual([]);
    // The same names in another namespace are not the invoice's elements.
    const foreign = VALID_INVOICE.replace('ReusableAggregateBusinessInformationEntity:100"', 'ReusableAggregateBusinessInformationEntity:99"');
    expect(brokenRules(foreign)).toEqual(expect.arrayContaining(['BR-01', 'BR-02', 'BR-06', 'BR-16']));
  });

  it('accepts a credit note, a charge, a rounding amount and rates written differently', () => {
    expect(en16931Violations(changed(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>']))).toEqual([]);
    const withCharge = changed(
      [
        '<ram:SpecifiedTradePaymentTerms>',
        `<ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>
        <ram:ActualAmount>5.03</ram:ActualAmount>
        <ram:Reason>Frais de port</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>20.0</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms>`,
      ],
      // 79.97 + 5.03 = 85.00 at 20 %: 17.00 of VAT, 102.00 in all, 92.00 still due.
      ['<ram:BasisAmount>79.97</ram:BasisAmount>', '<ram:BasisAmount>85.00</ram:BasisAmount>'],
      ['<ram:CalculatedAmount>15.99</ram:CalculatedAmount>', '<ram:CalculatedAmount>17.00</ram:CalculatedAmount>'],
      ['<ram:AllowanceTotalAmount>7.50</ram:AllowanceTotalAmount>', '<ram:ChargeTotalAmount>5.03</ram:ChargeTotalAmount><ram:AllowanceTotalAmount>7.50</ram:AllowanceTotalAmount>'],
      ['<ram:TaxBasisTotalAmount>79.97</ram:TaxBasisTotalAmount>', '<ram:TaxBasisTotalAmount>85</ram:TaxBasisTotalAmount>'],
      ['<ram:TaxTotalAmount currencyID="EUR">15.99</ram:TaxTotalAmount>', '<ram:TaxTotalAmount currencyID="EUR">17.0</ram:TaxTotalAmount><ram:RoundingAmount>0.00</ram:RoundingAmount>'],
      ['<ram:GrandTotalAmount>95.96</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>102.00</ram:GrandTotalAmount>'],
      ['<ram:DuePayableAmount>85.96</ram:DuePayableAmount>', '<ram:DuePayableAmount>92.00</ram:DuePayableAmount>'],
    );
    expect(en16931Violations(withCharge)).toEqual([]);
    const rounded = withCharge
      .replace('<ram:RoundingAmount>0.00</ram:RoundingAmount>', '<ram:RoundingAmount>-0.40</ram:RoundingAmount>')
      .replace('<ram:DuePayableAmount>92.00</ram:DuePayableAmount>', '<ram:DuePayableAmount>91.60</ram:DuePayableAmount>');
    expect(en16931Violations(rounded)).toEqual([]);
    expect(brokenRules(rounded.replace('<ram:RoundingAmount>-0.40</ram:RoundingAmount>', ''))).toEqual(['BR-CO-16']);
    // A charge the charges total leaves out.
    expect(brokenRules(withCharge.replace('<ram:ChargeTotalAmount>5.03</ram:ChargeTotalAmount>', ''))).toEqual(['BR-CO-12', 'BR-CO-13']);
  });

  it('reports missing mandatory elements', () => {
    expect(brokenRules(changed(['<ram:ID>F-2025-000123</ram:ID>', '']))).toEqual(['BR-02']);
    expect(brokenRules(changed(['<ram:Name>Opérateur Démo SA</ram:Name>', '']))).toEqual(['BR-06']);
    expect(brokenRules(changed(['<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '']))).toEqual(['BR-05']);
    expect(brokenRules(changed(['<ram:CityName>Paris</ram:CityName>\n          <ram:CountryID>FR</ram:CountryID>', '<ram:CityName>Paris</ram:CityName>']))).toEqual(['BR-11']);
    expect(brokenRules(changed(['<ram:DuePayableAmount>85.96</ram:DuePayableAmount>', '']))).toEqual(['BR-15']);
    // A line without its net amount: the sums no longer count it.
    expect(brokenRules(changed(['<ram:LineTotalAmount>12.50</ram:LineTotalAmount>', '']))).toEqual(['BR-24', 'BR-CO-10', 'BR-S-08']);
  });

  it('reports totals that do not add up', () => {
    // The sum of the lines: 87.47, not 88.47 (and the total without VAT is no longer 88.47 − 7.50).
    expect(brokenRules(changed(['<ram:LineTotalAmount>87.47</ram:LineTotalAmount>', '<ram:LineTotalAmount>88.47</ram:LineTotalAmount>']))).toEqual(['BR-CO-10', 'BR-CO-13']);
    expect(brokenRules(changed(['<ram:AllowanceTotalAmount>7.50</ram:AllowanceTotalAmount>', '<ram:AllowanceTotalAmount>7.00</ram:AllowanceTotalAmount>']))).toEqual(['BR-CO-11', 'BR-CO-13']);
    expect(brokenRules(changed(['<ram:GrandTotalAmount>95.96</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>95.97</ram:GrandTotalAmount>']))).toEqual(['BR-CO-15', 'BR-CO-16']);
    expect(brokenRules(changed(['<ram:DuePayableAmount>85.96</ram:DuePayableAmount>', '<ram:DuePayableAmount>95.96</ram:DuePayableAmount>']))).toEqual(['BR-CO-16']);
    expect(en16931Violations(changed(['<ram:DuePayableAmount>85.96</ram:DuePayableAmount>', '<ram:DuePayableAmount>95.96</ram:DuePayableAmount>']))).toEqual([
      'BR-CO-16: Amount due for payment (BT-115) 95.96 ≠ BT-112 95.96 − BT-113 10.00 + BT-114 0.00 = 85.96',
    ]);
  });

  it('reports a wrong VAT amount, to the cent', () => {
    // 15.994 rounds to 15.99: 16.00 is a cent too much, everywhere it is carried (the official
    // schematron lets a difference under 1.00 pass; 18.00 it refuses too).
    const wrongVat = (amount: string, grandTotal: string, due: string) =>
      changed(
        ['<ram:CalculatedAmount>15.99</ram:CalculatedAmount>', `<ram:CalculatedAmount>${amount}</ram:CalculatedAmount>`],
        ['<ram:TaxTotalAmount currencyID="EUR">15.99</ram:TaxTotalAmount>', `<ram:TaxTotalAmount currencyID="EUR">${amount}</ram:TaxTotalAmount>`],
        ['<ram:GrandTotalAmount>95.96</ram:GrandTotalAmount>', `<ram:GrandTotalAmount>${grandTotal}</ram:GrandTotalAmount>`],
        ['<ram:DuePayableAmount>85.96</ram:DuePayableAmount>', `<ram:DuePayableAmount>${due}</ram:DuePayableAmount>`],
      );
    expect(brokenRules(wrongVat('16.00', '95.97', '85.97'))).toEqual(['BR-CO-17', 'BR-S-09']);
    expect(brokenRules(wrongVat('18.00', '97.97', '87.97'))).toEqual(['BR-CO-17', 'BR-S-09']);
    // The breakdown alone: the VAT total no longer matches it either.
    expect(brokenRules(changed(['<ram:CalculatedAmount>15.99</ram:CalculatedAmount>', '<ram:CalculatedAmount>18.00</ram:CalculatedAmount>']))).toEqual([
      'BR-CO-14',
      'BR-CO-17',
      'BR-S-09',
    ]);
  });

  it('reports amounts with more than two decimals', () => {
    // Worth the same: only the decimals rule.
    expect(brokenRules(changed(['<ram:ActualAmount>7.50</ram:ActualAmount>', '<ram:ActualAmount>7.500</ram:ActualAmount>']))).toEqual(['BR-DEC-01']);
    // A fraction of a cent: the sums it enters are not checked, the decimals rule says why.
    expect(brokenRules(changed(['<ram:LineTotalAmount>12.50</ram:LineTotalAmount>', '<ram:LineTotalAmount>12.501</ram:LineTotalAmount>']))).toEqual(['BR-DEC-23']);
    // The official schematron checks only the value of this one; the decimals written are checked here as for the others.
    expect(brokenRules(changed(['<ram:TaxTotalAmount currencyID="EUR">15.99</ram:TaxTotalAmount>', '<ram:TaxTotalAmount currencyID="EUR">15.990</ram:TaxTotalAmount>']))).toEqual(['BR-DEC-13']);
    expect(brokenRules(changed(['<ram:BasisAmount>79.97</ram:BasisAmount>', '<ram:BasisAmount>79.970</ram:BasisAmount>']))).toEqual(['BR-DEC-19']);
  });

  it('reports standard rated VAT without its breakdown, its rate or the seller’s VAT identifier', () => {
    expect(brokenRules(changed([BREAKDOWN, '']))).toEqual(['BR-CO-14', 'BR-CO-18', 'BR-S-01']);
    expect(brokenRules(changed([SELLER_VAT_ID, '</ram:SellerTradeParty>']))).toEqual(['BR-S-02', 'BR-S-03']);
    // A tax registration identifier (FC) will do instead.
    expect(en16931Violations(changed(['<ram:ID schemeID="VA">FR68900000001</ram:ID>', '<ram:ID schemeID="FC">900000001</ram:ID>']))).toEqual([]);
    // The first line (the only rate written "20" on a line) at 10 %, then at 0 %: the 20 % breakdown
    // is short of its amount.
    const firstLineAt = (rate: string) => changed(['<ram:RateApplicablePercent>20</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>', `<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`]);
    expect(brokenRules(firstLineAt('10'))).toEqual(['BR-S-08']);
    expect(brokenRules(firstLineAt('0'))).toEqual(['BR-S-05', 'BR-S-08']);
    expect(brokenRules(changed([BREAKDOWN, BREAKDOWN.replace('<ram:BasisAmount>', '<ram:ExemptionReason>Exonération</ram:ExemptionReason><ram:BasisAmount>')]))).toEqual(['BR-S-10']);
  });

  // BR-CO-25 is the standard's; the official CII schematron used for reference does not check it.
  it('reports an amount due without a due date or payment terms', () => {
    const withoutTerms = changed([
      `<ram:SpecifiedTradePaymentTerms>
        <ram:Description>Virement à 30 jours</ram:Description>
        <ram:DueDateDateTime>
          <udt:DateTimeString format="102">20250302</udt:DateTimeString>
        </ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>`,
      '',
    ]);
    expect(brokenRules(withoutTerms)).toEqual(['BR-CO-25']);
  });
});
