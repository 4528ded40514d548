import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, csvRows } from './csv.ts';

describe('CSV cells', () => {
  it('leaves plain text and numbers alone, with a decimal comma', () => {
    expect(csvCell('Boulangerie Lemoine')).toBe('Boulangerie Lemoine');
    expect(csvCell('Élodie, Hélène')).toBe('Élodie, Hélène');
    expect(csvCell(19.99)).toBe('19,99');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(19.99, { decimalSeparator: '.' })).toBe('19.99');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes cells holding the separator, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell('ligne 1\r\nligne 2')).toBe('"ligne 1\r\nligne 2"');
    expect(csvCell('a,b', { separator: ',' })).toBe('"a,b"');
    expect(csvCell('a;b', { separator: ',' })).toBe('a;b');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const formula of ['=cmd|\' /C calc\'!A0', '+33 6 12', '-2+3', '@SUM(A1:A2)', '\t=1']) {
      expect(csvCell(formula)).toBe(`'${formula}`);
    }
    // A carriage return also calls for quotes.
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
    // A number is a number, even a negative one.
    expect(csvCell(-5.5)).toBe('-5,5');
  });

  it('ends rows with CRLF and starts files with the UTF-8 byte order mark', () => {
    expect(csvRow(['Numéro', 'Statut', null, 3])).toBe('Numéro;Statut;;3\r\n');
    expect(csvRows([['a', 1.5], [null, '=1']])).toBe("a;1,5\r\n;'=1\r\n");
    expect(csvRows([])).toBe('');
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
