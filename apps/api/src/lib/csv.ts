/**
 * CSV as French spreadsheets read it: `;` between cells (the comma is the decimal separator),
 * CRLF between rows, and a UTF-8 byte order mark first so that Excel does not take the file for
 * Windows-1252.
 */

export const CSV_BOM = '\uFEFF';

/** A cell: text, a number, or nothing. */
export type CsvValue = string | number | null | undefined;

export interface CsvOptions {
  /** Between cells; `;` by default. */
  separator?: string;
  /** In numbers; `,` by default. */
  decimalSeparator?: string;
}

/**
 * Text a spreadsheet would run as a formula (or a DDE command): `=`, `+`, `-` and `@` start one,
 * and a tab or carriage return in front of them is skipped by some readers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe, which spreadsheets show as text (OWASP's advice). */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: numbers as numbers, text neutralised and quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvValue, { separator = ';', decimalSeparator = ',' }: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', decimalSeparator) : '';
  const text = neutraliseFormula(value);
  const quote = text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r');
  return quote ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, ended by CRLF. */
export function csvRow(values: readonly CsvValue[], options: CsvOptions = {}): string {
  const separator = options.separator ?? ';';
  return `${values.map((value) => csvCell(value, options)).join(separator)}\r\n`;
}
