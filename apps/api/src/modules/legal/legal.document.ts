import { OPERATOR_COMPANY, operatorLegalMention } from '@ecare/shared';
import { PdfWriter } from '../../lib/pdf-writer.ts';

/** One block of a stored document text (see the `static_documents` table). */
export type DocumentBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * The stored text's blocks: separated by a blank line; "## " starts a heading; a block whose
 * lines all start with "- " is a list; any other block is a paragraph, its lines joined.
 */
export function documentBlocks(contenu: string): DocumentBlock[] {
  return contenu
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block): DocumentBlock => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).replace(/\s*\n\s*/g, ' ').trim() };
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- '))) return { kind: 'list', items: lines.map((line) => line.slice(2).trim()) };
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}

/** `dd/mm/yyyy` of a calendar date (YYYY-MM-DD). */
export function frenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

export interface StaticDocumentInput {
  titre: string;
  version: string;
  /** Date from which the version applies (YYYY-MM-DD): shown, and the file's dates. */
  dateVersion: string;
  contenu: string;
  brandName: string;
}

/** The document's metadata title. */
export const documentTitle = ({ titre, brandName }: Pick<StaticDocumentInput, 'titre' | 'brandName'>) => `${titre} – ${brandName}`;

/**
 * A static document (CGV, CGA, GT) as a PDF: the brand, the title, the version and the date it
 * applies from, the text, and on every page the operator's legal mention and the page number.
 * The file's dates are the version's, so the same version always gives the same bytes.
 */
export async function renderStaticDocument(input: StaticDocumentInput): Promise<Uint8Array> {
  const { titre, version, dateVersion, contenu, brandName } = input;
  const applies = `Version ${version}, en vigueur à compter du ${frenchDate(dateVersion)}`;
  const writer = await PdfWriter.create({
    title: documentTitle(input),
    subject: applies,
    author: OPERATOR_COMPANY.denomination,
    keywords: [titre, version, brandName],
    brandName,
    createdAt: new Date(`${dateVersion}T00:00:00Z`),
    footerMention: operatorLegalMention(brandName),
    footerReference: `${titre} – version ${version}`,
  });

  writer.text(brandName, { bold: true, size: 18, color: 'primary' });
  writer.gap(14);
  writer.text(titre, { bold: true, size: 17 });
  writer.text(applies, { color: 'muted' });
  writer.rule();

  for (const block of documentBlocks(contenu.replaceAll('{{marque}}', brandName))) {
    if (block.kind === 'heading') writer.heading(block.text);
    else if (block.kind === 'list') {
      for (const item of block.items) writer.bullet(item);
      writer.gap(4);
    } else {
      writer.text(block.text);
      writer.gap(6);
    }
  }
  return writer.save();
}
