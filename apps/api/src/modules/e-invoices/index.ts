/**
 * E-invoices (decision 059): an issued invoice or credit note as EN 16931 data, written in CII
 * (the `factur-x.xml` of its Factur-X PDF) and in UBL. The invoices module gives the documents;
 * this one only turns them into structured data.
 */
export { toCii } from './e-invoice.cii.ts';
export { toUbl } from './e-invoice.ubl.ts';
export { eInvoiceOf, type EInvoice, type EInvoiceItem, type EInvoiceSource } from './e-invoice.model.ts';
export { FACTUR_X_CONFORMANCE_LEVEL, FACTUR_X_EXTENSION, FACTUR_X_FILE_NAME, facturXAttachment } from './factur-x.ts';
