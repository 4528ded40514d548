import { LINE_STATUS_LABELS, monthlyPrices } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CONTRACT_TERMS, legalMentions } from './contract-pdf.legal.ts';
import type { ContractRecord } from './contract-pdf.repository.ts';

/** A4 portrait, in points. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const CONTENT_WIDTH = PAGE[0] - 2 * MARGIN;
const LABEL_WIDTH = 165;
/** Room kept at the foot of each page for the legal mentions and the page number. */
const FOOTER_HEIGHT = 78;
const PRIMARY = rgb(10 / 255, 74 / 255, 143 / 255);
const INK = rgb(31 / 255, 41 / 255, 51 / 255);
const MUTED = rgb(79 / 255, 93 / 255, 107 / 255);
const RULE = rgb(197 / 255, 204 / 255, 211 / 255);

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const calendarDate = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const frenchDate = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' });

/** `dd/mm/yyyy` of a calendar date (YYYY-MM-DD): the same day everywhere. */
const formatCalendarDate = (value: string) => calendarDate.format(new Date(`${value}T00:00:00Z`));

const grouped = (digits: string, sizes: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.filter((part) => part !== '').join(' ');
};

/** Today in France as an ISO date. */
const parisDay = (moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);

/** The end of the commitment, said to be over once it is past. */
function commitmentEnd(dateFinEngagement: string | null, issuedAt: Date): string {
  if (!dateFinEngagement) return 'Sans engagement';
  const shown = formatCalendarDate(dateFinEngagement);
  return dateFinEngagement < parisDay(issuedAt) ? `${shown} (période d’engagement terminée)` : shown;
}

export interface ContractDocumentInput {
  record: ContractRecord;
  brandName: string;
  /** When the document is made (shown on it and in its metadata). */
  issuedAt: Date;
}

/** The document's title, also its metadata title. */
export function contractTitle(record: Pick<ContractRecord, 'numeroLigne'>): string {
  return `Contrat de la ligne ${formatPhone(record.numeroLigne)}`;
}

/** The document's subject (metadata). */
export function contractSubject(record: Pick<ContractRecord, 'idContrat' | 'libelleOffre'>): string {
  return `Conditions particulières du contrat n° ${record.idContrat} – ${record.libelleOffre}`;
}

/**
 * Writes text top-down over as many pages as it needs. The standard fonts encode WinAnsi only:
 * the narrow and thin spaces French number formatting uses become no-break spaces, and any other
 * character outside the set a question mark, rather than failing the whole document.
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
    return [...text.replace(/[\u202F\u2009\u2007]/g, '\u00A0')]
      .map((char) => (this.charset.has(char.codePointAt(0) ?? 0) || char === '\n' ? char : '?'))
      .join('');
  }

  /** Lines of at most `width` points; words are split on ordinary spaces only. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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

  private room(height: number): void {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  text(text: string, { font = this.regular, size = 10, color = INK, x = MARGIN, width = CONTENT_WIDTH, leading = 1.35 } = {}): void {
    for (const line of this.wrap(text, font, size, width)) {
      this.room(size * leading);
      this.y -= size * leading;
      this.page.drawText(line, { x, y: this.y, size, font, color });
    }
  }

  heading(text: string): void {
    this.room(40);
    this.gap(14);
    this.text(text, { font: this.bold, size: 13, color: PRIMARY });
    this.gap(4);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y }, thickness: 0.75, color: RULE });
    this.gap(4);
  }

  /** A label and its value side by side; a list value takes one line per item. */
  row(label: string, value: string | readonly string[]): void {
    const size = 10;
    const leading = size * 1.4;
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
    const items = typeof value === 'string' ? [value] : value;
    const valueLines = items.flatMap((item) => this.wrap(typeof value === 'string' ? item : `– ${item}`, this.regular, size, valueWidth));
    const labelLines = this.wrap(label, this.bold, size, LABEL_WIDTH - 10);
    const count = Math.max(valueLines.length, labelLines.length);
    // Keep a short row together on one page.
    this.room(Math.min(count, 3) * leading);
    for (let index = 0; index < count; index++) {
      this.room(leading);
      this.y -= leading;
      const labelLine = labelLines[index];
      const valueLine = valueLines[index];
      if (labelLine) this.page.drawText(labelLine, { x: MARGIN, y: this.y, size, font: this.bold, color: INK });
      if (valueLine) this.page.drawText(valueLine, { x: MARGIN + LABEL_WIDTH, y: this.y, size, font: this.regular, color: INK });
    }
    this.gap(2);
  }

  /** The legal mentions and "Page i sur n" at the foot of every page, once all pages exist. */
  footers(legal: string): void {
    const size = 7.5;
    const lines = this.wrap(legal, this.regular, size, CONTENT_WIDTH);
    this.pages.forEach((page, index) => {
      let y = MARGIN + FOOTER_HEIGHT - 12;
      page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: MARGIN + CONTENT_WIDTH, y: y + 6 }, thickness: 0.5, color: RULE });
      for (const line of lines) {
        y -= size * 1.35;
        page.drawText(line, { x: MARGIN, y, size, font: this.regular, color: MUTED });
      }
      const number = this.clean(`Page ${index + 1} sur ${this.pages.length}`);
      page.drawText(number, { x: MARGIN + CONTENT_WIDTH - this.regular.widthOfTextAtSize(number, 8), y: MARGIN - 12, size: 8, font: this.regular, color: MUTED });
    });
  }
}

/**
 * The contract of a line as a PDF: the account holder, the line, the plan and its monthly price
 * excluding and including VAT, the options, the activation date and the end of the commitment,
 * then the operator's legal mentions at the foot of each page.
 */
export async function renderContractPdf({ record, brandName, issuedAt }: ContractDocumentInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const prices = monthlyPrices(record.prixMensuelCentimes);
  const number = formatPhone(record.numeroLigne);
  const user = [record.utilisateurPrenom, record.utilisateurNom].filter(Boolean).join(' ');

  doc.setTitle(contractTitle(record), { showInWindowTitleBar: true });
  doc.setSubject(contractSubject(record));
  doc.setAuthor(brandName);
  doc.setCreator('Espace client Pro');
  doc.setProducer(`${brandName} – Espace client Pro`);
  doc.setKeywords(['contrat', 'conditions particulières', record.numeroLigne, String(record.idContrat)]);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  writer.text(brandName, { font: writer.bold, size: 20, color: PRIMARY });
  writer.text('Espace client Pro', { size: 10, color: MUTED });
  writer.gap(16);
  writer.text(contractTitle(record), { font: writer.bold, size: 17 });
  writer.text(`Conditions particulières – contrat n° ${record.idContrat}`, { size: 11, color: MUTED });
  writer.text(`Document édité le ${frenchDate.format(issuedAt)}`, { size: 9, color: MUTED });

  writer.heading('Titulaire du contrat');
  writer.row('Raison sociale', record.raisonSociale);
  writer.row('SIREN', grouped(record.siren, [3, 3, 3]));
  writer.row('SIRET', grouped(record.sirenSiret, [3, 3, 3, 5]));
  writer.row('Adresse', `${record.adresseNumero} ${record.adresseVoie}, ${record.adresseCodePostal} ${record.adresseVille}`);
  writer.row('Compte de facturation', `n° ${record.codeClientBscs}`);

  writer.heading('Ligne');
  writer.row('Numéro de ligne', number);
  writer.row('Numéro de contrat', String(record.idContrat));
  writer.row('Statut', LINE_STATUS_LABELS[record.codeStatut]);
  writer.row('Carte', record.typeSim === 'ESIM' ? 'eSIM' : 'Carte SIM');
  if (user !== '') writer.row('Utilisateur', user);

  writer.heading('Forfait et options');
  writer.row('Forfait', record.libelleOffre);
  writer.row('Description', record.descriptionOffre);
  writer.row('Prix mensuel', `${euros.format(prices.prixMensuelHT)} HT, soit ${euros.format(prices.prixMensuelTTC)} TTC`);
  writer.row('Inclus dans le forfait', record.optionsIncluses.length > 0 ? record.optionsIncluses : 'Aucune option incluse');
  writer.row('Options souscrites', record.options.length > 0 ? record.options : 'Aucune option souscrite');

  writer.heading('Durée');
  writer.row('Date d’activation', frenchDate.format(record.dateActivation));
  writer.row('Fin d’engagement', commitmentEnd(record.dateFinEngagement, issuedAt));

  writer.gap(12);
  writer.text(CONTRACT_TERMS, { size: 9, color: MUTED });

  writer.footers(legalMentions(brandName, (value) => euros.format(value).replace(/,00(?=\s)/, '')));
  return doc.save();
}
