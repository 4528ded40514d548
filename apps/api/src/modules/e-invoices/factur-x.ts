import type { PdfAttachment, XmpExtension } from '../../lib/pdf-archival.ts';

/**
 * What turns an invoice's PDF/A-3 into a Factur-X 1.0 invoice (profile EN 16931): the CII
 * attached as `factur-x.xml`, the associated file of the whole document, and the `fx` metadata
 * that tells a reader which file to take and at which level it conforms.
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
export const FACTUR_X_CONFORMANCE_LEVEL = 'EN 16931';

const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The `fx` properties, with the descriptions PDF/A asks for a schema it does not know. */
export const FACTUR_X_EXTENSION: XmpExtension = {
  namespace: FACTUR_X_NAMESPACE,
  prefix: 'fx',
  schema: 'Factur-X PDFA Extension Schema',
  properties: [
    { name: 'DocumentFileName', value: FACTUR_X_FILE_NAME, valueType: 'Text', description: 'Name of the embedded XML invoice file' },
    { name: 'DocumentType', value: 'INVOICE', valueType: 'Text', description: 'Type of the hybrid document, in capital letters' },
    { name: 'Version', value: '1.0', valueType: 'Text', description: 'Version of the Factur-X XMP schema' },
    { name: 'ConformanceLevel', value: FACTUR_X_CONFORMANCE_LEVEL, valueType: 'Text', description: 'Conformance level of the embedded XML invoice' },
  ],
};

/** The CII as the PDF's associated file: the invoice's data, which the PDF shows. */
export function facturXAttachment(cii: string, title: string): PdfAttachment {
  return {
    name: FACTUR_X_FILE_NAME,
    description: `${title} – données structurées (Factur-X, EN 16931)`,
    mimeType: 'text/xml',
    bytes: new TextEncoder().encode(cii),
    relationship: 'Data',
  };
}
