import { createHash } from 'node:crypto';
import { PDFHexString, PDFName, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';
import { create } from 'xmlbuilder2';
import { SRGB_PROFILE_NAME, srgbProfile } from './srgb-profile.ts';

/**
 * What makes every document the API writes a PDF/A-3b file (ISO 19005-3, level B: its look kept
 * for the long term, decision 059): fonts embedded (pdf-writer.ts), an sRGB output intent, XMP
 * metadata saying so and repeating the document information, a file identifier, and files
 * attached as associated files (an e-invoice's `factur-x.xml`). Everything derives from the
 * document's own information, never from the clock: the same document gives the same bytes.
 */

/** How an attached file relates to the document (ISO 32000-2, AFRelationship). */
export type AssociatedFileRelationship = 'Data' | 'Alternative' | 'Source' | 'Supplement';

export interface PdfAttachment {
  name: string;
  description: string;
  mimeType: string;
  bytes: Uint8Array;
  relationship: AssociatedFileRelationship;
}

/** A property of an XMP extension schema, as PDF/A asks a schema outside its list to be described. */
export interface XmpProperty {
  name: string;
  value: string;
  /** `Text`, `Integer`… as XMP names value types. */
  valueType: string;
  description: string;
}

/** Metadata of a schema PDF/A does not know (Factur-X's `fx`), with its description. */
export interface XmpExtension {
  namespace: string;
  prefix: string;
  schema: string;
  properties: readonly XmpProperty[];
}

export interface ArchivalInfo {
  title: string;
  subject: string;
  author: string;
  keywords: readonly string[];
  creator: string;
  producer: string;
  language: string;
  createdAt: Date;
}

type XMLBuilder = ReturnType<typeof create>;

const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
} as const;

/** `2026-11-05T07:00:00Z`: the same instant as the information dictionary's `D:20261105070000Z`. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function description(rdf: XMLBuilder, prefix: string, namespace: string): XMLBuilder {
  return rdf.ele(NS.rdf, 'rdf:Description').att(NS.rdf, 'rdf:about', '').att('http://www.w3.org/2000/xmlns/', `xmlns:${prefix}`, namespace);
}

function xmpPacket(info: ArchivalInfo, extensions: readonly XmpExtension[]): Uint8Array {
  const root = create({ encoding: 'UTF-8' });
  root.ins('xpacket', 'begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"');
  const rdf = root.ele(NS.x, 'x:xmpmeta').ele(NS.rdf, 'rdf:RDF');

  const id = description(rdf, 'pdfaid', NS.pdfaid);
  id.ele(NS.pdfaid, 'pdfaid:part').txt('3');
  id.ele(NS.pdfaid, 'pdfaid:conformance').txt('B');

  const dc = description(rdf, 'dc', NS.dc);
  dc.ele(NS.dc, 'dc:format').txt('application/pdf');
  dc.ele(NS.dc, 'dc:title').ele(NS.rdf, 'rdf:Alt').ele(NS.rdf, 'rdf:li').att('xml:lang', 'x-default').txt(info.title);
  dc.ele(NS.dc, 'dc:creator').ele(NS.rdf, 'rdf:Seq').ele(NS.rdf, 'rdf:li').txt(info.author);
  dc.ele(NS.dc, 'dc:description').ele(NS.rdf, 'rdf:Alt').ele(NS.rdf, 'rdf:li').att('xml:lang', 'x-default').txt(info.subject);
  dc.ele(NS.dc, 'dc:language').ele(NS.rdf, 'rdf:Bag').ele(NS.rdf, 'rdf:li').txt(info.language);

  const pdf = description(rdf, 'pdf', NS.pdf);
  pdf.ele(NS.pdf, 'pdf:Producer').txt(info.producer);
  pdf.ele(NS.pdf, 'pdf:Keywords').txt(info.keywords.join(' '));

  const xmp = description(rdf, 'xmp', NS.xmp);
  xmp.ele(NS.xmp, 'xmp:CreatorTool').txt(info.creator);
  xmp.ele(NS.xmp, 'xmp:CreateDate').txt(xmpDate(info.createdAt));
  xmp.ele(NS.xmp, 'xmp:ModifyDate').txt(xmpDate(info.createdAt));
  xmp.ele(NS.xmp, 'xmp:MetadataDate').txt(xmpDate(info.createdAt));

  if (extensions.length > 0) {
    for (const extension of extensions) {
      const values = description(rdf, extension.prefix, extension.namespace);
      for (const property of extension.properties) values.ele(extension.namespace, `${extension.prefix}:${property.name}`).txt(property.value);
    }
    const schemas = description(rdf, 'pdfaExtension', NS.pdfaExtension)
      .att('http://www.w3.org/2000/xmlns/', 'xmlns:pdfaSchema', NS.pdfaSchema)
      .att('http://www.w3.org/2000/xmlns/', 'xmlns:pdfaProperty', NS.pdfaProperty)
      .ele(NS.pdfaExtension, 'pdfaExtension:schemas')
      .ele(NS.rdf, 'rdf:Bag');
    for (const extension of extensions) {
      const schema = schemas.ele(NS.rdf, 'rdf:li').att(NS.rdf, 'rdf:parseType', 'Resource');
      schema.ele(NS.pdfaSchema, 'pdfaSchema:schema').txt(extension.schema);
      schema.ele(NS.pdfaSchema, 'pdfaSchema:namespaceURI').txt(extension.namespace);
      schema.ele(NS.pdfaSchema, 'pdfaSchema:prefix').txt(extension.prefix);
      const properties = schema.ele(NS.pdfaSchema, 'pdfaSchema:property').ele(NS.rdf, 'rdf:Seq');
      for (const property of extension.properties) {
        const entry = properties.ele(NS.rdf, 'rdf:li').att(NS.rdf, 'rdf:parseType', 'Resource');
        entry.ele(NS.pdfaProperty, 'pdfaProperty:name').txt(property.name);
        entry.ele(NS.pdfaProperty, 'pdfaProperty:valueType').txt(property.valueType);
        entry.ele(NS.pdfaProperty, 'pdfaProperty:category').txt('external');
        entry.ele(NS.pdfaProperty, 'pdfaProperty:description').txt(property.description);
      }
    }
  }
  root.ins('xpacket', 'end="w"');
  return new TextEncoder().encode(root.end({ headless: true, prettyPrint: true }));
}

function attach(doc: PDFDocument, file: PdfAttachment, modifiedAt: Date): PDFRef {
  const { context } = doc;
  const stream = context.flateStream(file.bytes, {
    Type: 'EmbeddedFile',
    Subtype: file.mimeType,
    Params: { ModDate: PDFString.fromDate(modifiedAt), Size: file.bytes.length },
  });
  const streamRef = context.register(stream);
  return context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(file.name),
      UF: PDFHexString.fromText(file.name),
      EF: { F: streamRef, UF: streamRef },
      Desc: PDFHexString.fromText(file.description),
      AFRelationship: file.relationship,
    }),
  );
}

/** Turns the document into PDF/A-3b, with its attachments; call last, before saving. */
export function makeArchival(doc: PDFDocument, info: ArchivalInfo, options: { attachments?: readonly PdfAttachment[]; extensions?: readonly XmpExtension[] } = {}): void {
  const { context, catalog } = doc;
  const metadata = context.stream(xmpPacket(info, options.extensions ?? []), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const profile = context.register(context.flateStream(srgbProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_PROFILE_NAME),
    Info: PDFString.of(SRGB_PROFILE_NAME),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));

  const attachments = options.attachments ?? [];
  if (attachments.length > 0) {
    const specs = attachments.map((file) => attach(doc, file, info.createdAt));
    // The name tree's keys in order; the names are ASCII file names.
    const names = attachments.map((file, index) => ({ name: file.name, spec: specs[index] as PDFRef })).sort((a, b) => (a.name < b.name ? -1 : 1)).flatMap(({ name, spec }) => [PDFString.of(name), spec]);
    catalog.set(PDFName.of('Names'), context.obj({ EmbeddedFiles: context.obj({ Names: context.obj(names) }) }));
    catalog.set(PDFName.of('AF'), context.obj(specs));
  }

  // The file identifier PDF/A asks for, from the document's information: the same document, the same identifier.
  const digest = createHash('sha256').update(JSON.stringify([info.title, info.subject, info.createdAt.toISOString()])).digest('hex').slice(0, 32);
  context.trailerInfo.ID = context.obj([PDFHexString.of(digest), PDFHexString.of(digest)]);
}
