import { describe, expect, it } from 'vitest';
import { sheetCells, unzip } from '../test/support/unzip.ts';
import { columnName, xlsxStream, xmlText, type XlsxCell } from './xlsx-stream.ts';

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('xlsx helpers', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops what XML cannot carry', () => {
    expect(xmlText('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(xmlText('bip\u0007 \u0000fin\uFFFF')).toBe('bip fin');
    expect(xmlText('tab\tet\nligne')).toBe('tab\tet\nligne');
    expect(xmlText('emoji 😀 seul \uD83D')).toBe('emoji 😀 seul ');
  });
});

describe('xlsxStream', () => {
  it('writes a workbook whose sheet holds the header and every row, text as text', async () => {
    const tricky = 'Dupont; "Jo" <b>&amp;</b>\nligne 2';
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield ['=cmd|\' /C calc\'!A0', 19.99, new Date('2024-03-05T00:00:00Z'), null, tricky];
      yield ['Élodie Lefèvre 😀', -2, undefined, 'x\u0001y', ''];
      for (let index = 0; index < 3_000; index++) yield [`ligne ${index}`, index];
    }
    const archive = await collect(
      xlsxStream({
        name: 'Lignes: [export]',
        columns: [{ header: 'Texte', width: 30 }, { header: 'Nombre' }, { header: 'Date' }, { header: 'Vide' }, { header: 'Piège' }],
        rows: rows(),
      }),
    );
    const unzipped = await unzip(archive);
    try {
      expect(unzipped.names).toEqual([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ]);
      expect(unzipped.testOutput).toMatch(/No errors detected/);
      expect((await unzipped.read('[Content_Types].xml')).toString()).toContain('/xl/worksheets/sheet1.xml');
      // Characters a sheet name may not hold are replaced.
      expect((await unzipped.read('xl/workbook.xml')).toString()).toContain('<sheet name="Lignes export" sheetId="1" r:id="rId1"/>');

      const xml = (await unzipped.read('xl/worksheets/sheet1.xml')).toString('utf8');
      expect(xml).not.toContain('<f>');
      expect(xml).toContain('<col min="1" max="1" width="30" customWidth="1"/>');
      const cells = sheetCells(xml);
      expect(cells.get('A1')).toEqual({ type: 'inlineStr', value: 'Texte', style: '1' });
      expect(cells.get('E1')?.value).toBe('Piège');
      // A formula typed as text stays text (an inline string is never evaluated).
      expect(cells.get('A2')).toEqual({ type: 'inlineStr', value: '=cmd|\' /C calc\'!A0', style: null });
      expect(cells.get('B2')).toEqual({ type: 'n', value: '19.99', style: null });
      // 5 March 2024 is day 45356 of the 1900 date system, shown with the date style.
      expect(cells.get('C2')).toEqual({ type: 'n', value: '45356', style: '2' });
      expect(cells.has('D2')).toBe(false);
      expect(cells.get('E2')?.value).toBe(tricky);
      expect(cells.get('A3')?.value).toBe('Élodie Lefèvre 😀');
      expect(cells.get('B3')?.value).toBe('-2');
      expect(cells.has('C3')).toBe(false);
      expect(cells.get('D3')?.value).toBe('xy');
      expect(cells.get('E3')?.value).toBe('');
      expect(cells.get('A3003')?.value).toBe('ligne 2999');
      expect(cells.get('B3003')?.value).toBe('2999');
      expect(cells.has('A3004')).toBe(false);
    } finally {
      await unzipped.remove();
    }
  });

  it('writes a sheet with the header alone when there is no row', async () => {
    const archive = await collect(xlsxStream({ name: 'Vide', columns: [{ header: 'Numéro' }], rows: [] }));
    const unzipped = await unzip(archive);
    try {
      const cells = sheetCells((await unzipped.read('xl/worksheets/sheet1.xml')).toString('utf8'));
      expect([...cells.keys()]).toEqual(['A1']);
    } finally {
      await unzipped.remove();
    }
  });
});
