import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import { create } from 'xmlbuilder2';

/**
 * Reads a PDF the way a PDF/A-3 validator and an accounting tool do, with a PDF library (never by
 * searching its bytes): its associated files, its XMP metadata and the structures PDF/A-3b asks
 * for. `pdfA3Problems` lists what a validator would refuse; an empty list is a pass.
 */

export interface AttachedFile {
  name: string;
  relationship: string | undefined;
  mimeType: string | undefined;
  bytes: Uint8Array;
}

const text = (object: PDFObject | undefined): string | undefined =>
  object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : object instanceof PDFName ? object.decodeText() : undefined;

function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  throw new Error('not a stream');
}

function resolved(doc: PDFDocument, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? doc.context.lookup(object) : object;
}

/** The document's embedded files, from its name tree (one level of `Names`, as the documents here write it, or `Kids`). */
export async function attachedFiles(pdf: Uint8Array): Promise<AttachedFile[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return filesOf(doc);
}

function filesOf(doc: PDFDocument): AttachedFile[] {
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!tree) return [];
  const files: AttachedFile[] = [];
  const visit = (node: PDFDict) => {
    const entries = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let index = 0; entries && index + 1 < entries.size(); index += 2) {
      const spec = resolved(doc, entries.get(index + 1));
      if (!(spec instanceof PDFDict)) continue;
      const embedded = spec.lookupMaybe(PDFName.of('EF'), PDFDict);
      const stream = resolved(doc, embedded?.get(PDFName.of('F')));
      files.push({
        name: text(spec.get(PDFName.of('UF'))) ?? text(spec.get(PDFName.of('F'))) ?? '',
        relationship: text(spec.get(PDFName.of('AFRelationship'))),
        mimeType: stream instanceof PDFStream ? text(stream.dict.get(PDFName.of('Subtype'))) : undefined,
        bytes: streamBytes(stream),
      });
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let index = 0; kids && index < kids.size(); index += 1) {
      const kid = resolved(doc, kids.get(index));
      if (kid instanceof PDFDict) visit(kid);
    }
  };
  visit(tree);
  return files;
}

/** The XML a Factur-X PDF carries as `factur-x.xml`. */
export async function facturXml(pdf: Uint8Array): Promise<string> {
  const file = (await attachedFiles(pdf)).find((entry) => entry.name === 'factur-x.xml');
  if (!file) throw new Error('no factur-x.xml attached');
  return new TextDecoder().decode(file.bytes);
}

const XMP_NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
} as const;

/** Every text of the XMP elements of that namespace and name. */
function xmpValues(xmp: string, namespace: string, name: string): string[] {
  const document = create(xmp).root().node.ownerDocument;
  if (!document) return [];
  const elements = document.getElementsByTagNameNS(namespace, name);
  return Array.from({ length: elements.length }, (_, index) => elements.item(index)?.textContent?.trim() ?? '');
}

/** `D:20261105070000Z` or `D:20261105080000+01'00'` as an instant. */
function pdfDate(value: string | undefined): number | undefined {
  const match = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?/.exec(value ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, zone] = match;
  const offset = zone && zone !== 'Z' ? `${zone.slice(0, 3)}:${zone.slice(4, 6)}` : 'Z';
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
}

/**
 * What PDF/A-3b (ISO 19005-3) asks of a file that the documents here could get wrong: the
 * version header, no encryption, a file identifier, XMP metadata unfiltered declaring part 3
 * level B and agreeing with the information dictionary, one sRGB output intent with a valid
 * ICC profile of three components, every font embedded, every embedded file an associated file
 * with its relationship, type and modification date, and the XMP extension schemas for `fx`.
 */
export async function pdfA3Problems(pdf: Uint8Array): Promise<string[]> {
  const problems: string[] = [];
  const header = new TextDecoder('latin1').decode(pdf.subarray(0, 20));
  if (!/^%PDF-1\.[4-7]\r?\n%/.test(header)) problems.push('header: %PDF-1.x followed by a binary comment expected');
  const comment = pdf.subarray(header.indexOf('\n') + 2, header.indexOf('\n') + 6);
  if (comment.some((byte) => byte < 128)) problems.push('header: the comment needs four bytes above 127');

  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context, catalog } = doc;
  if (context.trailerInfo.Encrypt) problems.push('encrypted');
  const id = context.trailerInfo.ID;
  if (!(id instanceof PDFArray) || id.size() !== 2) problems.push('trailer: no file identifier');

  // XMP.
  const metadata = catalog.lookupMaybe(PDFName.of('Metadata'), PDFStream);
  let xmp = '';
  if (!metadata) problems.push('catalog: no Metadata');
  else {
    if (metadata.dict.get(PDFName.of('Filter'))) problems.push('Metadata: must not be filtered');
    xmp = new TextDecoder().decode(metadata.getContents());
    if (xmpValues(xmp, XMP_NS.pdfaid, 'part')[0] !== '3') problems.push('XMP: pdfaid:part is not 3');
    if (xmpValues(xmp, XMP_NS.pdfaid, 'conformance')[0] !== 'B') problems.push('XMP: pdfaid:conformance is not B');
    const info = context.lookup(context.trailerInfo.Info, PDFDict);
    const infoText = (key: string) => text(info.get(PDFName.of(key)));
    const agree = (key: string, xmpValue: string | undefined) => {
      if (infoText(key) !== undefined && infoText(key) !== xmpValue) problems.push(`Info ${key} «${infoText(key)}» differs from the XMP «${xmpValue}»`);
    };
    agree('Title', xmpValues(xmp, XMP_NS.dc, 'title')[0]);
    agree('Author', xmpValues(xmp, XMP_NS.dc, 'creator')[0]);
    agree('Subject', xmpValues(xmp, XMP_NS.dc, 'description')[0]);
    agree('Keywords', xmpValues(xmp, XMP_NS.pdf, 'Keywords')[0]);
    agree('Producer', xmpValues(xmp, XMP_NS.pdf, 'Producer')[0]);
    agree('Creator', xmpValues(xmp, XMP_NS.xmp, 'CreatorTool')[0]);
    for (const [key, name] of [['CreationDate', 'CreateDate'], ['ModDate', 'ModifyDate']] as const) {
      const inXmp = xmpValues(xmp, XMP_NS.xmp, name)[0];
      if (infoText(key) !== undefined && pdfDate(infoText(key)) !== Date.parse(inXmp ?? '')) problems.push(`Info ${key} differs from xmp:${name}`);
    }
    // A property outside PDF/A's own schemas needs its extension schema.
    if (xmpValues(xmp, XMP_NS.fx, 'DocumentType').length > 0) {
      const declared = xmpValues(xmp, XMP_NS.pdfaSchema, 'namespaceURI');
      if (!declared.includes(XMP_NS.fx)) problems.push('XMP: fx is used without its extension schema');
      const properties = xmpValues(xmp, XMP_NS.pdfaProperty, 'name');
      for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
        if (!properties.includes(name)) problems.push(`XMP: fx:${name} is not described`);
      }
    }
  }

  // Output intent.
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const pdfaIntents = intents ? intents.asArray().map((entry) => resolved(doc, entry)).filter((entry): entry is PDFDict => entry instanceof PDFDict && text(entry.get(PDFName.of('S'))) === 'GTS_PDFA1') : [];
  if (pdfaIntents.length !== 1) problems.push('catalog: one GTS_PDFA1 output intent expected');
  const profileStream = resolved(doc, pdfaIntents[0]?.get(PDFName.of('DestOutputProfile')));
  if (!(profileStream instanceof PDFStream)) problems.push('output intent: no DestOutputProfile');
  else {
    const profile = streamBytes(profileStream);
    const ascii = (from: number) => new TextDecoder('latin1').decode(profile.subarray(from, from + 4));
    const size = new DataView(profile.buffer, profile.byteOffset).getUint32(0);
    if (size !== profile.length) problems.push('ICC: size in header differs');
    if (ascii(36) !== 'acsp') problems.push('ICC: no acsp signature');
    if (ascii(16) !== 'RGB ' || profileStream.dict.get(PDFName.of('N'))?.toString() !== '3') problems.push('ICC: not an RGB profile of 3 components');
    if (!['mntr', 'scnr', 'prtr', 'spac'].includes(ascii(12))) problems.push('ICC: device class not allowed');
    if ((profile[8] ?? 0) > 4) problems.push('ICC: version above 4');
  }

  // Fonts: every descriptor carries its font program.
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || text(object.get(PDFName.of('Type'))) !== 'FontDescriptor') continue;
    if (!['FontFile', 'FontFile2', 'FontFile3'].some((key) => object.get(PDFName.of(key)))) {
      problems.push(`font ${text(object.get(PDFName.of('FontName')))} is not embedded`);
    }
  }
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && text(object.get(PDFName.of('Type'))) === 'Font') {
      const subtype = text(object.get(PDFName.of('Subtype')));
      if (subtype !== 'Type0' && !object.get(PDFName.of('FontDescriptor'))) problems.push(`font ${text(object.get(PDFName.of('BaseFont')))} without a descriptor`);
    }
  }

  // Associated files.
  const associated = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const associatedSpecs = new Set((associated?.asArray() ?? []).map((entry) => entry.toString()));
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const entries = names?.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let index = 0; entries && index + 1 < entries.size(); index += 2) {
    const reference = entries.get(index + 1);
    const spec = resolved(doc, reference);
    if (!(spec instanceof PDFDict)) continue;
    const name = text(spec.get(PDFName.of('F')));
    if (!associatedSpecs.has(reference?.toString() ?? '')) problems.push(`${name}: not in the catalog's AF`);
    if (!spec.get(PDFName.of('UF'))) problems.push(`${name}: no UF`);
    if (!['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'].includes(text(spec.get(PDFName.of('AFRelationship'))) ?? '')) problems.push(`${name}: no AFRelationship`);
    const stream = resolved(doc, spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.get(PDFName.of('F')));
    if (!(stream instanceof PDFStream)) problems.push(`${name}: no embedded stream`);
    else {
      if (!text(stream.dict.get(PDFName.of('Subtype')))) problems.push(`${name}: no MIME type`);
      if (!stream.dict.lookupMaybe(PDFName.of('Params'), PDFDict)?.get(PDFName.of('ModDate'))) problems.push(`${name}: no ModDate`);
    }
  }
  return problems;
}

/** The Factur-X metadata of a PDF's XMP: document type, file name, version, conformance level. */
export async function facturXMetadata(pdf: Uint8Array): Promise<Record<string, string | undefined>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const metadata = doc.catalog.lookupMaybe(PDFName.of('Metadata'), PDFStream);
  const xmp = metadata ? new TextDecoder().decode(metadata.getContents()) : '';
  const value = (name: string) => xmpValues(xmp, XMP_NS.fx, name)[0];
  return { DocumentType: value('DocumentType'), DocumentFileName: value('DocumentFileName'), Version: value('Version'), ConformanceLevel: value('ConformanceLevel') };
}

const CII = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};
const UBL = { cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2' };

/** Cents of a two-decimal amount, without floating point. */
export function centsOf(amount: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount ?? '');
  if (!match) throw new Error(`not an amount with two decimals: ${amount}`);
  const [, sign, units, hundredths] = match;
  return (sign ? -1 : 1) * (Number(units) * 100 + Number(hundredths));
}

/** What an accounting tool reads first of an e-invoice: number, type, date, and the totals (in cents). */
export interface EInvoiceFigures {
  number: string;
  typeCode: string;
  issueDate: string;
  taxExclusiveCentimes: number;
  vatCentimes: number;
  taxInclusiveCentimes: number;
  dueCentimes: number;
  lines: number;
}

/** The figures of a CII invoice, read with an XML parser. */
export function ciiFigures(xml: string): EInvoiceFigures {
  const document = create(xml).root().node.ownerDocument;
  if (!document) throw new Error('no document');
  const first = (name: string, namespace = CII.ram) => document.getElementsByTagNameNS(namespace, name).item(0)?.textContent?.trim();
  const issue = document.getElementsByTagNameNS(CII.ram, 'IssueDateTime').item(0)?.textContent?.trim() ?? '';
  return {
    number: document.getElementsByTagNameNS(CII.rsm, 'ExchangedDocument').item(0)?.getElementsByTagNameNS(CII.ram, 'ID').item(0)?.textContent?.trim() ?? '',
    typeCode: first('TypeCode') ?? '',
    issueDate: `${issue.slice(0, 4)}-${issue.slice(4, 6)}-${issue.slice(6, 8)}`,
    taxExclusiveCentimes: centsOf(first('TaxBasisTotalAmount')),
    vatCentimes: centsOf(first('TaxTotalAmount')),
    taxInclusiveCentimes: centsOf(first('GrandTotalAmount')),
    dueCentimes: centsOf(first('DuePayableAmount')),
    lines: document.getElementsByTagNameNS(CII.ram, 'IncludedSupplyChainTradeLineItem').length,
  };
}

/** The figures of a UBL invoice or credit note, read with an XML parser. */
export function ublFigures(xml: string): EInvoiceFigures {
  const document = create(xml).root().node.ownerDocument;
  if (!document) throw new Error('no document');
  const root = document.documentElement;
  // The document's own ID, dates and type: the root's children, not those of a reference inside it.
  const child = (name: string) => {
    const children = root?.children;
    for (let index = 0; children && index < children.length; index += 1) {
      const element = children.item(index);
      if (element?.localName === name && element.namespaceURI === UBL.cbc) return element.textContent?.trim();
    }
    return undefined;
  };
  const first = (name: string) => document.getElementsByTagNameNS(UBL.cbc, name).item(0)?.textContent?.trim();
  const creditNote = root?.localName === 'CreditNote';
  return {
    number: child('ID') ?? '',
    typeCode: child(creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? '',
    issueDate: child('IssueDate') ?? '',
    taxExclusiveCentimes: centsOf(first('TaxExclusiveAmount')),
    vatCentimes: centsOf(first('TaxAmount')),
    taxInclusiveCentimes: centsOf(first('TaxInclusiveAmount')),
    dueCentimes: centsOf(first('PayableAmount')),
    lines: document.getElementsByTagNameNS('urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2', creditNote ? 'CreditNoteLine' : 'InvoiceLine').length,
  };
}
