import { describe, expect, it } from 'vitest';
import { bulkNumber, parseBulkCsv } from './bulk-actions.ts';

describe('bulk actions: numbers of a CSV', () => {
  it('reads a French mobile number in every usual format', () => {
    for (const written of ['06 12 34 56 78', '0612345678', '+33612345678', '+33 6 12 34 56 78', '33 6 12 34 56 78', '33612345678', '06.12.34.56.78', '0033 6 12 34 56 78']) {
      expect(bulkNumber(written), written).toBe('0612345678');
    }
    expect(bulkNumber('bonjour')).toBeNull();
    expect(bulkNumber('+44 20 7946 0958')).toBeNull();
  });

  it('takes a header or none, any separator, quoted cells, and skips empty lines', () => {
    expect(parseBulkCsv('\uFEFFNuméro;Prénom\r\n06 12 34 56 78;Anne\r\n\r\n+33 7 00 00 00 01;"Jean; Paul"\r\n')).toEqual([
      { saisi: '06 12 34 56 78', numero: '0612345678', cellules: ['Anne'] },
      { saisi: '+33 7 00 00 00 01', numero: '0700000001', cellules: ['Jean; Paul'] },
    ]);
    expect(parseBulkCsv('0612345678\n0612345679').map((row) => row.numero)).toEqual(['0612345678', '0612345679']);
    expect(parseBulkCsv('numero,nom\n0612345678,Durand')).toEqual([{ saisi: '0612345678', numero: '0612345678', cellules: ['Durand'] }]);
  });
});
