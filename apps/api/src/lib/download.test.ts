import { describe, expect, it } from 'vitest';
import { asciiFileName, downloadDisposition, safeFileName } from './download.ts';

/** The name a browser saves, read back from the header as RFC 6266 says: filename* first. */
function savedName(header: string): string {
  const extended = /; filename\*=UTF-8''([^;]*)$/.exec(header)?.[1];
  if (extended !== undefined) return decodeURIComponent(extended);
  return /; filename="([^"]*)"/.exec(header)?.[1] ?? '';
}

describe('downloadDisposition', () => {
  it('keeps the short form for a plain ASCII name', () => {
    expect(downloadDisposition('facture-F2026-000123.pdf')).toBe('attachment; filename="facture-F2026-000123.pdf"');
    expect(downloadDisposition('apercu-cgv.pdf', 'inline')).toBe('inline; filename="apercu-cgv.pdf"');
  });

  it('adds the UTF-8 name beside an ASCII fallback for accents and other letters', () => {
    const header = downloadDisposition('Relevé d’identité bancaire ✓.pdf');
    expect(header).toBe(
      'attachment; filename="Releve d_identite bancaire _.pdf"; filename*=UTF-8\'\'Relev%C3%A9%20d%E2%80%99identit%C3%A9%20bancaire%20%E2%9C%93.pdf',
    );
    expect(savedName(header)).toBe('Relevé d’identité bancaire ✓.pdf');
  });

  it('percent-encodes what RFC 8187 leaves out of a value', () => {
    expect(downloadDisposition("rock'n'roll (été)*.pdf")).toBe('attachment; filename="rock\'n\'roll (ete)*.pdf"; filename*=UTF-8\'\'rock%27n%27roll%20%28%C3%A9t%C3%A9%29%2A.pdf');
  });

  it('never lets a quote, a backslash, a slash or a control character through unencoded', () => {
    for (const name of ['dit "bonjour".pdf', 'a\\b.pdf', '../../etc/passwd', 'ligne\r\nSet-Cookie: x=y.pdf', 'nul\u0000.pdf', 'c1\u0085.pdf', 'tab\t.pdf']) {
      const header = downloadDisposition(name);
      // Printable ASCII only, so no header can be split or forged, and one quoted fallback.
      expect(header).toMatch(/^attachment; filename="[^"\\]*"(?:; filename\*=UTF-8''[A-Za-z0-9%!#$&+^_`|~.*'()-]+)?$/);
      // eslint-disable-next-line no-control-regex -- no control character may reach the saved name
      expect(savedName(header)).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f]/);
    }
    expect(savedName(downloadDisposition('dit "bonjour".pdf'))).toBe('dit "bonjour".pdf');
    expect(savedName(downloadDisposition('../../etc/passwd'))).toBe('.._.._etc_passwd');
    expect(savedName(downloadDisposition('ligne\r\nSet-Cookie: x=y.pdf'))).toBe('ligneSet-Cookie: x=y.pdf');
  });

  it('names the file "document" when nothing of its name is left', () => {
    expect(downloadDisposition('')).toBe('attachment; filename="document"');
    expect(downloadDisposition('\u0000\u0007 ')).toBe('attachment; filename="document"');
    expect(downloadDisposition('..')).toBe('attachment; filename="document"');
  });
});

describe('file name parts', () => {
  it('cleans names and folds them to ASCII', () => {
    expect(safeFileName(' a/b\\c\u0001.pdf ')).toBe('a_b_c.pdf');
    expect(asciiFileName('Élodie Ærø 日本.pdf')).toBe('Elodie _r_ __.pdf');
    expect(asciiFileName('\u0301')).toBe('document');
  });
});
