import { operatorLegalMention } from '@ecare/shared';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { PdfWriter } from './pdf-writer.ts';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** An amount in cents as a recap and its e-mail write it ("12,50 €"). */
export const formatCents = (cents: number): string => euros.format(cents / 100);

export interface RecapPdfStart {
  /** The file's title, as a PDF reader shows it. */
  title: string;
  subject: string;
  keywords: readonly string[];
  brandName: string;
  /** When the recap is made: its date on the page and in the file. */
  issuedAt: Date;
  /** The first heading on the page. */
  heading: string;
  /** At the bottom left of every page: what the recap is about ("Panier n° 12"). */
  reference: string;
  /** After "Établi le …", when the recap names whom it is made for. */
  madeFor?: string;
}

/**
 * The one way a recap PDF starts (the lines added to an order, a tariff change, a termination):
 * the same metadata and footer as every document of the portal, the brand, the heading, and the
 * date and time it was made in Paris; the module then writes what it recaps and saves.
 */
export async function startRecapPdf(start: RecapPdfStart): Promise<PdfWriter> {
  const writer = await PdfWriter.create({
    title: start.title,
    subject: start.subject,
    author: start.brandName,
    keywords: start.keywords,
    brandName: start.brandName,
    createdAt: start.issuedAt,
    footerMention: operatorLegalMention(start.brandName),
    footerReference: start.reference,
  });
  writer.text(start.brandName, { bold: true, size: 20, color: 'primary' });
  writer.text('Espace client Pro', { color: 'muted' });
  writer.gap(12);
  writer.heading(start.heading);
  writer.text(`Établi le ${dateTime.format(start.issuedAt)}${start.madeFor ? ` ${start.madeFor}` : ''}.`, { color: 'muted' });
  writer.gap(8);
  return writer;
}

/** The "Compte et ligne" block of a line's recap: the company, its billing account and the line; the module writes its own rows after. */
export function writeAccountAndLine(writer: PdfWriter, { raisonSociale, codeClientBscs, ligne }: { raisonSociale: string; codeClientBscs: string; ligne: string }): void {
  writer.heading('Compte et ligne', { underline: true });
  writer.row('Entreprise', raisonSociale);
  writer.row('Compte de facturation', codeClientBscs);
  writer.row('Ligne', ligne);
}
