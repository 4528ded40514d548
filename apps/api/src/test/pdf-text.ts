import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of the portal's PDFs as pdf.js reads it (an implementation independent of the writer),
 * for every PDF test: each reading also checks that no character was lost on the way, so that a
 * document printing "?5,00 €" for "−5,00 €", or a name with a letter gone, fails its test.
 */

/** pdf.js's metrics of the standard fonts, read from its package (for any PDF that still uses them). */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Where a character was lost: the replacement character, a control character (what a glyph
 * without its character in the text layer reads as), or a question mark that French typography
 * would never write, glued to what precedes it ("?5,00 €", "Ma?gorzata"). A real question mark
 * follows a (no-break) space.
 */
export function lostCharacters(text: string): string[] {
  const found: string[] = [];
  // Control characters are the point here: what a glyph without its character reads as.
  // eslint-disable-next-line no-control-regex
  for (const match of text.matchAll(/[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F]|(?<![\s\u00A0\u202F])\?/g)) {
    const at = match.index;
    found.push(JSON.stringify(text.slice(Math.max(0, at - 20), at + 20)));
  }
  return found;
}

/** The text items of each page, one per line drawn, after checking that none lost a character. */
async function pageItems(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[][] = [];
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      // The characters as drawn: pdf.js would otherwise turn the minus sign into a hyphen.
      const content = await (await doc.getPage(number)).getTextContent({ disableNormalization: true });
      pages.push(content.items.flatMap((item) => ('str' in item ? [item.str] : [])));
    }
  } finally {
    await doc.destroy();
  }
  const lost = pages.flatMap((items) => items.flatMap(lostCharacters));
  if (lost.length > 0) throw new Error(`characters the PDF's font could not show: ${lost.join(', ')}`);
  return pages;
}

/** The text of each page, items separated by a space, spaces collapsed. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return (await pageItems(bytes)).map((items) => items.join(' ').replace(/\s+/g, ' '));
}

/** The whole text on one line, no-break spaces made plain. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pageItems(bytes)).flat().join(' ').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
}

/** The whole text, one line per line drawn, no-break spaces made plain. */
export async function pdfLines(bytes: Uint8Array): Promise<string> {
  return (await pageItems(bytes)).flat().join('\n').replace(/\u00a0/g, ' ');
}
