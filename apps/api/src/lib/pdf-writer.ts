import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font, type Glyph } from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { makeArchival, type PdfAttachment, type XmpExtension } from './pdf-archival.ts';

/**
 * The one way the API lays text out into a PDF (invoices, recaps, the mandate, the contract of a
 * line, the CGV/CGA/GT): A4 pages with the same margins, one typeface, the brand's colours, text
 * written top-down over as many pages as it needs, and at the foot of every page the operator's
 * legal mention and "Page i sur n".
 *
 * The typeface is DejaVu Sans Condensed (free licence, npm package `dejavu-fonts-ttf`), embedded
 * as a subset of the characters each document uses (decision 019). The standard PDF fonts know
 * WinAnsi only: the minus sign of a negative amount (U+2212, as `Intl` writes it), arrows, and
 * names written in Polish, Czech, Turkish, Romanian… came out as "?". DejaVu has some 5,900
 * characters (Latin, Greek, Cyrillic, symbols) and is about as wide as Helvetica in its condensed cut.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

/**
 * A font read once per process, whose layout is one glyph per character. pdf-lib measures and
 * encodes every string through fontkit's `layout`, which shapes it with the font's OpenType
 * tables (ligatures, kerning) at about a millisecond a call; the writer measures each word it
 * wraps, and pdf-lib draws glyphs without their kerning anyway. Looking glyphs up by character
 * makes a document as quick to write as with the standard fonts.
 */
function unshaped(font: Font): Font {
  // The glyphs pdf-lib reads (id, advance, the character for the text layer), one per character.
  // Not fontkit's own glyph objects: fontkit keeps one per glyph id with the characters of its first
  // request, and a glyph first met as a component of an accented letter ("A" of "À") would have none.
  const glyphs = new Map<number, Pick<Glyph, 'id' | 'advanceWidth' | 'codePoints'>>();
  const glyphOf = (code: number) => {
    let glyph = glyphs.get(code);
    if (!glyph) {
      const { id, advanceWidth } = font.glyphForCodePoint(code);
      glyph = { id, advanceWidth, codePoints: [code] };
      glyphs.set(code, glyph);
    }
    return glyph;
  };
  const layout = (text: string) => ({ glyphs: Array.from(text, (char) => glyphOf(char.codePointAt(0) ?? 0)), positions: [] });
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The two fonts, read and parsed once per process (about 1.3 MB); each document embeds only the glyphs it uses. */
interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
  /** What both weights can show: a character the bold lacks would be drawn as an empty box. */
  charset: ReadonlySet<number>;
}
let fontFiles: Promise<FontFiles> | undefined;
const parsed = new WeakMap<Uint8Array, Font>();
function readFonts(): Promise<FontFiles> {
  fontFiles ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(([regular, bold]) => {
    const [regularFont, boldFont] = [regular, bold].map((bytes) => {
      const font = unshaped(fontkit.create(bytes));
      parsed.set(bytes, font);
      return font;
    });
    const inBold = new Set(boldFont?.characterSet);
    return { regular, bold, charset: new Set(regularFont?.characterSet.filter((code) => inBold.has(code))) };
  });
  return fontFiles;
}
/** What pdf-lib calls to read a font: the one parsed for these bytes. */
const sharedFonts = { create: (bytes: Uint8Array) => parsed.get(bytes) ?? unshaped(fontkit.create(bytes)) };

/** What every document names as the tool that made it, and its language. */
const CREATOR = 'Espace client Pro';
const LANGUAGE = 'fr-FR';
const producerOf = (brandName: string) => `${brandName} – Espace client Pro`;

/** A4 portrait, in points. */
const PAGE_SIZE: [number, number] = [595.28, 841.89];
/** About 2 cm on every side. */
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
const BODY_SIZE = 10;
/** Line height as a multiple of the font size. */
const LEADING = 1.4;
/** Width of the label column of key-value rows ("N° de TVA intracommunautaire" in bold on one line); the values start after it. */
const LABEL_WIDTH = 175;
/** From a list item's dash to its text (and to the lines it wraps to). */
const ITEM_INDENT = 12;
const FOOTER_SIZE = 7.5;
const FOOTER_LEADING = 1.35;
const PAGE_NUMBER_SIZE = 8;
/** Baseline of the page number and reference, below the text area. */
const PAGE_NUMBER_Y = MARGIN - 14;
/** Baseline of the legal mention's last line. */
const MENTION_BOTTOM_Y = MARGIN + 24;

const COLORS = {
  primary: rgb(10 / 255, 74 / 255, 143 / 255),
  ink: rgb(31 / 255, 41 / 255, 51 / 255),
  muted: rgb(79 / 255, 93 / 255, 107 / 255),
};
const RULE_COLOR = rgb(197 / 255, 204 / 255, 211 / 255);

export type PdfColor = keyof typeof COLORS;

export interface PdfTextStyle {
  /** Points; 10 by default. */
  size?: number;
  bold?: boolean;
  /** `ink` by default. */
  color?: PdfColor;
}

export interface PdfDocumentInfo {
  title: string;
  subject: string;
  author: string;
  keywords: readonly string[];
  /** The brand the document is issued under: named as its producer. */
  brandName: string;
  /**
   * The file's creation and modification dates. Given by the caller (its clock, or the date a
   * text applies from), never read from the machine, so that the same input gives the same bytes.
   */
  createdAt: Date;
  /** At the foot of every page: the operator's legal mention. */
  footerMention: string;
  /** At the bottom left of every page, when given: the document's reference. */
  footerReference?: string;
}

/** A cell of a table row (`PdfWriter.columns`). */
export interface PdfCell {
  text: string;
  /** Points. */
  width: number;
  /** `left` by default; amounts go right. */
  align?: 'left' | 'right';
  bold?: boolean;
}

/** The width text may take on a page, in points: what the cells of a row share. */
export const PDF_CONTENT_WIDTH = CONTENT_WIDTH;

/** A list item's line: the first one carries the dash. */
interface ItemLine {
  text: string;
  dash: boolean;
}

/** How many lines from `index` on go to the same page: a list item of up to three lines stays whole. */
function keptLines(lines: readonly ItemLine[], index: number): number {
  if (!lines[index]?.dash) return 1;
  let end = index + 1;
  while (end < lines.length && !lines[end]?.dash) end++;
  return Math.min(end - index, 3);
}

/**
 * Writes text top-down over as many pages as it needs, then `save()` puts the footers on every
 * page and gives the bytes. The narrow and thin spaces French number formatting uses become
 * no-break spaces (the same width everywhere, and never a line break); a character the typeface
 * lacks (an emoji, a Chinese name) a question mark, rather than failing the whole document.
 */
export class PdfWriter {
  private readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = 0;
  private readonly mentionLines: string[];
  /** Baseline of the legal mention's first line: the footer is as high as the mention is long. */
  private readonly mentionTop: number;
  /** The lowest a line of text may stand: above the footer. */
  private readonly floor: number;

  static async create(info: PdfDocumentInfo): Promise<PdfWriter> {
    // Without pdf-lib's own metadata, which would stamp the machine's time.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    doc.setSubject(info.subject);
    doc.setAuthor(info.author);
    doc.setCreator(CREATOR);
    doc.setProducer(producerOf(info.brandName));
    doc.setKeywords([...info.keywords]);
    doc.setLanguage(LANGUAGE);
    doc.setCreationDate(info.createdAt);
    doc.setModificationDate(info.createdAt);
    const files = await readFonts();
    doc.registerFontkit(sharedFonts);
    const regular = await doc.embedFont(files.regular, { subset: true });
    const bold = await doc.embedFont(files.bold, { subset: true });
    return new PdfWriter(doc, regular, bold, files.charset, info);
  }

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly charset: ReadonlySet<number>,
    private readonly info: PdfDocumentInfo,
  ) {
    this.mentionLines = this.wrap(info.footerMention, regular, FOOTER_SIZE, CONTENT_WIDTH);
    this.mentionTop = MENTION_BOTTOM_Y + (this.mentionLines.length - 1) * FOOTER_SIZE * FOOTER_LEADING;
    this.floor = this.footerRuleY() + 4;
    this.page = this.newPage();
  }

  /** The footer's rule, a line's height above the mention. */
  private footerRuleY(): number {
    return this.mentionTop + FOOTER_SIZE * FOOTER_LEADING + 6;
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN;
    return this.page;
  }

  /** The text as the typeface can show it. */
  private clean(text: string): string {
    return [...text.replace(/[\u202F\u2009\u2007]/g, '\u00A0')]
      .map((char) => (this.charset.has(char.codePointAt(0) ?? 0) || char === '\n' ? char : '?'))
      .join('');
  }

  /** Lines of at most `width` points: a line break starts a new line, words split on ordinary spaces only (no-break spaces hold). */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  private itemLines(text: string, width: number): ItemLine[] {
    return this.wrap(text, this.regular, BODY_SIZE, width - ITEM_INDENT).map((line, index) => ({ text: line, dash: index === 0 }));
  }

  private drawItemLine(line: ItemLine, x: number): void {
    if (line.dash) this.page.drawText('–', { x, y: this.y, size: BODY_SIZE, font: this.regular, color: COLORS.ink });
    this.page.drawText(line.text, { x: x + ITEM_INDENT, y: this.y, size: BODY_SIZE, font: this.regular, color: COLORS.ink });
  }

  private drawRule(page: PDFPage, y: number, thickness: number): void {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_WIDTH, y }, thickness, color: RULE_COLOR });
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  private room(height: number): void {
    if (this.y - height < this.floor) this.newPage();
  }

  /** Starts a new page unless `points` more fit on this one: what follows (a title and the first rows under it) stays together. */
  keep(points: number): void {
    this.room(points);
  }

  /** Blank space, in points. */
  gap(points: number): void {
    this.y -= points;
  }

  /** A paragraph, wrapped to the text width. */
  text(text: string, { size = BODY_SIZE, bold = false, color = 'ink' }: PdfTextStyle = {}): void {
    const font = bold ? this.bold : this.regular;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.room(size * LEADING);
      this.y -= size * LEADING;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: COLORS[color] });
    }
  }

  /** A section heading, never alone at the foot of a page; `underline` rules the width under it. */
  heading(text: string, { underline = false } = {}): void {
    // Room for the heading and two lines of what follows.
    this.room(54);
    this.gap(14);
    this.text(text, { size: 13, bold: true, color: 'primary' });
    this.gap(4);
    if (underline) {
      this.drawRule(this.page, this.y, 0.75);
      this.gap(4);
    }
  }

  /** A thin line across the text width, e.g. under a title block. */
  rule(): void {
    this.gap(6);
    this.drawRule(this.page, this.y, 0.75);
    this.gap(4);
  }

  /** A list item: a dash, and the text wrapped beside it (a hanging indent). */
  bullet(text: string): void {
    const lines = this.itemLines(text, CONTENT_WIDTH - 2);
    lines.forEach((line, index) => {
      this.room(keptLines(lines, index) * BODY_SIZE * LEADING);
      this.y -= BODY_SIZE * LEADING;
      this.drawItemLine(line, MARGIN + 2);
    });
    this.gap(2);
  }

  /** A bold label and its value side by side; a list value takes a list item per entry. */
  row(label: string, value: string | readonly string[]): void {
    const leading = BODY_SIZE * LEADING;
    const valueX = MARGIN + LABEL_WIDTH;
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
    const valueLines: ItemLine[] =
      typeof value === 'string'
        ? this.wrap(value, this.regular, BODY_SIZE, valueWidth).map((text) => ({ text, dash: false }))
        : value.flatMap((item) => this.itemLines(item, valueWidth));
    const listed = typeof value !== 'string';
    const labelLines = this.wrap(label, this.bold, BODY_SIZE, LABEL_WIDTH - 10);
    const count = Math.max(valueLines.length, labelLines.length);
    // Keep a short row together on one page.
    this.room(Math.min(count, 3) * leading);
    for (let index = 0; index < count; index++) {
      const labelLine = labelLines[index];
      const valueLine = valueLines[index];
      this.room(keptLines(valueLines, index) * leading);
      this.y -= leading;
      if (labelLine) this.page.drawText(labelLine, { x: MARGIN, y: this.y, size: BODY_SIZE, font: this.bold, color: COLORS.ink });
      if (valueLine && listed) this.drawItemLine(valueLine, valueX);
      else if (valueLine) this.page.drawText(valueLine.text, { x: valueX, y: this.y, size: BODY_SIZE, font: this.regular, color: COLORS.ink });
    }
    this.gap(2);
  }

  /**
   * One row of a table: cells side by side, each `width` points wide (together at most the text
   * width), text wrapped within its cell, aligned left or right (amounts); `rule` draws a thin
   * line under the row (a header, a total). A row stays whole on one page.
   */
  columns(cells: readonly PdfCell[], { size = BODY_SIZE, bold = false, color = 'ink', rule = false }: PdfTextStyle & { rule?: boolean } = {}): void {
    const leading = size * LEADING;
    const laid = cells.map((cell) => {
      const font = (cell.bold ?? bold) ? this.bold : this.regular;
      return { cell, font, lines: this.wrap(cell.text, font, size, cell.width - 4) };
    });
    const count = Math.max(1, ...laid.map((entry) => entry.lines.length));
    this.room(count * leading + (rule ? 4 : 0));
    const top = this.y;
    let x = MARGIN;
    for (const { cell, font, lines } of laid) {
      lines.forEach((line, index) => {
        const lineX = cell.align === 'right' ? x + cell.width - font.widthOfTextAtSize(line, size) : x;
        this.page.drawText(line, { x: lineX, y: top - (index + 1) * leading, size, font, color: COLORS[color] });
      });
      x += cell.width;
    }
    this.y = top - count * leading;
    if (rule) {
      this.gap(3);
      this.drawRule(this.page, this.y, 0.5);
      this.gap(1);
    }
    this.gap(2);
  }

  /**
   * Puts the legal mention, the reference and "Page i sur n" at the foot of every page, makes the
   * file a PDF/A-3b with its attachments (pdf-archival.ts), and gives it: the last call.
   */
  async save(archival: { attachments?: readonly PdfAttachment[]; extensions?: readonly XmpExtension[] } = {}): Promise<Uint8Array> {
    const reference = this.info.footerReference === undefined ? undefined : this.clean(this.info.footerReference);
    const footer = { size: FOOTER_SIZE, font: this.regular, color: COLORS.muted };
    const corner = { y: PAGE_NUMBER_Y, size: PAGE_NUMBER_SIZE, font: this.regular, color: COLORS.muted };
    this.pages.forEach((page, index) => {
      this.drawRule(page, this.footerRuleY(), 0.5);
      this.mentionLines.forEach((line, at) => page.drawText(line, { ...footer, x: MARGIN, y: this.mentionTop - at * FOOTER_SIZE * FOOTER_LEADING }));
      if (reference) page.drawText(reference, { ...corner, x: MARGIN });
      const number = `Page ${index + 1} sur ${this.pages.length}`;
      page.drawText(number, { ...corner, x: MARGIN + CONTENT_WIDTH - this.regular.widthOfTextAtSize(number, PAGE_NUMBER_SIZE) });
    });
    const { info } = this;
    makeArchival(
      this.doc,
      {
        title: info.title,
        subject: info.subject,
        author: info.author,
        keywords: info.keywords,
        creator: CREATOR,
        producer: producerOf(info.brandName),
        language: LANGUAGE,
        createdAt: info.createdAt,
      },
      archival,
    );
    return this.doc.save();
  }
}
