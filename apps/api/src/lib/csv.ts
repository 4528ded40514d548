import { stringify, type Options } from 'csv-stringify/sync';

/**
 * CSV as French spreadsheets read it: `;` between cells (the comma is the decimal separator),
 * CRLF between rows, and a UTF-8 byte order mark first so that Excel does not take the file for
 * Windows-1252. csv-stringify writes it (quoting, doubled quotes); the callers stream the rows a
 * batch at a time.
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

function stringifyOptions({ separator = ';', decimalSeparator = ',' }: CsvOptions): Options {
  return {
    delimiter: separator,
    record_delimiter: 'windows',
    // A line break of any kind inside a cell is quoted (with a record delimiter given, csv-stringify
    // otherwise quotes only that delimiter, and a lone \n or \r would end the row for a reader).
    quote_record_delimiter: true,
    // Text a spreadsheet would run as a formula (or a DDE command) starts with `=`, `+`, `-` or
    // `@`, or a tab or carriage return some readers skip: it gets a leading apostrophe, which
    // spreadsheets show as text (OWASP's advice). A negative number stays a number.
    escape_formulas: true,
    cast: { number: (value) => (Number.isFinite(value) ? String(value).replace('.', decimalSeparator) : '') },
  };
}

const DEFAULT_OPTIONS = stringifyOptions({});

/** Rows, each ended by CRLF: numbers as numbers, text neutralised and quoted when it holds the separator, a quote or a line break. */
export function csvRows(rows: readonly (readonly CsvValue[])[], options?: CsvOptions): string {
  if (rows.length === 0) return '';
  return stringify(rows as CsvValue[][], options ? stringifyOptions(options) : DEFAULT_OPTIONS);
}

/** One row, ended by CRLF. */
export function csvRow(values: readonly CsvValue[], options?: CsvOptions): string {
  return csvRows([values], options);
}

/** One cell, as it stands between separators. */
export function csvCell(value: CsvValue, options?: CsvOptions): string {
  return csvRow([value], options).slice(0, -2);
}
