import { OPERATOR_COMPANY } from '@ecare/shared';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** A4 portrait, in points. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const CONTENT_WIDTH = PAGE[0] - 2 * MARGIN;
/** Room kept at the foot of each page for the legal mention and the page number. */
const FOOTER_HEIGHT = 64;
const BULLET_INDENT = 14;
const PRIMARY = rgb(10 / 255, 74 / 255, 143 / 255);
const INK = rgb(31 / 255, 41 / 255, 51 / 255);
const MUTED = rgb(79 / 255, 93 / 255, 107 / 255);
const RULE = rgb(197 / 255, 204 / 255, 211 / 255);

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

/**
 * Writes text top-down over as many pages as it needs. The standard fonts encode WinAnsi only:
 * narrow and thin spaces become no-break spaces, and any other character outside the set a
 * question mark, rather than failing the whole document.
 */
class Writer {
  readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE);
    this.pages.push(this.page);
    this.y = PAGE[1] - MARGIN;
    return this.page;
  }

  clean(text: string): string {
    return [...text.replace(/[\u202F\u2009\u2007]/g, '\u00A0')].map((char) => (this.charset.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  }

  /** Lines of at most `width` points, split on ordinary spaces only (no-break spaces hold). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
    return lines;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  room(height: number): void {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  text(text: string, { font = this.regular, size = 10, color = INK, indent = 0, leading = 1.4 } = {}): void {
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH - indent)) {
      this.room(size * leading);
      this.y -= size * leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color });
    }
  }

  heading(text: string): void {
    // A heading never ends a page alone: keep room for it and two lines of what follows.
    this.room(54);
    this.gap(12);
    this.text(text, { font: this.bold, size: 12, color: PRIMARY });
    this.gap(4);
  }

  bullet(text: string): void {
    const size = 10;
    this.room(size * 1.4);
    this.page.drawText('–', { x: MARGIN + 2, y: this.y - size * 1.4, size, font: this.regular, color: INK });
    this.text(text, { size, indent: BULLET_INDENT });
    this.gap(2);
  }

  rule(): void {
    this.gap(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y }, thickness: 0.75, color: RULE });
    this.gap(4);
  }

  /** The legal mention, the document's reference and "Page i sur n" at the foot of every page. */
  footers(legal: string, reference: string): void {
    const size = 7.5;
    const lines = this.wrap(legal, this.regular, size, CONTENT_WIDTH);
    this.pages.forEach((page, index) => {
      let y = MARGIN + FOOTER_HEIGHT - 10;
      page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: MARGIN + CONTENT_WIDTH, y: y + 6 }, thickness: 0.5, color: RULE });
      for (const line of lines) {
        y -= size * 1.35;
        page.drawText(line, { x: MARGIN, y, size, font: this.regular, color: MUTED });
      }
      const number = this.clean(`Page ${index + 1} sur ${this.pages.length}`);
      page.drawText(this.clean(reference), { x: MARGIN, y: MARGIN - 14, size: 8, font: this.regular, color: MUTED });
      page.drawText(number, { x: MARGIN + CONTENT_WIDTH - this.regular.widthOfTextAtSize(number, 8), y: MARGIN - 14, size: 8, font: this.regular, color: MUTED });
    });
  }
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

function legalMention(brandName: string): string {
  const company = OPERATOR_COMPANY;
  const capital = String(company.capitalEuros).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const siren = company.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
  return (
    `${brandName} est une marque de ${company.denomination}, ${company.formeJuridique} au capital de ${capital}\u00a0€, ` +
    `immatriculée au RCS de ${company.rcsVille} sous le numéro ${siren}, dont le siège social est situé ${company.siegeSocial}. ` +
    `N° de TVA intracommunautaire\u00a0: ${company.tvaIntracommunautaire}.`
  );
}

/**
 * A static document (CGV, CGA, GT) as a PDF: the brand, the title, the version and the date it
 * applies from, the text, and on every page the operator's legal mention and the page number.
 * The file's dates are the version's, so the same version always gives the same bytes.
 */
export async function renderStaticDocument(input: StaticDocumentInput): Promise<Uint8Array> {
  const { titre, version, dateVersion, contenu, brandName } = input;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const applies = `Version ${version}, en vigueur à compter du ${frenchDate(dateVersion)}`;
  const date = new Date(`${dateVersion}T00:00:00Z`);

  doc.setTitle(documentTitle(input), { showInWindowTitleBar: true });
  doc.setSubject(applies);
  doc.setAuthor(OPERATOR_COMPANY.denomination);
  doc.setCreator('Espace client Pro');
  doc.setProducer(`${brandName} – Espace client Pro`);
  doc.setKeywords([titre, version, brandName]);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  writer.text(brandName, { font: writer.bold, size: 18, color: PRIMARY });
  writer.gap(14);
  writer.text(titre, { font: writer.bold, size: 17 });
  writer.text(applies, { size: 10, color: MUTED });
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

  writer.footers(legalMention(brandName), `${titre} – version ${version}`);
  return doc.save();
}
