import type { InvoiceCentresExportFormat } from '@ecare/shared/invoice-centres';
import type { InvoiceExportFormat } from '@ecare/shared/invoices';
import { INVOICES_PAGE_SIZE, type InvoiceListParams } from '../utils/invoice-list-params.ts';

const segment = encodeURIComponent;

/** GET /api/facture/{idClientBscs}?annee&page&taille&tri&ordre. */
export function invoiceListPath(idClientBscs: number, params: InvoiceListParams): string {
  const query = new URLSearchParams({ page: String(params.page), taille: String(INVOICES_PAGE_SIZE), tri: params.tri, ordre: params.ordre });
  if (params.annee !== null) query.set('annee', String(params.annee));
  return `/api/facture/${idClientBscs}?${query.toString()}`;
}

/** GET /api/facture/{idClientBscs}/avoirs: each credit note then downloads through the invoice's paths, by its own reference. */
export const creditNotesPath = (idClientBscs: number) => `/api/facture/${idClientBscs}/avoirs`;

export const invoiceDetailPath = (idClientBscs: number, referenceNumber: string) => `/api/detail-facture/${idClientBscs}/${segment(referenceNumber)}`;

export const invoiceEvolutionPath = (idClientBscs: number, referenceNumber: string) => `${invoiceDetailPath(idClientBscs, referenceNumber)}/evolution`;

export const invoicePdfPath = (idClientBscs: number, referenceNumber: string) => `/api/facture/${idClientBscs}/${segment(referenceNumber)}/pdf`;

/** The invoice's EN 16931 data alone: CII (as in its Factur-X PDF) or UBL. */
export const invoiceXmlPath = (idClientBscs: number, referenceNumber: string, syntax: 'cii' | 'ubl') =>
  `/api/facture/${idClientBscs}/${segment(referenceNumber)}/${syntax}`;

export const invoiceComplaintPath = (idClientBscs: number, referenceNumber: string) => `/api/facture/${idClientBscs}/${segment(referenceNumber)}/reclamation`;

export const invoiceZipPath = (idClientBscs: number, annee: number) => `/api/facture/${idClientBscs}/zip?annee=${annee}`;

/** Every invoice and credit note dated from `du` to `au` (`YYYY-MM-DD`) as one ZIP of Factur-X PDFs with their index. */
export const invoiceArchivePath = (idClientBscs: number, du: string, au: string) => `/api/facture/${idClientBscs}/archive?${new URLSearchParams({ du, au }).toString()}`;

/** The lines of the invoices dated from `du` to `au` (`YYYY-MM-DD`). */
export function invoiceExportPath(idClientBscs: number, format: InvoiceExportFormat, du: string, au: string): string {
  return `/api/facture/${idClientBscs}/export?${new URLSearchParams({ format, du, au }).toString()}`;
}

/** GET /api/facture/{idClientBscs}/{referenceNumber}/centres-de-cout: the invoice by cost centre. */
export const invoiceCentresPath = (idClientBscs: number, referenceNumber: string) => `/api/facture/${idClientBscs}/${segment(referenceNumber)}/centres-de-cout`;

/** The invoices of the months `du` to `au` (`YYYY-MM`) by cost centre. */
export function invoiceCentresExportPath(idClientBscs: number, format: InvoiceCentresExportFormat, du: string, au: string): string {
  return `/api/facture/${idClientBscs}/centres-de-cout/export?${new URLSearchParams({ format, du, au }).toString()}`;
}
