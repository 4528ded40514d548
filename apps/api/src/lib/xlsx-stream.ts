import { zipStream, type ZipOptions } from './zip-stream.ts';

/**
 * A one-sheet Excel workbook (Office Open XML, ECMA-376) written as its rows are read: the few
 * fixed parts, then the sheet streamed row by row into the ZIP writer. Text goes in inline
 * strings (no shared-string table to hold in memory), so nothing grows with the row count. A
 * header row in bold, frozen above the others.
 */

/**
 * A cell: text (always shown as text, never run as a formula), a number, a date, or nothing. A
 * date is written as its UTC date and time and shown as a date (DD/MM/YYYY in a French Excel):
 * pass midnight UTC for a calendar date.
 */
export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxColumn {
  header: string;
  /** In characters; the spreadsheet's default when absent. */
  width?: number;
}

export interface XlsxSheet {
  /** Tab name: up to 31 characters, none of `[]:*?/\` (replaced otherwise). */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxCell[]> | AsyncIterable<readonly XlsxCell[]>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel refuses longer text in a cell (and repairs the file). */
const MAX_CELL_CHARACTERS = 32_767;
/**
 * The sheet goes to the ZIP writer in pieces of about this many characters: small enough for
 * V8 to collect them young (larger strings go to its large-object space and linger).
 */
const PIECE_CHARACTERS = 16 * 1024;

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEADER}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_HEADER}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Style 0 is the default, style 1 the header's bold, style 2 a short date (built-in format 14). */
const STYLES =
  `${XML_HEADER}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and line breaks, U+FFFE, U+FFFF, lone surrogates). */
// eslint-disable-next-line no-control-regex -- removing control characters is this expression's purpose
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or attribute value. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Column letters of a 0-based index: A … Z, AA … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31);
  return clean === '' ? 'Feuille1' : clean;
}

function workbook(name: string): string {
  return (
    `${XML_HEADER}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
  );
}

/** Days since 30 December 1899, the 1900 date system's serial numbers (right from March 1900 on). */
const EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;

function cell(value: XlsxCell, reference: string, style = ''): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isFinite(time) ? `<c r="${reference}" s="2"><v>${time / DAY_MS + EPOCH_SERIAL}</v></c>` : '';
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"${style}><v>${value}</v></c>` : '';
  const text = xmlText(value.length > MAX_CELL_CHARACTERS ? value.slice(0, MAX_CELL_CHARACTERS) : value);
  return `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function row(cells: readonly XlsxCell[], rowNumber: number, style = ''): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, index) => {
    xml += cell(value, `${columnName(index)}${rowNumber}`, style);
  });
  return `${xml}</row>`;
}

/** The sheet's XML, in pieces of about PIECE_CHARACTERS, as the rows come. */
async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<string> {
  const widths = sheet.columns
    .map((column, index) => (column.width ? `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>` : ''))
    .join('');
  let piece =
    `${XML_HEADER}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    (widths ? `<cols>${widths}</cols>` : '') +
    '<sheetData>' +
    row(
      sheet.columns.map((column) => column.header),
      1,
      ' s="1"',
    );
  let rowNumber = 1;
  for await (const cells of sheet.rows) {
    rowNumber += 1;
    piece += row(cells, rowNumber);
    if (piece.length >= PIECE_CHARACTERS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}

/** The workbook's bytes (an .xlsx file), produced as they are read. */
export function xlsxStream(sheet: XlsxSheet, options: ZipOptions & { modifiedAt?: Date } = {}): AsyncGenerator<Buffer> {
  const { modifiedAt, ...zip } = options;
  return zipStream(
    [
      { name: '[Content_Types].xml', content: CONTENT_TYPES, modifiedAt },
      { name: '_rels/.rels', content: ROOT_RELS, modifiedAt },
      { name: 'xl/workbook.xml', content: workbook(sheet.name), modifiedAt },
      { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS, modifiedAt },
      { name: 'xl/styles.xml', content: STYLES, modifiedAt },
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml(sheet), modifiedAt },
    ],
    zip,
  );
}
